/**
 * The documents a program generates and has signed, as loaded (program.yaml `documents:`, their templates in
 * _shared/documents.yaml): engine/load/build-documents.ts builds them. Re-exported by engine/types.ts.
 */

import type { SignerRole } from './api/signing.ts';
import type { RuleBase, SourceRange } from './types-base.ts';

/** A field a document fills from the job: printed in its table and usable in its text as {key}. */
export interface DocumentField {
  key: string;
  label: string;
  value: RuleBase;
}

/** One signer of a document, in signing order. */
export interface DocumentSignerDef {
  role: SignerRole;
  applies_if?: RuleBase;
  /** The signer's name and address (default: parties.<role>.name / .email). */
  name: RuleBase;
  email: RuleBase;
}

/** A document a program generates and has signed (program.yaml `documents:`, its template from _shared/documents.yaml).
 * */
export interface DocumentDef {
  id: string;
  template: string;
  title: string;
  /** The task whose form collects its signatures. */
  task: string;
  /** Signers accept the current terms and conditions with it (recorded on the job). */
  terms?: 'submit' | 'install';
  applies_if?: RuleBase;
  signers: DocumentSignerDef[];
  fields: DocumentField[];
  sections: { heading: string | null; paragraphs: string[] }[];
  source: SourceRange;
}
