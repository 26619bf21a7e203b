/**
 * validateTask(form, data, facts): hidden fields dropped, the schema checked with the spec's messages,
 * the form's cross-field rules run, and warnings (geotag, CO, non-qualifying equipment) returned
 * apart from errors. The same code runs on the server and in the browser.
 */

import type { ErrorObject } from 'ajv';
import { PRODUCT_CONSTANTS } from '../constants.ts';
import type { Facts } from '../facts.ts';
import { truthy } from '../logic/evaluators.ts';
import { CUSTOM_OPERATIONS } from '../logic/operations.ts';
import type { Program, TaskForm } from '../types.ts';
import { checkTaskRules } from '../task-rules.ts';
import { defaultMessage, OUR_MESSAGES } from './messages.ts';

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

/** Drops fields hidden by a condition, unknown fields and empty answers (hidden means absent). */
export function pruneTaskData(form: TaskForm, data: unknown): Record<string, unknown> {
  const source = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const rt = form.runtime;
  let current: Record<string, unknown> = {};
  for (const k in source) if (!isEmpty(source[k])) current[k] = source[k];
  // A shown field can reveal another: repeat until nothing changes.
  for (let pass = 0; pass < 4; pass++) {
    const visible = new Set(rt.base_fields);
    for (const c of rt.conditionals) for (const f of c.test()(current) ? c.then_fields : c.else_fields) visible.add(f);
    const next: Record<string, unknown> = {};
    for (const k in source) if (visible.has(k) && !isEmpty(source[k])) next[k] = source[k];
    const stable = Object.keys(next).length === Object.keys(current).length && Object.keys(next).every((k) => k in current);
    current = next;
    if (stable) break;
  }
  return current;
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
function geotagWarnings(data: unknown, facts: Facts | undefined, at: string, out: FieldMessage[]) {
  if (!data || typeof data !== 'object') return;
  const site = facts?.job;
  if (!site || typeof site.lat !== 'number' || typeof site.lon !== 'number') return;
  if (Array.isArray(data)) {
    data.forEach((item, i) => geotagWarnings(item, facts, at ? `${at}.${i}` : String(i), out));
    return;
  }
  const d = data as Record<string, unknown>;
  if (typeof d.id === 'string' && typeof d.lat === 'number' && typeof d.lon === 'number') {
    const limit = Number(facts?.constants?.geotag_limit_miles ?? PRODUCT_CONSTANTS.geotag_limit_miles);
    const miles = CUSTOM_OPERATIONS.miles_between(d.lat, d.lon, site.lat, site.lon);
    if (miles !== null && miles > limit) out.push({ path: at, message: OUR_MESSAGES.geotag });
    return;
  }
  for (const k in d) geotagWarnings(d[k], facts, at ? `${at}.${k}` : k, out);
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
  const pruned = pruneTaskData(form, data);
  const errors: FieldMessage[] = [];
  const warnings: FieldMessage[] = [];
  const validate = form.runtime.validator();
  if (!validate(pruned)) {
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
      errors.push(messageFor(form, pathOf(e), e));
    }
  }
  const context = { ...(facts ?? {}), form: pruned };
  for (const r of form.runtime.rules) {
    if (r.applies_if && !truthy(r.applies_if(context))) continue;
    if (truthy(r.valid_if(context))) continue;
    (r.severity === 'warning' ? warnings : errors).push({ path: r.field ?? '', message: r.message });
  }
  geotagWarnings(pruned, facts, '', warnings);
  const errs = dedupe(errors);
  return { ok: errs.length === 0, errors: errs, warnings: dedupe(warnings), data: pruned };
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
