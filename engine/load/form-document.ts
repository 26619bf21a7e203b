/** A form as the server serves it (`GET /api/forms/{form}`), and the runnable form a client builds from it. */

import { buildFormRuntime, formFields, type FormRuleDocument, type SchemaCompiler } from '../forms/compile-form.ts';
import type { PickBuilder } from '../forms/pick.ts';
import type { CompiledRule } from '../logic/evaluators.ts';
import type { Logic } from '../logic/walk.ts';
import type { TaskForm } from '../types.ts';

export type { FormRuleDocument };

/**
 * A form as data, already checked: its schema self-contained (shared definitions merged into its
 * `definitions`), as `GET /api/forms/{form}` serves it.
 */
export type FormDocument = Pick<
  TaskForm,
  | 'key'
  | 'title'
  | 'description'
  | 'section'
  | 'produces_documents'
  | 'signatures'
  | 'esigned_answers'
  | 'attestation'
  | 'portal_screen'
  | 'terms_fields'
  | 'usage_fields'
  | 'usage_prefill'
  | 'reuse_uploads'
  | 'schema'
  | 'ui_schema'
  | 'messages'
  | 'shown_if'
> & { rules?: FormRuleDocument[] };

/**
 * Builds a runnable TaskForm from a form document, so that a client (the browser) validates with the
 * same code as the server. The document is trusted (the server checked it at load), so no diagnostics;
 * validators compile on first use. Pass one `ajv` and one `compile` to share them across forms; in a
 * page without eval, pass precompiled validators, an interpreted `compile` and `closurePick`.
 */
export function taskFormFromDocument(
  doc: FormDocument,
  ajv: SchemaCompiler,
  compile: (logic: Logic) => CompiledRule,
  pick?: PickBuilder,
): TaskForm {
  const schema = doc.schema.definitions ? doc.schema : { ...doc.schema, definitions: {} };
  return {
    key: doc.key,
    title: doc.title,
    description: doc.description,
    section: doc.section,
    produces_documents: doc.produces_documents,
    usage_fields: doc.usage_fields,
    usage_prefill: doc.usage_prefill,
    reuse_uploads: doc.reuse_uploads,
    signatures: doc.signatures,
    esigned_answers: doc.esigned_answers,
    attestation: doc.attestation,
    portal_screen: doc.portal_screen,
    terms_fields: doc.terms_fields,
    schema,
    ui_schema: doc.ui_schema,
    messages: doc.messages,
    shown_if: doc.shown_if,
    file: `form:${doc.key}`,
    fields: formFields(schema),
    runtime: buildFormRuntime(schema, doc.rules ?? [], ajv, compile, pick, doc.shown_if),
  };
}
