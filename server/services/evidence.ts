/**
 * Evidence is real: every upload field of a task's data must name attachments stored for this job, uploaded for this
 * task and field (or for a task and field the form says it may reuse: form.yaml `reuse_uploads:`), not deleted, of a
 * kind the field's widget accepts. Task data keeps only references
 * ({ id, name, ... }); what a client sends for one is never believed: a reference that passes is replaced by the
 * stored attachment's own (name, type, size, where and when a photo was taken), one that does not is refused on submit
 * (422 under the field, with the form's message for it) and dropped from a draft (the answer says which and why).
 */

import type { FieldMessage, Program, TaskForm } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { getAttachment, type AttachmentRow } from '../db/attachments.db.ts';
import type { JobRow } from '../db/jobs.db.ts';

/** Why a reference was refused or dropped. */
export const EVIDENCE_MESSAGES = {
  gone: 'Attachment is no longer available.',
  not_stored: 'This file was not uploaded for this field of this job. Please upload it here.',
  wrong_kind: 'This file is not of a kind this field takes. Please upload it again.',
} as const;

/** The upload fields of a form, each with the content types its widget accepts (task-schemas/_shared `uploads:`). */
export function uploadFieldsOf(form: TaskForm, uploads: Deps['defs']['uploads']): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [field, spec] of Object.entries(form.ui_schema ?? {})) {
    const widget = (spec as Record<string, unknown> | undefined)?.['ui:widget'];
    if (typeof widget !== 'string' || !Object.hasOwn(uploads, widget)) continue;
    out.set(field, new Set(Object.values(uploads[widget].accept).flat()));
  }
  return out;
}

/**
 * Where a field's files may come from, as (task id, field) keys: its own task and field, and each task of the program
 * whose form the field may reuse from (`reuse_uploads:`), at the field it names.
 */
export function uploadOrigins(
  program: Pick<Program, 'tasks'>,
  form: TaskForm,
  taskId: string,
  field: string,
): Set<string> {
  const out = new Set([`${taskId}\u0000${field}`]);
  for (const src of form.reuse_uploads?.[field] ?? [])
    for (const t of program.tasks) if (t.form === src.form) out.add(`${t.id}\u0000${src.field}`);
  return out;
}

const isRef = (v: unknown): v is { id: string } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string';

/** The reference task data keeps for a stored attachment (the server's own values, never the client's). */
function referenceOf(a: AttachmentRow) {
  return {
    id: a.id,
    name: a.name,
    content_type: a.content_type,
    size_bytes: a.size_bytes,
    ...(a.lat !== null && a.lon !== null ? { lat: a.lat, lon: a.lon } : {}),
    ...(a.taken_at ? { taken_at: a.taken_at } : {}),
  };
}

/**
 * Checks the upload references of a task's data: answers the data with every good reference made the stored one and
 * every bad one left out, and a message for each bad one (path: the field, or field.index in a list). Values that are
 * not references (a string, a number) are left for the form's schema to refuse.
 */
export async function checkEvidence(
  deps: Deps,
  job: Pick<JobRow, 'id'>,
  program: Pick<Program, 'tasks'>,
  taskId: string,
  form: TaskForm,
  data: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; problems: FieldMessage[] }> {
  const fields = uploadFieldsOf(form, deps.defs.uploads);
  const out = { ...data };
  const problems: FieldMessage[] = [];
  for (const [field, accepts] of fields) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    const many = Array.isArray(value);
    const kept: unknown[] = [];
    const origins = uploadOrigins(program, form, taskId, field);
    for (const [i, ref] of (many ? value : [value]).entries()) {
      if (!isRef(ref)) {
        kept.push(ref);
        continue;
      }
      const a = ref.id.length <= 100 ? await getAttachment(deps.db, ref.id) : undefined;
      const why =
        !a || a.job_id !== job.id || !origins.has(`${a.task_id}\u0000${a.field}`)
          ? (form.messages?.[field] ?? EVIDENCE_MESSAGES.not_stored)
          : a.deleted_at
            ? EVIDENCE_MESSAGES.gone
            : !accepts.has(a.content_type)
              ? EVIDENCE_MESSAGES.wrong_kind
              : null;
      if (why) problems.push({ path: many ? `${field}.${i}` : field, message: why });
      else kept.push(referenceOf(a!));
    }
    if (many) out[field] = kept;
    else if (kept.length) out[field] = kept[0];
    else delete out[field];
  }
  return { data: out, problems };
}
