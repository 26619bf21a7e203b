/** Attachment records (migration 003); the bytes themselves are in file storage under `stored_name`. */

import { stmt, type Db } from './connection.ts';

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

const SELECT = 'SELECT a.*, u.name AS created_by_name, u.contractor_id AS created_by_contractor FROM attachments a LEFT JOIN users u ON u.id = a.created_by';

/** Records an uploaded file. */
export function insertAttachment(db: Db, a: NewAttachment): void {
  stmt(db, `INSERT INTO attachments (id, job_id, task_id, field, name, content_type, size_bytes, stored_name, lat, lon, taken_at, created_by, created_at)
    VALUES (@id, @job_id, @task_id, @field, @name, @content_type, @size_bytes, @stored_name, @lat, @lon, @taken_at, @created_by, @created_at)`).run(a);
}

/** One attachment by id, deleted or not (the caller tells "gone" from "missing"). */
export function getAttachment(db: Db, id: string): AttachmentRow | undefined {
  return stmt(db, `${SELECT} WHERE a.id = ?`).get(id) as AttachmentRow | undefined;
}

/** The attachments of a job that are not deleted, newest first. */
export function attachmentsOfJob(db: Db, jobId: number): AttachmentRow[] {
  return stmt(db, `${SELECT} WHERE a.job_id = ? AND a.deleted_at IS NULL ORDER BY a.created_at DESC, a.id`).all(jobId) as AttachmentRow[];
}

/** Soft-deletes an attachment; false when it was already deleted. */
export function markAttachmentDeleted(db: Db, id: string, at: string): boolean {
  return stmt(db, 'UPDATE attachments SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
}
