/** Attachment records (migration 003); the bytes themselves are in file storage under `stored_name`. */

import { byBytes, type Q } from './portable.ts';

/** An attachment row, with its uploader's name and company (for the list and the delete rule). */
export interface AttachmentRow {
  id: string;
  job_id: number;
  task_id: string;
  field: string;
  name: string;
  content_type: string;
  size_bytes: number;
  stored_name: string;
  lat: number | null;
  lon: number | null;
  taken_at: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_by_contractor: number | null;
  created_at: string;
  deleted_at: string | null;
}

/** What an insert takes (the joined and soft-delete columns are not written). */
export type NewAttachment = Omit<AttachmentRow, 'created_by_name' | 'created_by_contractor' | 'deleted_at'>;

/** Attachments with their uploader's name and company (for the list and the delete rule). */
const withUploader = (db: Q) =>
  db
    .selectFrom('attachments as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .selectAll('a')
    .select(['u.name as created_by_name', 'u.contractor_id as created_by_contractor']);

/** Records an uploaded file. */
export async function insertAttachment(db: Q, a: NewAttachment): Promise<void> {
  const {
    id,
    job_id,
    task_id,
    field,
    name,
    content_type,
    size_bytes,
    stored_name,
    lat,
    lon,
    taken_at,
    created_by,
    created_at,
  } = a;
  await db
    .insertInto('attachments')
    .values({
      id,
      job_id,
      task_id,
      field,
      name,
      content_type,
      size_bytes,
      stored_name,
      lat,
      lon,
      taken_at,
      created_by,
      created_at,
    })
    .execute();
}

/** One attachment by id, deleted or not (the caller tells "gone" from "missing"). */
export async function getAttachment(db: Q, id: string): Promise<AttachmentRow | undefined> {
  return withUploader(db).where('a.id', '=', id).executeTakeFirst();
}

/** The attachments of a job that are not deleted, newest first. */
export async function attachmentsOfJob(db: Q, jobId: number): Promise<AttachmentRow[]> {
  return withUploader(db)
    .where('a.job_id', '=', jobId)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', byBytes(db))
    .execute();
}

/** Soft-deletes an attachment; false when it was already deleted. */
export async function markAttachmentDeleted(db: Q, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('attachments')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
