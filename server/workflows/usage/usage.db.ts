/**
 * Energy usage collection's rows (migration 014): one collection per job with its steps and meters, and
 * the readings (keyed by collection, meter and start: a reading written again replaces itself).
 */

import type { Insertable, Selectable, Updateable } from 'kysely';
import { isPostgres, type Q } from '../../db/portable.ts';
import type { UsageCollectionsTable, UsageReadingsTable } from '../../db/schema-usage.ts';

export type UsageCollectionRow = Selectable<UsageCollectionsTable>;
export type UsageReadingRow = Selectable<UsageReadingsTable>;

/** Creates a job's collection unless it has one; the job's collection either way. */
export async function ensureCollection(db: Q, c: Insertable<UsageCollectionsTable>): Promise<UsageCollectionRow> {
  await db
    .insertInto('usage_collections')
    .values(c)
    .onConflict((oc) => oc.column('job_id').doNothing())
    .execute();
  return (await collectionOfJob(db, c.job_id))!;
}

export function collectionOfJob(db: Q, jobId: number): Promise<UsageCollectionRow | undefined> {
  return db.selectFrom('usage_collections').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export function collectionById(db: Q, id: number): Promise<UsageCollectionRow | undefined> {
  return db.selectFrom('usage_collections').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A collection read inside a transaction and held until it ends: on PostgreSQL the row is locked (FOR UPDATE), so
 * two writes of one job's consent (connect and decline at once) run one after the other; SQLite's write
 * transactions are serialized already (BEGIN IMMEDIATE).
 */
export function lockCollection(db: Q, id: number): Promise<UsageCollectionRow | undefined> {
  let q = db.selectFrom('usage_collections').selectAll().where('id', '=', id);
  if (isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function collectionByTokenHash(db: Q, tokenHash: string): Promise<UsageCollectionRow | undefined> {
  return db.selectFrom('usage_collections').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function updateCollection(db: Q, id: number, u: Updateable<UsageCollectionsTable>): Promise<void> {
  await db.updateTable('usage_collections').set(u).where('id', '=', id).execute();
}

/** Adds one to a counter and answers its new value (the number of the check or run it keys). */
export async function bump(db: Q, id: number, counter: 'checks' | 'runs'): Promise<number> {
  const r = await db
    .updateTable('usage_collections')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('id', '=', id)
    .returning(counter)
    .executeTakeFirstOrThrow();
  return Number((r as Record<string, number>)[counter]);
}

/** Writes readings, replacing any of the same meter, channel and start (so a run repeated leaves one set). */
export async function upsertReadings(db: Q, rows: Insertable<UsageReadingsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('usage_readings')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['collection_id', 'meter_id', 'channel', 'start']).doUpdateSet((eb) => ({
          seconds: eb.ref('excluded.seconds'),
          value: eb.ref('excluded.value'),
          unit: eb.ref('excluded.unit'),
          service: eb.ref('excluded.service'),
          utc_offset: eb.ref('excluded.utc_offset'),
        })),
      )
      .execute();
  }
}

export function readingsOf(db: Q, collectionId: number): Promise<UsageReadingRow[]> {
  return db
    .selectFrom('usage_readings')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('meter_id')
    .orderBy('channel')
    .orderBy('start')
    .execute();
}

/** Readings per meter (for the staff view). */
export async function readingCounts(db: Q, collectionId: number): Promise<Map<string, number>> {
  const r = await db
    .selectFrom('usage_readings')
    .select(['meter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('collection_id', '=', collectionId)
    .groupBy('meter_id')
    .execute();
  return new Map(r.map((x) => [x.meter_id, Number(x.n)]));
}
