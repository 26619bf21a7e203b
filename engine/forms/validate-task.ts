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
import { hiddenFields } from './field-conditions.ts';
import { defaultMessage, errorPath, OUR_MESSAGES } from './messages.ts';

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

/**
 * Whether a field is shown, given the branch (1 then, 2 else) each conditional group took. `owners` is
 * null for an always-shown field, else pairs [group, branch] flattened; an empty array never shows.
 */
function shown(owners: Int32Array | null, branch: Uint8Array): boolean {
  if (owners === null) return true;
  for (let k = 0; k < owners.length; k += 2) if (branch[owners[k]] === owners[k + 1]) return true;
  return false;
}

/** Decides each conditional group's branch and keeps the fields that are shown and answered. */
function prune(form: TaskForm, data: unknown): { data: Record<string, unknown>; branch: Uint8Array } {
  const source = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const rt = form.runtime;
  const conds = rt.conditionals;
  const branch = new Uint8Array(conds.length);
  // A group's `if` holds only when every field it tests is shown and answered (they are all required).
  for (let i = 0; i < conds.length; i++) {
    const tests = conds[i].tests;
    const owners = rt.test_owners[i];
    let holds = true;
    for (let k = 0; k < tests.length && holds; k++) holds = shown(owners[k], branch) && !isEmpty(source[tests[k]]);
    branch[i] = holds && conds[i].test()(source) ? 1 : 2;
  }
  // Only the form's own fields are copied: unknown keys and empty answers are dropped too.
  const out = rt.pick_shown(source, branch);
  return { data: out, branch };
}

/** The data without the named top-level fields. */
function withoutFields(data: unknown, fields: string[]): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const out = { ...(data as Record<string, unknown>) };
  for (const f of fields) delete out[f];
  return out;
}

/**
 * Drops fields hidden by a condition (and, given the job's facts, by the job: shown_if), unknown fields
 * and empty answers (hidden means absent).
 */
export function pruneTaskData(form: TaskForm, data: unknown, facts?: Facts): Record<string, unknown> {
  const hidden = hiddenFields(form.runtime.field_conditions, facts);
  return prune(form, hidden.length ? withoutFields(data, hidden) : data).data;
}

/**
 * The form's own message for an error, by `path.keyword` then `path` (array indices as `*`), looked up
 * on the path and then its ancestors: an error inside an upload's reference shows under the upload field.
 * Returns the path the message belongs under.
 */
function messageFor(form: TaskForm, e: ErrorObject): FieldMessage {
  // The lookup depends only on where the error is and its keyword: remembered per form, it costs one
  // Map read instead of path splitting and several lookups.
  const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : '';
  const key = `${e.instancePath}\u0000${e.keyword}\u0000${missing}`;
  const cache = form.runtime.message_cache;
  let found = cache.get(key);
  if (found === undefined) {
    const path = errorPath(e);
    found = formMessage(form.messages ?? {}, path, e.keyword) ?? { path, message: null };
    cache.set(key, found);
  }
  return {
    path: found.path,
    message: found.message ?? defaultMessage(e.keyword, e.params as Record<string, unknown>, e.schema),
  };
}

function formMessage(messages: Record<string, string>, path: string, keyword: string): FieldMessage | null {
  const parts = path ? path.split('.') : [];
  for (let n = parts.length; n > 0; n--) {
    const at = parts.slice(0, n).join('.');
    const generic = at.replace(/\.\d+(?=\.|$)/g, '.*');
    const own = n === parts.length ? (messages[`${at}.${keyword}`] ?? messages[`${generic}.${keyword}`]) : undefined;
    const found = own ?? messages[at] ?? messages[generic];
    if (found !== undefined) return { path: at, message: found };
  }
  return null;
}

/** Attachments with a location farther than the limit from the job site; paths are built only for a hit. */
function geotagWarnings(
  data: unknown,
  site: { lat: number; lon: number },
  limit: number,
  at: () => string,
  out: FieldMessage[],
) {
  if (!data || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) geotagWarnings(data[i], site, limit, () => `${at()}.${i}`, out);
    return;
  }
  const d = data as Record<string, unknown>;
  if (typeof d.id === 'string' && typeof d.lat === 'number' && typeof d.lon === 'number') {
    const miles = CUSTOM_OPERATIONS.miles_between(d.lat, d.lon, site.lat, site.lon);
    if (miles !== null && miles > limit) out.push({ path: at(), message: OUR_MESSAGES.geotag });
    return;
  }
  for (const k in d) if (d[k] && typeof d[k] === 'object') geotagWarnings(d[k], site, limit, () => `${at()}.${k}`, out);
}

/** Runs one validator and maps its errors to messages. */
function collectErrors(
  form: TaskForm,
  validate: ValidateFunction,
  data: Record<string, unknown>,
  errors: FieldMessage[],
): void {
  if (validate(data)) return;
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    errors.push(messageFor(form, e));
  }
}

function dedupe(list: FieldMessage[]): FieldMessage[] {
  // Lists are short (a form's errors): comparing pairs beats building a Set of joined strings.
  const out: FieldMessage[] = [];
  outer: for (let i = 0; i < list.length; i++) {
    for (let j = 0; j < out.length; j++)
      if (out[j].path === list[i].path && out[j].message === list[i].message) continue outer;
    out.push(list[i]);
  }
  return out;
}

/** Validates a task's data against its form (schema, messages, cross-field rules, warnings). */
export function validateTask(form: TaskForm, data: unknown, facts?: Facts): TaskValidation {
  // Questions the job hides (shown_if) are treated as unanswered and not asked: dropped, never required.
  const hidden = hiddenFields(form.runtime.field_conditions, facts);
  const { data: pruned, branch } = prune(form, hidden.length ? withoutFields(data, hidden) : data);
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
    for (const f of form.runtime.attachment_fields)
      geotagWarnings(pruned[f], site as { lat: number; lon: number }, limit, () => f, warnings);
  }
  const asked = hidden.length ? errors.filter((e) => !hidden.includes(e.path.split('.')[0])) : errors;
  const errs = asked.length > 1 ? dedupe(asked) : asked;
  return {
    ok: errs.length === 0,
    errors: errs,
    warnings: warnings.length > 1 ? dedupe(warnings) : warnings,
    data: pruned,
  };
}

/**
 * Validates a submission of one task of a program: the form, then the program's own rules on that
 * task with the new data in place.
 */
export function validateTaskSubmission(
  program: Program,
  form: TaskForm,
  taskId: string,
  data: unknown,
  facts: Facts,
): TaskValidation {
  const result = validateTask(form, data, facts);
  const withData = { ...facts, [taskId]: result.data } as Facts;
  const program_rules = checkTaskRules(program, withData, taskId);
  const errors = dedupe([...result.errors, ...program_rules.errors.map((m) => ({ path: m.path, message: m.message }))]);
  const warnings = dedupe([
    ...result.warnings,
    ...program_rules.warnings.map((m) => ({ path: m.path, message: m.message })),
  ]);
  return { ok: errors.length === 0, errors, warnings, data: result.data };
}
