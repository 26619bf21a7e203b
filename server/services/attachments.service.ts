/**
 * Attachments: a file for a task form's upload field. The allowed extensions come from the form (a
 * `photo_upload` field takes photos, a `pdf_upload` field PDFs), the content must be what its extension
 * says (magic bytes), photos give their EXIF location and time, and a photo farther than the geotag
 * limit from the job site gets the warning. Bytes are stored under generated names; task data keeps only
 * the reference ({ id, name, content_type, size_bytes, lat?, lon?, taken_at? }).
 */

import type { AttachmentView } from '../../engine/api/records.ts';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  CUSTOM_OPERATIONS,
  OUR_MESSAGES,
  PRODUCT_CONSTANTS,
  type FieldMessage,
  type Program,
} from '../../engine/index.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { ApiError, forbidden, notFound, validationError } from '../errors.ts';
import { getJob, type JobRow } from '../db/jobs.db.ts';
import * as db from '../db/attachments.db.ts';
import { addHistory } from '../db/history.db.ts';
import { actorOf, assertCanWorkTask, canSeeField, canSeeJob, mayDeleteAttachment } from './access.ts';
import { jobState } from './evaluation.ts';
import { formOf, taskFormOf } from './pinned-program.ts';
import { internalFields } from './present.ts';
import { NO_PLACE, readPhotoPlace, type PhotoPlace } from './photo-place.ts';

const MB = 1024 * 1024;

/** The attachment messages: the spec's where it has them (sect. 5, 8), ours otherwise. */
export const ATTACHMENT_MESSAGES = {
  gone: 'Attachment is no longer available.',
  no_file: 'Please choose a file to upload.',
  no_task: 'This job has no such task.',
  not_upload: 'This field does not take uploads.',
  may_not_delete: 'Only ops, the uploader or the uploader’s company may delete this attachment.',
  extension: (allowed: readonly string[]) =>
    `File extension is not allowed. Allowed extensions are: ${allowed.join(', ')}`,
  mismatch: (ext: string) => `The file’s content is not a .${ext} file.`,
  unreadable_pdf: 'This PDF cannot be opened. Please export it as a PDF again and upload that file.',
  too_large: (bytes: number) => `File is too large. The limit is ${Math.round((bytes / MB) * 100) / 100} MB.`,
} as const;

/** A file as the route received it. */
export interface Upload {
  task_id: string;
  field: string;
  filename: string;
  bytes: Buffer;
}

/** The reference task data keeps (task-schemas/_shared/definitions.yaml `attachment`). */
export interface AttachmentReference {
  id: string;
  name: string;
  content_type: string;
  size_bytes: number;
  lat?: number;
  lon?: number;
  taken_at?: string;
}

/** An attachment as listed and read: the answer contract's type (engine/api/records.ts). */
export type { AttachmentView } from '../../engine/api/records.ts';

/** Raised while reading the multipart body when the file passes the size limit. */
export const tooLarge = (limit: number) => new ApiError(413, ATTACHMENT_MESSAGES.too_large(limit));

/**
 * Who may see and work each task field of a job: the task's current owner (from the engine, transfers
 * included) and the field's internal flag, decided by access.ts. Evaluated once per call.
 */
async function fieldAccess(deps: Deps, user: AuthUser, job: JobRow) {
  const { evaluation, program } = await jobState(deps, job);
  const owners = new Map(evaluation.tasks.map((t) => [t.id, t.owner as string]));
  const ownerOf = (taskId: string) => owners.get(taskId) ?? program.tasks.find((t) => t.id === taskId)?.owner ?? 'ops';
  const internal = (taskId: string, field: string) => internalFields(taskFormOf(deps, program, taskId)).includes(field);
  return {
    program,
    ownerOf,
    canSee: (taskId: string, field: string) => canSeeField(user, ownerOf(taskId), internal(taskId, field)),
  };
}

/** The extensions a task's field takes: its widget (form UI schema), then what that widget takes (task-schemas/_shared
 * `uploads:`). */
function allowedFor(deps: Deps, program: Program, taskId: string, field: string): Record<string, readonly string[]> {
  const task = program.tasks.find((t) => t.id === taskId);
  if (!task) throw validationError([{ path: 'task_id', message: ATTACHMENT_MESSAGES.no_task }]);
  const ui = formOf(deps, program, task.form)?.ui_schema;
  const spec = ui && Object.hasOwn(ui, field) ? (ui[field] as Record<string, unknown> | undefined) : undefined;
  const widget = spec?.['ui:widget'];
  const kind =
    typeof widget === 'string' && Object.hasOwn(deps.defs.uploads, widget) ? deps.defs.uploads[widget] : undefined;
  if (!kind) throw validationError([{ path: 'field', message: ATTACHMENT_MESSAGES.not_upload }]);
  return kind.accept;
}

/**
 * The name kept and shown: no folders, letters, digits and a few safe marks only (it ends up in a
 * Content-Disposition header and in a schema capped at 255), and the extension it was checked by.
 */
export function safeFileName(filename: string): string {
  const base = filename.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '')
    .trim();
  return `${stem.slice(0, 200) || 'file'}${base.slice(dot).replace(/[^A-Za-z0-9.]/g, '')}`;
}

/** Whether the bytes open as a PDF document with at least one page (pdf-lib, the library the signing uses). */
async function opensAsPdf(bytes: Buffer): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** Checks and stores an upload; answers the attachment reference and its warnings (far geotag). */
export async function upload(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  u: Upload,
): Promise<AttachmentReference & { warnings: FieldMessage[] }> {
  // Upload: ops, the job's company, the job's homeowner, i.e. whoever may see the job.
  if (!canSeeJob(user, job)) throw notFound('Job not found');
  const access = await fieldAccess(deps, user, job);
  const kind = allowedFor(deps, access.program, u.task_id, u.field);
  // An upload is an answer to the task: who may not see the field gets 404, who may not work the task 403.
  if (!access.canSee(u.task_id, u.field))
    throw validationError([{ path: 'task_id', message: ATTACHMENT_MESSAGES.no_task }]);
  assertCanWorkTask(user, actorOf(access.program, { id: u.task_id, owner: access.ownerOf(u.task_id) }));
  const row = await storeUpload(deps, user, job, u, kind);
  return { ...reference(row), warnings: geotagWarnings(job, row) };
}

/**
 * Checks a file against the kinds its field takes (extension, then content: magic bytes, a PDF that opens), reads a
 * photo's time and place, and stores it for the upload's task and field with its history line. The caller decided
 * who may upload there (a task's field above; a quality review's checklist in the quality workflow).
 */
export async function storeUpload(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  u: Upload,
  kind: Record<string, readonly string[]>,
): Promise<db.NewAttachment> {
  const allowed = Object.keys(kind);
  const dot = u.filename.lastIndexOf('.');
  const ext = dot > 0 ? u.filename.slice(dot + 1).toLowerCase() : '';
  if (!allowed.includes(ext))
    throw validationError([{ path: 'file', message: ATTACHMENT_MESSAGES.extension(allowed) }]);
  const type = await fileTypeFromBuffer(u.bytes);
  if (!type || !kind[ext].includes(type.mime))
    throw validationError([{ path: 'file', message: ATTACHMENT_MESSAGES.mismatch(ext) }]);
  // A PDF is evidence only if it opens: parsed, with at least one page (a cut-off or garbled file is refused).
  if (type.mime === 'application/pdf' && !(await opensAsPdf(u.bytes)))
    throw validationError([{ path: 'file', message: ATTACHMENT_MESSAGES.unreadable_pdf }]);
  const place: PhotoPlace = type.mime.startsWith('image/') ? await readPhotoPlace(u.bytes) : NO_PLACE;

  const row: db.NewAttachment = {
    id: `att_${randomBytes(12).toString('hex')}`,
    job_id: job.id,
    task_id: u.task_id,
    field: u.field,
    name: safeFileName(u.filename),
    content_type: type.mime,
    size_bytes: u.bytes.length,
    stored_name: await deps.adapters.files.put(u.bytes),
    ...place,
    created_by: user.id,
    created_at: deps.now().toISOString(),
  };
  try {
    await inTransaction(deps, async (deps) => {
      await db.insertAttachment(deps.db, row);
      await addHistory(deps.db, {
        job_id: job.id,
        type: 'attachment_uploaded',
        user_id: user.id,
        at: row.created_at,
        detail: { attachment_id: row.id, task_id: row.task_id, field: row.field, name: row.name },
      });
    });
  } catch (e) {
    // No record, no file: an unreferenced file would never be cleaned up.
    await deps.adapters.files.remove(row.stored_name);
    throw e;
  }
  return row;
}

/** The geotag warning when a photo was taken farther than the limit from the job site. */
export function geotagWarnings(job: JobRow, a: db.NewAttachment): FieldMessage[] {
  if (a.lat === null || a.lon === null || job.lat === null || job.lon === null) return [];
  const miles = CUSTOM_OPERATIONS.miles_between(a.lat, a.lon, job.lat, job.lon);
  return miles !== null && miles > PRODUCT_CONSTANTS.geotag_limit_miles
    ? [{ path: a.field, message: OUR_MESSAGES.geotag }]
    : [];
}

export function reference(a: db.NewAttachment): AttachmentReference {
  return {
    id: a.id,
    name: a.name,
    content_type: a.content_type,
    size_bytes: a.size_bytes,
    ...(a.lat !== null && a.lon !== null ? { lat: a.lat, lon: a.lon } : {}),
    ...(a.taken_at ? { taken_at: a.taken_at } : {}),
  };
}

function present(a: db.AttachmentRow): AttachmentView {
  return {
    ...reference(a),
    job_id: a.job_id,
    task_id: a.task_id,
    field: a.field,
    created_at: a.created_at,
    created_by: a.created_by,
    created_by_name: a.created_by_name,
  };
}

/** The attachments of a job the caller may see (the route checked the job). */
export async function listOfJob(deps: Deps, user: AuthUser, job: JobRow): Promise<{ items: AttachmentView[] }> {
  const access = await fieldAccess(deps, user, job);
  return {
    items: (await db.attachmentsOfJob(deps.db, job.id)).filter((a) => access.canSee(a.task_id, a.field)).map(present),
  };
}

/** An attachment the user may see: someone else's answers 404 like a missing or deleted one. */
async function visible(deps: Deps, user: AuthUser, id: string): Promise<db.AttachmentRow> {
  const a = await db.getAttachment(deps.db, id);
  const job = a && (await getJob(deps.db, a.job_id));
  if (
    !a ||
    !job ||
    !canSeeJob(user, job) ||
    a.deleted_at ||
    !(await fieldAccess(deps, user, job)).canSee(a.task_id, a.field)
  )
    throw notFound(ATTACHMENT_MESSAGES.gone);
  return a;
}

/** An attachment's metadata. */
export async function readAttachment(deps: Deps, user: AuthUser, id: string): Promise<AttachmentView> {
  return present(await visible(deps, user, id));
}

/** An attachment's bytes, or 404 'Attachment is no longer available.' when the stored file is gone. */
export async function download(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<{ name: string; content_type: string; bytes: Buffer }> {
  const a = await visible(deps, user, id);
  const bytes = await deps.adapters.files.get(a.stored_name);
  if (!bytes) throw notFound(ATTACHMENT_MESSAGES.gone);
  return { name: a.name, content_type: a.content_type, bytes };
}

/**
 * Soft-deletes an attachment (the bytes stay for the record): ops, the uploader, or a contractor of the
 * uploader's company. Others who can see it get 403 (they know it exists); others 404.
 */
export async function remove(deps: Deps, user: AuthUser, id: string): Promise<void> {
  const a = await visible(deps, user, id);
  if (!mayDeleteAttachment(user, a)) throw forbidden(ATTACHMENT_MESSAGES.may_not_delete);
  const at = deps.now().toISOString();
  await inTransaction(deps, async (deps) => {
    if (!(await db.markAttachmentDeleted(deps.db, id, at))) throw notFound(ATTACHMENT_MESSAGES.gone);
    await addHistory(deps.db, {
      job_id: a.job_id,
      type: 'attachment_deleted',
      user_id: user.id,
      at,
      detail: { attachment_id: id, task_id: a.task_id, field: a.field, name: a.name },
    });
  });
}
