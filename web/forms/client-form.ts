/**
 * A task form in the browser: the API's form document built into the engine's TaskForm, so that the
 * browser validates with exactly the code the server runs (the server's 422 stays the authority).
 * Only this module imports the engine's validation: it is reached from the job-detail feature's lazily
 * loaded form drawer and the explorer's form preview, never from the jobs list.
 *
 * The page's CSP has no 'unsafe-eval', so nothing here compiles code: the form's schemas are validated
 * by the validators the server generated for it (validator-modules.ts), its rules are interpreted,
 * and its field picker is a closure. `loadClientForm` loads the validators; `clientForm` is the same,
 * synchronously, once they are loaded (before that it suspends: React shows the nearest Suspense
 * fallback and renders again when they arrive).
 */

import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
// The engine's modules themselves, not engine/index.ts: the drawer's chunks then hold no ajv compiler.
import type { TaskForm } from '../../engine/types.ts';
import { taskFormFromDocument, type FormDocument } from '../../engine/load/form-document.ts';
import { validateTask, type TaskValidation } from '../../engine/forms/validate-task.ts';
import { factsRead } from '../../engine/logic/walk.ts';
import type { JobRecord } from '../../engine/facts.ts';
import { hiddenFields, jobOnlyFacts } from '../../engine/forms/field-conditions.ts';
import { createCompiler } from '../../engine/logic/evaluators.ts';
import { closurePick } from '../../engine/forms/pick.ts';
import { precompiledSchemas } from '../../engine/forms/precompiled.ts';
import type { SchemaCompiler } from '../../engine/forms/compile-form.ts';
import { formValidatorsNow, loadFormValidators, type FormValidators } from './validator-modules.ts';

export type { FormDocument, TaskValidation };

/**
 * A form document: as `GET /api/forms/{form}` serves it (FormDocumentAnswer), or built by the explorer;
 * `job_id` when it is a job's own form (a job pinned to an earlier version: GET /api/jobs/{job}/tasks/{task}/form),
 * whose validators are that job's too.
 */
export type FormJson = FormDocument & { job_id?: number };

/** A form ready to render and validate. */
export interface ClientForm {
  document: FormJson;
  task_form: TaskForm;
  /** Rules the browser cannot run (they read facts it does not have); the server still runs them. */
  server_only_rules: string[];
  /** RJSF's validator (it decides which conditional fields show; the engine does the validating). */
  rjsf_validator: ValidatorType<unknown, RJSFSchema>;
}

/** Facts the browser has: the job's own fields and today's date. */
const BROWSER_FACTS = /^(form|job)\.|^derived\.today$/;

/** Unit tests (no server, no CSP) compile in place; the production build drops this branch. */
const inPlace = import.meta.env.MODE === 'test' ? (await import('./in-place-validators.ts')).inPlaceValidators : null;

/** Rules are interpreted (json-logic-engine's `run`): the same answers as the server's compiled rules. */
let interpreted: ReturnType<typeof createCompiler> | undefined;
const built = new WeakMap<FormJson, ClientForm>();

function build(doc: FormJson, schemas: SchemaCompiler, rjsf: ValidatorType<unknown, RJSFSchema>): ClientForm {
  interpreted ??= createCompiler('interpreted');
  const runnable = (doc.rules ?? []).filter((r) => {
    const reads = [...factsRead(r.valid_if), ...(r.applies_if === undefined ? [] : factsRead(r.applies_if))];
    return reads.every((p) => BROWSER_FACTS.test(p));
  });
  const form: ClientForm = {
    document: doc,
    task_form: taskFormFromDocument({ ...doc, rules: runnable }, schemas, interpreted, closurePick),
    server_only_rules: (doc.rules ?? []).filter((r) => !runnable.includes(r)).map((r) => r.id),
    rjsf_validator: rjsf,
  };
  built.set(doc, form);
  return form;
}

function fromGenerated(doc: FormJson, v: FormValidators): ClientForm {
  return build(
    doc,
    precompiledSchemas(v.engine, `the form '${doc.key}'`),
    createPrecompiledValidator(v.rjsf as never, doc.schema as RJSFSchema) as ValidatorType<unknown, RJSFSchema>,
  );
}

/** Builds (once per document) the runnable form, once its validators are loaded. */
export async function loadClientForm(doc: FormJson): Promise<ClientForm> {
  const hit = built.get(doc);
  if (hit) return hit;
  if (inPlace) return build(doc, inPlace().schemas, inPlace().rjsf);
  const v = await loadFormValidators(doc.key, doc.schema, doc.job_id);
  return built.get(doc) ?? fromGenerated(doc, v);
}

/**
 * Builds (once per document) the runnable form. Its validators load first: until they are, this
 * throws their promise (React Suspense), so call it while rendering, under a Suspense boundary.
 */
export function clientForm(doc: FormJson): ClientForm {
  const hit = built.get(doc);
  if (hit) return hit;
  if (inPlace) return build(doc, inPlace().schemas, inPlace().rjsf);
  const v = formValidatorsNow(doc.key, doc.schema, doc.job_id);
  if (v instanceof Promise) throw v;
  return fromGenerated(doc, v);
}

/** The job's fields rules may read as job.* (the engine's JobRecord: a row, an API answer, or part of one). */
export type JobFacts = JobRecord;

/** Today's date in the browser's time zone, as the engine reads it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Validates a task's data with the engine, as the user types and before a submit. */
export function validateClientForm(
  form: ClientForm,
  data: unknown,
  job?: JobFacts,
  today = localToday(),
): TaskValidation {
  // The engine's facts of the job, as the server builds them, without what only the server has (the program).
  return validateTask(form.task_form, data, jobOnlyFacts(job ?? {}, today));
}

/** The questions the job hides (form.yaml `shown_if`); none without a job (a preview shows every question). */
export function hiddenClientFields(form: ClientForm, job?: JobFacts, today = localToday()): string[] {
  return job ? hiddenFields(form.task_form.runtime.field_conditions, jobOnlyFacts(job, today)) : [];
}
