/**
 * Documents to sign and their signatures (migration 013). A task's current documents are its rows not
 * superseded; a signature's invite link is the SHA-256 of its token (a resend replaces it).
 */

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { DocumentSignaturesTable, DocumentsTable } from '../../db/schema-documents.ts';

export type DocumentRow = Selectable<DocumentsTable>;
export type SignatureRow = Selectable<DocumentSignaturesTable>;

/** Records a generated document; its id. */
export async function insertDocument(db: Q, d: Insertable<DocumentsTable>): Promise<number> {
  const r = await db.insertInto('documents').values(d).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Records a signer of a document; its id. */
export async function insertSignature(db: Q, s: Insertable<DocumentSignaturesTable>): Promise<number> {
  const r = await db.insertInto('document_signatures').values(s).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The current (not superseded) documents of a job, or of one of its tasks, in the order they were made. */
export function currentDocuments(db: Q, jobId: number, taskId?: string): Promise<DocumentRow[]> {
  let q = db.selectFrom('documents').selectAll().where('job_id', '=', jobId).where('superseded_at', 'is', null);
  if (taskId !== undefined) q = q.where('task_id', '=', taskId);
  return q.orderBy('id').execute();
}

/** A task's documents of one generation (superseded or not). */
export function documentsOfGeneration(
  db: Q,
  jobId: number,
  taskId: string,
  generation: number,
): Promise<DocumentRow[]> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('task_id', '=', taskId)
    .where('generation', '=', generation)
    .execute();
}

/** The latest generation of a task's documents (0 when none was made). */
export async function lastGeneration(db: Q, jobId: number, taskId: string): Promise<number> {
  const r = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.max('generation').as('g'))
    .where('job_id', '=', jobId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return Number(r?.g ?? 0);
}

/** How many documents a task has had (superseded ones included). */
export async function documentCount(db: Q, jobId: number, taskId: string): Promise<number> {
  const r = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('job_id', '=', jobId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function documentById(db: Q, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The signatures of some documents, in signing order. */
export async function signaturesOf(db: Q, documentIds: number[]): Promise<SignatureRow[]> {
  if (!documentIds.length) return [];
  return db
    .selectFrom('document_signatures')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('document_id')
    .orderBy('order_index')
    .execute();
}

export function signatureById(db: Q, id: number): Promise<SignatureRow | undefined> {
  return db.selectFrom('document_signatures').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The signature a link names (the link a signer signs with, or the copy mail's, which reads their copy only once they
 * signed), with when that link expires.
 */
export async function signatureByTokenHash(
  db: Q,
  tokenHash: string,
): Promise<{ s: SignatureRow; expires: string | null } | undefined> {
  const s = await db
    .selectFrom('document_signatures')
    .selectAll()
    .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('copy_token_hash', '=', tokenHash)]))
    .executeTakeFirst();
  return s && { s, expires: s.token_hash === tokenHash ? s.token_expires_at : s.copy_token_expires_at };
}

/** Changes a signature; `unless` guards the change (e.g. an invite already sent). Whether a row changed. */
export async function updateSignature(
  db: Q,
  id: number,
  patch: Updateable<DocumentSignaturesTable>,
  only?: { status?: string; invites_sent_below?: number },
): Promise<boolean> {
  let q = db.updateTable('document_signatures').set(patch).where('id', '=', id);
  if (only?.status !== undefined) q = q.where('status', '=', only.status);
  if (only?.invites_sent_below !== undefined) q = q.where('invites_sent', '<', only.invites_sent_below);
  const r = await q.executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Supersedes a task's current documents: their links die with them. */
export async function supersedeDocuments(db: Q, jobId: number, taskId: string, at: string): Promise<void> {
  await supersedeDocumentIds(
    db,
    (await currentDocuments(db, jobId, taskId)).map((d) => d.id),
    at,
  );
}

/** Supersedes some documents: their links die with them. */
export async function supersedeDocumentIds(db: Q, ids: number[], at: string): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('documents').set({ superseded_at: at }).where('id', 'in', ids).execute();
  await db
    .updateTable('document_signatures')
    .set({ token_hash: null, copy_token_hash: null })
    .where('document_id', 'in', ids)
    .execute();
}

/** Records a document's signed PDF unless another worker already did; whether this one did. */
export async function setSignedFile(db: Q, id: number, name: string, sha256: string): Promise<boolean> {
  const r = await db
    .updateTable('documents')
    .set({ signed_file_name: name, signed_sha256: sha256 })
    .where('id', '=', id)
    .where('signed_file_name', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
