/**
 * A form's fields that come from energy usage collection (form.yaml `usage_fields:` and `usage_prefill:`),
 * filled from the job's usage facts: usage_fields always (whatever a client sent), usage_prefill only
 * while the task holds no value for the field.
 */

import type { TaskForm } from '../../../engine/index.ts';

/** The job's usage facts (jobs.usage_facts), or none. */
export function usageFactsOf(job: { usage_facts?: string | null }): Record<string, unknown> {
  return job.usage_facts ? (JSON.parse(job.usage_facts) as Record<string, unknown>) : {};
}

/** `data` with the form's usage_fields set from the facts (a fact not known yet clears its field). */
export function usageTaskData(
  fields: TaskForm['usage_fields'],
  usage: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  if (!fields) return data;
  const out = { ...data };
  for (const [field, fact] of Object.entries(fields)) {
    if (usage[fact] === undefined || usage[fact] === null) delete out[field];
    else out[field] = usage[fact];
  }
  return out;
}

/** A task's data as read: prefilled where empty, usage_fields the facts'. Null stays null when nothing applies. */
export function withUsage(
  form: TaskForm | undefined,
  data: Record<string, unknown> | null,
  usage: Record<string, unknown>,
): Record<string, unknown> | null {
  if (!form || (!form.usage_fields && !form.usage_prefill)) return data;
  const out: Record<string, unknown> = { ...(data ?? {}) };
  for (const [field, fact] of Object.entries(form.usage_prefill ?? {})) {
    if ((out[field] === undefined || out[field] === null) && usage[fact] !== undefined && usage[fact] !== null)
      out[field] = usage[fact];
  }
  const filled = usageTaskData(form.usage_fields, usage, out);
  return data === null && !Object.keys(filled).length ? null : filled;
}
