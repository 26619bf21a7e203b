/**
 * validateTask(form, data, facts): hidden fields dropped, the schema checked with the spec's messages,
 * the form's cross-field rules run, and warnings (geotag, CO, non-qualifying equipment) returned
 * apart from errors. The same code runs on the server and in the browser.
 */

import type { ErrorObject, ValidateFunction } from 'ajv';
import { PRODUCT_CONSTANTS } from '../constants.ts';
import type { Facts } from '../facts.ts';
import { truthy } from '../logic/evaluators.ts';
import { CUSTOM_OPERATIONS } from '../logic/operations.ts';
import type { Program, TaskForm } from '../types.ts';
import { checkTaskRules } from '../task-rules.ts';
import { defaultMessage, OUR_MESSAGES } from './messages.ts';
import type { FormRuntime } from './compile-form.ts';

/** A message under a field; `path` is dotted (`units.0.model`), '' for the whole form. */
export interface FieldMessage {
  path: string;
  message: string;
}

/** The outcome of validating a task's data. */
export interface TaskValidation {
  ok: boolean;
  errors: FieldMessage[];
  warnings: FieldMessage[];
  /** The data as it is saved: hidden fields and empty answers dropped. */
  data: Record<string, unknown>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Whether a field is shown, given the branch (1 then, 2 else) each conditional group took. */
function isVisible(owners: FormRuntime['owners'], branch: Uint8Array, f: string): boolean {
  const o = owners.get(f);
  if (o === undefined) return false;
  if (o === null) return true;
  for (let k = 0; k < o.length; k++) if (branch[o[k][0]] === (o[k][1] === 'then' ? 1 : 2)) return true;
  return false;
}

/** Decides each conditional group's branch and keeps the fields that are shown and answered. */
function prune(form: TaskForm, data: unknown): { data: Record<string, unknown>; branch: Uint8Array } {
  const source = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const rt = form.runtime;
  const branch = new Uint8Array(rt.conditionals.length);
  // A group's `if` holds only when every field it tests is shown and answered (they are all required).
  for (let i = 0; i < rt.conditionals.length; i++) {
    const c = rt.conditionals[i];
    let holds = true;
    for (let k = 0; k < c.tests.length && holds; k++) holds = isVisible(rt.owners, branch, c.tests[k]) && !isEmpty(source[c.tests[k]]);
    branch[i] = holds && c.test()(source) ? 1 : 2;
  }
  const out: Record<string, unknown> = {};
  for (const k in source) if (!isEmpty(source[k]) && isVisible(rt.owners, branch, k)) out[k] = source[k];
  return { data: out, branch };
}

/** Drops fields hidden by a condition, unknown fields and empty answers (hidden means absent). */
export function pruneTaskData(form: TaskForm, data: unknown): Record<string, unknown> {
  return prune(form, data).data;
}

function pathOf(e: ErrorObject): string {
  const base = e.instancePath ? e.instancePath.slice(1).split('/').join('.') : '';
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

/**
 * The form's own message for an error, by `path.keyword` then `path` (array indices as `*`), looked up
 * on the path and then its ancestors: an error inside an upload's reference shows under the upload field.
 * Returns the path the message belongs under.
 */
function messageFor(form: TaskForm, path: string, e: ErrorObject): FieldMessage {
  const messages = form.messages ?? {};
  const parts = path ? path.split('.') : [];
  for (let n = parts.length; n > 0; n--) {
    const at = parts.slice(0, n).join('.');
    const generic = at.replace(/\.\d+(?=\.|$)/g, '.*');
    const own = n === parts.length ? (messages[`${at}.${e.keyword}`] ?? messages[`${generic}.${e.keyword}`]) : undefined;
    const found = own ?? messages[at] ?? messages[generic];
    if (found !== undefined) return { path: at, message: found };
  }
  return { path, message: defaultMessage(e.keyword, e.params as Record<string, unknown>, e.schema) };
}

/** Attachments with a location farther than the limit from the job site. */
function geotagWarnings(data: unknown, site: { lat: number; lon: number }, limit: number, at: string, out: FieldMessage[]) {
  if (!data || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) geotagWarnings(data[i], site, limit, `${at}.${i}`, out);
    return;
  }
  const d = data as Record<string, unknown>;
  if (typeof d.id === 'string' && typeof d.lat === 'number' && typeof d.lon === 'number') {
    const miles = CUSTOM_OPERATIONS.miles_between(d.lat, d.lon, site.lat, site.lon);
    if (miles !== null && miles > limit) out.push({ path: at, message: OUR_MESSAGES.geotag });
    return;
  }
  for (const k in d) geotagWarnings(d[k], site, limit, `${at}.${k}`, out);
}

/** Runs one validator and maps its errors to messages. */
function collectErrors(form: TaskForm, validate: ValidateFunction, data: Record<string, unknown>, errors: FieldMessage[]): void {
  if (validate(data)) return;
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    errors.push(messageFor(form, pathOf(e), e));
  }
}

function dedupe(list: FieldMessage[]): FieldMessage[] {
  const seen = new Set<string>();
  return list.filter((m) => {
    const key = `${m.path}\u0000${m.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Validates a task's data against its form (schema, messages, cross-field rules, warnings). */
export function validateTask(form: TaskForm, data: unknown, facts?: Facts): TaskValidation {
  const { data: pruned, branch } = prune(form, data);
  const errors: FieldMessage[] = [];
  const warnings: FieldMessage[] = [];
  // The base schema, then only the branch each conditional group took (its `if` was decided while hiding).
  collectErrors(form, form.runtime.base_validator(), pruned, errors);
  const conds = form.runtime.conditionals;
  for (let i = 0; i < conds.length; i++) {
    const v = branch[i] === 1 ? conds[i].then_validator : conds[i].else_validator;
    if (v) collectErrors(form, v(), pruned, errors);
  }
  if (form.runtime.rules.length) {
    const context = { job: facts?.job, derived: facts?.derived, constants: facts?.constants, form: pruned };
    for (const r of form.runtime.rules) {
      try {
        if (r.applies_if && !truthy(r.applies_if(context))) continue;
        if (truthy(r.valid_if(context))) continue;
      } catch {
        // A rule that cannot be evaluated on this data (a type the schema already refuses) decides nothing.
        continue;
      }
      (r.severity === 'warning' ? warnings : errors).push({ path: r.field ?? '', message: r.message });
    }
  }
  const site = facts?.job;
  if (form.runtime.attachment_fields.length && site && typeof site.lat === 'number' && typeof site.lon === 'number') {
    const limit = Number(facts?.constants?.geotag_limit_miles ?? PRODUCT_CONSTANTS.geotag_limit_miles);
    for (const f of form.runtime.attachment_fields) geotagWarnings(pruned[f], site as { lat: number; lon: number }, limit, f, warnings);
  }
  const errs = errors.length > 1 ? dedupe(errors) : errors;
  return { ok: errs.length === 0, errors: errs, warnings: warnings.length > 1 ? dedupe(warnings) : warnings, data: pruned };
}

/**
 * Validates a submission of one task of a program: the form, then the program's own rules on that
 * task with the new data in place.
 */
export function validateTaskSubmission(program: Program, form: TaskForm, taskId: string, data: unknown, facts: Facts): TaskValidation {
  const result = validateTask(form, data, facts);
  const withData = { ...facts, [taskId]: result.data } as Facts;
  const program_rules = checkTaskRules(program, withData, taskId);
  const errors = dedupe([...result.errors, ...program_rules.errors.map((m) => ({ path: m.path, message: m.message }))]);
  const warnings = dedupe([...result.warnings, ...program_rules.warnings.map((m) => ({ path: m.path, message: m.message }))]);
  return { ok: errors.length === 0, errors, warnings, data: result.data };
}
