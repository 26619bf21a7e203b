/**
 * Attachments: a file for a task form's upload field. The allowed extensions come from the form (a
 * photo_upload field takes photos, a pdf_upload field PDFs), the content is checked by its magic bytes,
 * photos give their EXIF location and time, and a photo farther than the geotag limit from the job site
 * gets the warning. Bytes are stored under generated names; the task data keeps only the reference.
 */

import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import exifr from 'exifr';
import { CUSTOM_OPERATIONS, OUR_MESSAGES, PRODUCT_CONSTANTS } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { ApiError, forbidden, notFound, validationError } from '../errors.ts';
import type { JobRow } from '../db/jobs.db.ts';
import * as db from '../db/attachments.db.ts';
import { addHistory } from '../db/history.db.ts';
import { canSeeJob } from './access.ts';
import { getJob } from '../db/jobs.db.ts';

/** Extensions and content types each upload widget takes. */
export const UPLOAD_KINDS: Record<string, { extensions: string[]; mimes: string[] }> = {
  photo_upload: { extensions: ['jpg', 'jpeg', 'png', 'heic', 'heif'], mimes: ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] },
  pdf_upload: { extensions: ['pdf'], mimes: ['application/pdf'] },
};

/** The spec's and our attachment messages. */
export const ATTACHMENT_MESSAGES = {
  gone: 'Attachment is no longer available.',
  mismatch: 'The file content does not match its extension.',
  no_file: 'Please choose a file to upload.',
  not_upload: 'This field does not take uploads.',
  extension: (allowed: string[]) => `File extension is not allowed. Allowed extensions are: ${allowed.join(', ')}`,
  too_large: (bytes: number) => `File is too large. The limit is ${Math.round(bytes / 1024 / 1024)} MB.`,
} as const;

/** The upload kind of a task's field, from its form's UI schema. */
function kindOf(deps: Deps, job: JobRow, taskId: string, field: string) {
  const task = deps.defs.programs[job.program_id]?.tasks.find((t) => t.id === taskId);
  if (!task) throw notFound('Task not found');
  const widget = (deps.defs.forms[task.form]?.ui_schema?.[field] as Record<string, unknown> | undefined)?.['ui:widget'];
  const kind = typeof widget === 'string' ? UPLOAD_KINDS[widget] : undefined;
  if (!kind) throw validationError([{ path: 'field', message: ATTACHMENT_MESSAGES.not_upload }]);
  return kind;
}

/** A file as received. */
export interface Upload {
  task_id: string;
  field: string;
  filename: string;
  bytes: Buffer;
}

const safeName = (name: string) => name.replace(/[^\w.\- ()]+/g, '_').slice(-255) || 'file';

/** Who may upload to a job: ops, the job's company, the job's homeowner. */
function canUpload(user: AuthUser, job: JobRow) {
  return canSeeJob(user, job);
}

/** Checks and stores an upload; answers the attachment reference and its warnings. */
export async function upload(deps: Deps, user: AuthUser, job: JobRow, u: Upload) {
  if (!canUpload(user, job)) throw notFound('Job not found');
  const kind = kindOf(deps, job, u.task_id, u.field);
  const ext = (u.filename.split('.').pop() ?? '').toLowerCase();
  if (!u.filename.includes('.') || !kind.extensions.includes(ext)) throw validationError([{ path: 'file', message: ATTACHMENT_MESSAGES.extension(kind.extensions) }]);
  const type = await fileTypeFromBuffer(u.bytes);
  if (!type || !kind.mimes.includes(type.mime)) throw validationError([{ path: 'file', message: ATTACHMENT_MESSAGES.mismatch }]);
  let lat: number | null = null;
  let lon: number | null = null;
  let taken_at: string | null = null;
  if (type.mime.startsWith('image/')) {
    const exif = await exifr.parse(u.bytes, { gps: true, tiff: true, exif: true, xmp: false, icc: false, iptc: false, jfif: false }).catch(() => undefined);
    if (exif && typeof exif.latitude === 'number' && typeof exif.longitude === 'number') {
      lat = exif.latitude;
      lon = exif.longitude;
    }
    if (exif?.DateTimeOriginal instanceof Date && !Number.isNaN(exif.DateTimeOriginal.getTime())) taken_at = exif.DateTimeOriginal.toISOString();
  }
  const stored_name = deps.adapters.files.put(u.bytes);
  const id = `att_${randomBytes(12).toString('hex')}`;
  const now = deps.now().toISOString();
  deps.db.transaction(() => {
    db.insertAttachment(deps.db, { id, job_id: job.id, task_id: u.task_id, field: u.field, name: safeName(u.filename), content_type: type.mime, size_bytes: u.bytes.length, stored_name, lat, lon, taken_at, created_by: user.id, created_at: now });
    addHistory(deps.db, { job_id: job.id, type: 'attachment_uploaded', user_id: user.id, at: now, detail: { attachment_id: id, task_id: u.task_id, field: u.field, name: safeName(u.filename) } });
  })();
  const warnings: { path: string; message: string }[] = [];
  if (lat !== null && lon !== null && job.lat !== null && job.lon !== null) {
    const miles = CUSTOM_OPERATIONS.miles_between(lat, lon, job.lat, job.lon);
    if (miles !== null && miles > PRODUCT_CONSTANTS.geotag_limit_miles) warnings.push({ path: u.field, message: OUR_MESSAGES.geotag });
  }
  return { ...reference(db.getAttachment(deps.db, id)!), warnings };
}

/** The reference task data keeps (task-schemas/_shared `attachment`). */
function reference(a: db.AttachmentRow) {
  return {
    id: a.id,
    name: a.name,
    content_type: a.content_type,
    size_bytes: a.size_bytes,
    ...(a.lat !== null ? { lat: a.lat } : {}),
    ...(a.lon !== null ? { lon: a.lon } : {}),
    ...(a.taken_at ? { taken_at: a.taken_at } : {}),
  };
}

/** An attachment as listed. */
function present(a: db.AttachmentRow) {
  return { ...reference(a), job_id: a.job_id, task_id: a.task_id, field: a.field, created_at: a.created_at, created_by: a.created_by_name };
}

export function listOfJob(deps: Deps, job: JobRow) {
  return { items: db.attachmentsOfJob(deps.db, job.id).map(present) };
}

/** An attachment the user may see (404 for someone else's, as for a missing one). */
function visible(deps: Deps, user: AuthUser, id: string) {
  const a = db.getAttachment(deps.db, id);
  const job = a && getJob(deps.db, a.job_id);
  if (!a || !job || !canSeeJob(user, job)) throw notFound(ATTACHMENT_MESSAGES.gone);
  if (a.deleted_at) throw notFound(ATTACHMENT_MESSAGES.gone);
  return a;
}

export function readAttachment(deps: Deps, user: AuthUser, id: string) {
  return present(visible(deps, user, id));
}

export function download(deps: Deps, user: AuthUser, id: string) {
  const a = visible(deps, user, id);
  const bytes = deps.adapters.files.get(a.stored_name);
  if (!bytes) throw notFound(ATTACHMENT_MESSAGES.gone);
  return { name: a.name, content_type: a.content_type, bytes };
}

/** Deletes (softly): ops, the uploader's company, or the uploader. */
export function remove(deps: Deps, user: AuthUser, id: string) {
  const a = visible(deps, user, id);
  const mayDelete = user.role === 'ops' || a.created_by === user.id || (user.role === 'contractor' && user.contractor_id !== null && a.created_by_contractor === user.contractor_id);
  if (!mayDelete) throw forbidden();
  const now = deps.now().toISOString();
  deps.db.transaction(() => {
    db.markAttachmentDeleted(deps.db, id, now);
    addHistory(deps.db, { job_id: a.job_id, type: 'attachment_deleted', user_id: user.id, at: now, detail: { attachment_id: id, name: a.name } });
  })();
}

/** Raised while reading the multipart body when the file passes the size limit. */
export const tooLarge = (limit: number) => new ApiError(413, ATTACHMENT_MESSAGES.too_large(limit));
