/** Federal report records (migration 042): one per job, measure and kind. */

import type { Selectable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { TrackingRecordsTable } from '../../db/schema-records.ts';

export type TrackingRow = Selectable<TrackingRecordsTable>;

export function recordsOfJob(db: Q, jobId: number): Promise<TrackingRow[]> {
  return db.selectFrom('tracking_records').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

export function recordById(db: Q, id: number): Promise<TrackingRow | undefined> {
  return db.selectFrom('tracking_records').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Writes a job's record as built now (a new row, or the unsent or refused one rebuilt); its id and version, or null
 * when it is accepted or was sent as it is.
 */
export async function upsertBuilt(
  db: Q,
  r: Pick<TrackingRow, 'job_id' | 'measure' | 'kind' | 'state' | 'record' | 'missing' | 'moment' | 'updated_at'>,
): Promise<{ id: number; version: string } | null> {
  const cur = await db
    .selectFrom('tracking_records')
    .selectAll()
    .where('job_id', '=', r.job_id)
    .where('measure', '=', r.measure)
    .where('kind', '=', r.kind)
    .executeTakeFirst();
  if (!cur) {
    const row = await db.insertInto('tracking_records').values(r).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, version: r.updated_at };
  }
  if (cur.state === 'accepted') return null;
  if (cur.record === r.record && cur.missing === r.missing)
    return cur.sent_at ? null : { id: cur.id, version: cur.updated_at };
  // Built anew differently: a refused record becomes a new attempt (a new idempotency key at the tool).
  await db
    .updateTable('tracking_records')
    .set({
      state: r.state,
      record: r.record,
      missing: r.missing,
      moment: r.moment,
      updated_at: r.updated_at,
      ...(cur.sent_at ? { sent_at: null, errors: null, attempt: cur.attempt + 1 } : {}),
    })
    .where('id', '=', cur.id)
    .execute();
  return { id: cur.id, version: r.updated_at };
}

export async function markAnswered(
  db: Q,
  id: number,
  a: { state: 'accepted' | 'refused'; tool_id: string | null; errors: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('tracking_records')
    .set({ state: a.state, tool_id: a.tool_id, errors: a.errors, sent_at: a.at, updated_at: a.at })
    .where('id', '=', id)
    .execute();
}

/** A program's records whose moment falls in a month (YYYY-MM), that pass the contract, in order. */
export function recordsOfMonth(db: Q, programId: string, month: string): Promise<TrackingRow[]> {
  return db
    .selectFrom('tracking_records as t')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .selectAll('t')
    .where('j.program_id', '=', programId)
    .where('t.moment', '>=', `${month}-01`)
    .where('t.moment', '<=', `${month}-31`)
    .where('t.state', '!=', 'incomplete')
    .orderBy('t.moment')
    .orderBy('t.id')
    .execute();
}
