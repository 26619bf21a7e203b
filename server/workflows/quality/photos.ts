/**
 * Photos of a review's checklists (issue 43): the inspector takes them on a phone at the home and they are uploaded for
 * the checklist's field, stored as any job's file (checked for kind and content, time and place read from the file)
 * under the upload target `quality/<review>/<form>`, so a checklist's answers can name only photos uploaded for it
 * (server/services/evidence.ts). What a photo's file says is compared with the job: taken far from the site, before the
 * installation was completed (program.yaml `quality.installed_on`), or with no time or place: warnings, shown at once
 * and recorded with the outcome. Ops and the job's contractor see them with the job's files (a homeowner does not:
 * the target is no homeowner task); the inspector reads them back through the inspection.
 */

import { photoWarnings } from '../../../engine/quality-checklist.ts';
import type { FieldMessage, TaskForm } from '../../../engine/index.ts';
import type { AuthUser, Deps } from '../../context.ts';
import { getAttachment } from '../../db/attachments.db.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { notFound, validationError } from '../../errors.ts';
import {
  ATTACHMENT_MESSAGES,
  geotagWarnings,
  reference,
  storeUpload,
  type AttachmentReference,
} from '../../services/attachments.service.ts';
import { CHECKLIST_MESSAGES, checklistsOfJob, checklistTarget } from './checklists.ts';

/** A photo for a checklist's field, as the route read it. */
export interface ChecklistUpload {
  form: string;
  field: string;
  filename: string;
  bytes: Buffer;
}

/** The kinds an upload field of a checklist takes (its widget's, task-schemas/_shared `uploads:`), or 422. */
function acceptOf(deps: Deps, form: TaskForm, field: string): Record<string, readonly string[]> {
  const ui = form.ui_schema && Object.hasOwn(form.ui_schema, field) ? form.ui_schema[field] : undefined;
  const widget = (ui as Record<string, unknown> | undefined)?.['ui:widget'];
  if (typeof widget !== 'string' || !Object.hasOwn(deps.defs.uploads, widget))
    throw validationError([{ path: 'field', message: ATTACHMENT_MESSAGES.not_upload }]);
  return deps.defs.uploads[widget].accept;
}

/** What a stored photo's file says against the job (messages under the field). */
export function photoWarningsOf(
  job: JobRow,
  form: TaskForm,
  field: string,
  row: Parameters<typeof geotagWarnings>[1],
  installedOn: unknown,
): FieldMessage[] {
  return [...geotagWarnings(job, row), ...photoWarnings(form, { [field]: reference(row) }, installedOn)];
}

/** Stores a photo for a checklist of the job's review (the caller may record it); answers it and its warnings. */
export async function uploadChecklistPhoto(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  reviewId: string,
  u: ChecklistUpload,
): Promise<AttachmentReference & { warnings: FieldMessage[] }> {
  const { forms, installedOn } = await checklistsOfJob(deps, job, reviewId);
  const form = forms.find((f) => f.key === u.form);
  if (!form) throw validationError([{ path: 'form', message: CHECKLIST_MESSAGES.unknown }]);
  const accept = acceptOf(deps, form, u.field);
  const row = await storeUpload(
    deps,
    user,
    job,
    { task_id: checklistTarget(reviewId, form.key), field: u.field, filename: u.filename, bytes: u.bytes },
    accept,
  );
  return { ...reference(row), warnings: photoWarningsOf(job, form, u.field, row, installedOn) };
}

/** A photo of the review's checklists, for whoever may read the inspection (404 for anything else). */
export async function checklistPhoto(
  deps: Deps,
  job: JobRow,
  reviewId: string,
  attachmentId: string,
): Promise<{ name: string; content_type: string; bytes: Buffer }> {
  const a = attachmentId.length <= 100 ? await getAttachment(deps.db, attachmentId) : undefined;
  if (!a || a.job_id !== job.id || a.deleted_at || !a.task_id.startsWith(checklistTarget(reviewId, '')))
    throw notFound(ATTACHMENT_MESSAGES.gone);
  const bytes = await deps.adapters.files.get(a.stored_name);
  if (!bytes) throw notFound(ATTACHMENT_MESSAGES.gone);
  return { name: a.name, content_type: a.content_type, bytes };
}
