/**
 * The documents a job needs signed (program.yaml `documents:`), filled from its facts: which apply, their
 * text with every {field} filled, their field table, and their signers in signing order with name and
 * address. The server generates PDFs from this; the explorer shows the same definitions. Pure.
 */

import { truthy } from './logic/evaluators.ts';
import type { SignatureStatus, SignerRole } from './api/signing.ts';
import type { DocumentDef, Program, RuleBase, TaskForm } from './types.ts';

/** Who signs, as the server knows them: parties.<role>.name / .email for the documents' rules. */
export type Parties = Partial<Record<SignerRole, { name?: string | null; email?: string | null }>>;

/** A document filled for one job. */
export interface PreparedDocument {
  id: string;
  title: string;
  task: string;
  terms: 'submit' | 'install' | null;
  fields: { label: string; value: string }[];
  sections: { heading: string | null; paragraphs: string[] }[];
  signers: { role: SignerRole; name: string; email: string | null }[];
}

/** How a value reads on a document. */
export function documentText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(documentText).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const run = (rule: RuleBase, facts: object): unknown => {
  try {
    return rule.fn(facts);
  } catch {
    return null;
  }
};

/** Fills one document for a job (or undefined when its applies_if says the job does not need it). */
export function prepareDocument(
  doc: DocumentDef,
  facts: Record<string, unknown>,
  parties: Parties,
): PreparedDocument | undefined {
  const f = { ...facts, parties };
  if (doc.applies_if && !truthy(run(doc.applies_if, f))) return undefined;
  const signers = doc.signers
    .filter((s) => !s.applies_if || truthy(run(s.applies_if, f)))
    .map((s) => {
      const name = run(s.name, f);
      const email = run(s.email, f);
      return {
        role: s.role,
        name: typeof name === 'string' && name.trim() ? name.trim() : '',
        email: typeof email === 'string' && email.trim() ? email.trim() : null,
      };
    });
  // The document's fields read its signers as they were resolved (a property manager named by a task's answer).
  const resolved: Parties = { ...parties };
  for (const s of signers)
    resolved[s.role] = { name: s.name || parties[s.role]?.name, email: s.email ?? parties[s.role]?.email };
  const g = { ...facts, parties: resolved };
  const values = new Map(doc.fields.map((x) => [x.key, documentText(run(x.value, g))]));
  const fill = (text: string) => text.replace(/\{([a-z][a-z0-9_]*)\}/g, (m, key: string) => values.get(key) ?? m);
  return {
    id: doc.id,
    title: doc.title,
    task: doc.task,
    terms: doc.terms ?? null,
    fields: doc.fields.map((x) => ({ label: x.label, value: values.get(x.key)! })),
    sections: doc.sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs.map(fill) })),
    signers,
  };
}

/** The documents of a task (or of the whole job) that the job needs, filled. */
export function documentsFor(
  program: Program,
  facts: Record<string, unknown>,
  parties: Parties,
  taskId?: string,
): PreparedDocument[] {
  const out: PreparedDocument[] = [];
  for (const d of program.documents) {
    if (taskId !== undefined && d.task !== taskId) continue;
    const p = prepareDocument(d, facts, parties);
    if (p) out.push(p);
  }
  return out;
}

/** The tasks of a program that have documents to sign. */
export function documentTasks(program: Program): Set<string> {
  return new Set(program.documents.map((d) => d.task));
}

/** Several signatures' statuses as one: failed if any failed, complete if all signed, pending if any was invited. */
export function combinedStatus(statuses: readonly SignatureStatus[]): SignatureStatus {
  if (!statuses.length) return 'not_attempted';
  if (statuses.includes('failure')) return 'failure';
  if (statuses.every((s) => s === 'success')) return 'success';
  if (statuses.some((s) => s === 'pending' || s === 'success')) return 'pending';
  return 'not_attempted';
}

/**
 * The values of a form's signature fields (form.yaml `signatures:`) from the statuses of its task's
 * signatures: each field the combined status of its role's signatures (absent when the role signs none),
 * `all` of every signature. With no documents yet, every field is not attempted.
 */
export function signatureFields(
  form: Pick<TaskForm, 'signatures'>,
  signatures: readonly { role: SignerRole; status: SignatureStatus }[],
): Record<string, SignatureStatus> {
  const out: Record<string, SignatureStatus> = {};
  for (const [field, role] of Object.entries(form.signatures ?? {})) {
    if (role === 'all') out[field] = combinedStatus(signatures.map((s) => s.status));
    else {
      const mine = signatures.filter((s) => s.role === role).map((s) => s.status);
      if (mine.length || !signatures.length) out[field] = combinedStatus(mine);
    }
  }
  return out;
}
