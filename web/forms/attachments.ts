/**
 * Uploads as the forms store them: an attachment reference `{ id, name, content_type, size_bytes, lat,
 * lon, taken_at }` (the shared `attachment` definition refuses any other key), never the file itself.
 */

import type { AttachmentReference, Uploaded } from '../../engine/api/records.ts';
import { api, API_BASE, ApiError } from '../lib/api-client.ts';
import { getSession } from '../lib/session.ts';

/** A stored attachment as a form field holds it. */
export type Attachment = AttachmentReference;

/** What the attachments API answers to an upload: the answer contract's type (engine/api/records.ts). */
export type UploadResult = Uploaded;

/** The keys of an attachment reference (the schema's `additionalProperties: false`). */
const REFERENCE_KEYS = ['id', 'name', 'content_type', 'size_bytes', 'lat', 'lon', 'taken_at'] as const;

/** The reference a form saves for an upload (the id as a string, unknown keys dropped). */
export function toReference(r: UploadResult): Attachment {
  const out: Record<string, unknown> = {};
  for (const k of REFERENCE_KEYS) if (r[k] !== undefined && r[k] !== null) out[k] = r[k];
  out.id = String(r.id);
  return out as unknown as Attachment;
}

/** Warning texts of an upload answer. */
export function uploadWarnings(r: UploadResult): string[] {
  return r.warnings.map((w) => w.message).filter(Boolean);
}

/** Posts a file to a job's attachments (multipart: file, task_id, field). */
export function uploadAttachment(
  jobId: number,
  taskId: string | undefined,
  field: string,
  file: File,
): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  if (taskId) body.append('task_id', taskId);
  body.append('field', field);
  return api<UploadResult>('POST', `/api/jobs/${jobId}/attachments`, { body, ignoreErrors: [404, 413, 415, 422] });
}

/** Fetches a stored attachment's bytes (the bearer token cannot ride on an <img src>). */
export function downloadAttachment(a: Pick<Attachment, 'id'>): Promise<Blob> {
  return downloadFile(`/api/attachments/${encodeURIComponent(a.id)}/download`);
}

/** Fetches a stored file's bytes from an API path, with the session's bearer token. */
export async function downloadFile(path: string): Promise<Blob> {
  const session = getSession();
  const res = await fetch(`${API_BASE}${path}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  if (!res.ok)
    throw new ApiError(
      res.status,
      res.status === 404 || res.status === 410 ? ATTACHMENT_MESSAGES.gone : ATTACHMENT_MESSAGES.download_failed,
    );
  return res.blob();
}

/** Messages of uploads and downloads (spec sect. 8: "Attachment is no longer available." and failures). */
export const ATTACHMENT_MESSAGES = {
  gone: 'Attachment is no longer available.',
  upload_failed: 'The file could not be uploaded. Please try again.',
  download_failed: 'The file could not be downloaded. Please try again.',
  not_ready: 'Uploads are not available yet.',
} as const;

/** Human file size: 12 KB, 3.4 MB. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
