/** Completion records (migration 041): one per paid job. */

import type { Insertable, Selectable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { CompletionRecordsTable } from '../../db/schema-records.ts';

export type RecordRow = Selectable<CompletionRecordsTable>;

/** Records a job's completion record unless it has one: whether this call wrote it. */
export async function insertRecord(db: Q, r: Insertable<CompletionRecordsTable>): Promise<boolean> {
  const done = await db
    .insertInto('completion_records')
    .values(r)
    .onConflict((oc) => oc.doNothing())
    .returning('job_id')
    .executeTakeFirst();
  return !!done;
}

export function recordOfJob(db: Q, jobId: number): Promise<RecordRow | undefined> {
  return db.selectFrom('completion_records').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export function recordByHash(db: Q, sha256: string): Promise<RecordRow | undefined> {
  return db.selectFrom('completion_records').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}
