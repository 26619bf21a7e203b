/**
 * A task form in the browser: the API's form document built into the engine's TaskForm, so that the
 * browser validates with exactly the code the server runs (the server's 422 stays the authority).
 * Only this module imports the engine's validation (ajv, json-logic-engine): it is reached from the
 * job-detail feature's lazily loaded form drawer, never from the jobs list.
 */

import { createCompiler, createFormAjv, factsRead, taskFormFromDocument, validateTask, type FormDocument, type TaskForm, type TaskValidation } from '../../engine/index.ts';

export type { FormDocument, TaskValidation };

/** A form document as `GET /api/forms/{form}` serves it; `constants` when the API sends them. */
export interface FormJson extends FormDocument {
  constants?: Record<string, unknown>;
}

/** A form ready to render and validate. */
export interface ClientForm {
  document: FormJson;
  task_form: TaskForm;
  /** Rules the browser cannot run (they read facts it does not have); the server still runs them. */
  server_only_rules: string[];
}

/** Facts the browser has: the job's own fields and today's date. */
const BROWSER_FACTS = /^(form|job)\.|^derived\.today$/;

let shared: { ajv: ReturnType<typeof createFormAjv>; compile: ReturnType<typeof createCompiler> } | undefined;
const built = new WeakMap<FormJson, ClientForm>();

/** Builds (once per document) the runnable form. */
export function clientForm(doc: FormJson): ClientForm {
  const hit = built.get(doc);
  if (hit) return hit;
  shared ??= { ajv: createFormAjv(), compile: createCompiler() };
  const runnable = (doc.rules ?? []).filter((r) => {
    const reads = [...factsRead(r.valid_if), ...(r.applies_if === undefined ? [] : factsRead(r.applies_if))];
    return reads.every((p) => BROWSER_FACTS.test(p) || (doc.constants !== undefined && p.startsWith('constants.')));
  });
  const form: ClientForm = {
    document: doc,
    task_form: taskFormFromDocument({ ...doc, rules: runnable }, shared.ajv, shared.compile),
    server_only_rules: (doc.rules ?? []).filter((r) => !runnable.includes(r)).map((r) => r.id),
  };
  built.set(doc, form);
  return form;
}

/** The job's fields rules may read as job.* (the engine's JOB_FACTS). */
export interface JobFacts {
  id?: number | string;
  code?: string;
  created_at?: string;
  submitted_at?: string | null;
  is_canceled?: boolean;
  is_deemed?: boolean;
  address?: string | null;
  city?: string | null;
  county?: string | null;
  state?: string | null;
  zip?: string | null;
  lat?: number | null;
  lon?: number | null;
  electric_utility?: string | null;
  gas_utility?: string | null;
}

/** Today's date in the browser's time zone, as the engine reads it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Validates a task's data with the engine, as the user types and before a submit. */
export function validateClientForm(form: ClientForm, data: unknown, job?: JobFacts, today = localToday()): TaskValidation {
  const jobFacts: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(job ?? {})) if (v !== null && v !== undefined) jobFacts[k] = k === 'id' ? String(v) : v;
  const facts = { job: jobFacts, derived: { today }, constants: form.document.constants ?? {}, tables: {}, task_status: {} };
  return validateTask(form.task_form, data, facts);
}
