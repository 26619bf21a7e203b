/**
 * The queries of the background re-evaluation (server/services/refresh-work.ts): the next batch of jobs
 * whose stored outcome may be stale (evaluated under other definitions, or on an earlier day), their task
 * rows in one query, and the stamp of jobs whose outcome did not change.
 */

import { sql, type Selectable } from 'kysely';
import { JOB_FACTS, type JobRecord } from '../../engine/index.ts';
import { isPostgres, type Q } from './portable.ts';
import type { JobTasksTable } from './schema.ts';
import type { JobRow } from './jobs.db.ts';
import type { TaskRow } from './tasks.db.ts';

/**
 * Which jobs a run looks at: those evaluated under none of the loaded programs' hashes (program hashes
 * differ between programs), or before `today`. Jobs of programs not loaded come too: the caller skips them.
 * No program_id condition: the scan goes by id and stops at the batch's end.
 */
export type StaleFilter = { by: 'definitions'; hashes: string[] } | { by: 'day'; today: string };

/** Up to `limit` jobs after id `after` (by id) that the filter calls stale. */
export async function staleJobs(db: Q, f: StaleFilter, after: number, limit: number): Promise<JobRow[]> {
  let q = db.selectFrom('jobs').selectAll().where('id', '>', after);
  if (f.by === 'definitions') {
    const hashes = f.hashes;
    q = q.where((eb) =>
      hashes.length
        ? eb.or([eb('definition_hash', 'is', null), eb('definition_hash', 'not in', hashes)])
        : eb('definition_hash', 'is', null),
    );
  } else {
    q = q.where((eb) => eb.or([eb('evaluated_on', 'is', null), eb('evaluated_on', '<', f.today)]));
  }
  return (await q.orderBy('id').limit(limit).execute()) as JobRow[];
}

/**
 * The columns of a job the impact report reads: the engine's (engine/facts.ts jobInputOf), the report's own and the
 * pinned version. Not the rest of the wide row (its outcome, lists and JSON columns): reading them was most of the
 * time of reading a million jobs.
 */
const LIVE_COLUMNS = [
  ...JOB_FACTS,
  'usage_facts',
  'program_id',
  'pinned_version',
] as const satisfies readonly (keyof JobRow)[];
export type LiveJob = Pick<JobRow, (typeof LIVE_COLUMNS)[number]>;
/** Every field of a job the engine reads is read: a field added to JobRecord, not to LIVE_COLUMNS, fails to compile. */
const readsEveryEngineField: Record<Exclude<keyof JobRecord, (typeof LIVE_COLUMNS)[number]>, never> = {};
void readsEveryEngineField;

/** Up to `limit` live (not canceled) jobs after id `after` (by id), of one program when given: the impact report's
 * read. */
export async function liveJobs(db: Q, after: number, limit: number, programId?: string): Promise<LiveJob[]> {
  let q = db.selectFrom('jobs').select(LIVE_COLUMNS).where('id', '>', after).where('is_canceled', '=', 0);
  if (programId) q = q.where('program_id', '=', programId);
  return (await q.orderBy('id').limit(limit).execute()) as LiveJob[];
}

/** How many live (not canceled) jobs there are, of one program when given (liveJobs reads them all). */
export async function countLiveJobs(db: Q, programId?: string): Promise<number> {
  let q = db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_canceled', '=', 0);
  if (programId) q = q.where('program_id', '=', programId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The (program, definition hash) pairs the stored jobs were evaluated under. */
export async function evaluatedUnder(db: Q): Promise<{ program_id: string; definition_hash: string | null }[]> {
  return db.selectFrom('jobs').select(['program_id', 'definition_hash']).distinct().execute();
}

const parse = (s: unknown) => (typeof s === 'string' ? JSON.parse(s) : null);

/** The task rows of several jobs (JSON columns parsed, as tasksOfJob gives them), by job id. */
export async function tasksOfJobs(db: Q, jobIds: number[]): Promise<Map<number, TaskRow[]>> {
  const out = new Map<number, TaskRow[]>(jobIds.map((id) => [id, []]));
  if (!jobIds.length) return out;
  const rows: Selectable<JobTasksTable>[] = await db
    .selectFrom('job_tasks')
    .selectAll()
    .where('job_id', 'in', jobIds)
    .execute();
  for (const r of rows) {
    out.get(r.job_id)?.push({
      ...r,
      data: parse(r.data),
      draft: parse(r.draft),
      owner_override: parse(r.owner_override),
      exceptions: parse(r.exceptions),
    });
  }
  return out;
}

/**
 * Records that the stored outcome of these jobs still holds on `today` under `hash` (their outcome
 * columns are unchanged, so updated_at stays). A job written since it was read (updated_at moved) is left
 * alone: its write re-evaluated it. Returns how many were stamped.
 */
export async function stampEvaluated(
  db: Q,
  jobs: Pick<JobRow, 'id' | 'updated_at'>[],
  hash: string,
  today: string,
): Promise<number> {
  if (!jobs.length) return 0;
  if (isPostgres(db)) {
    // One statement: the pairs as arrays joined to the jobs by id (an OR of 100 pairs cost PostgreSQL more to plan
    // than to run: 58-104 µs a job at a million, 51 this way).
    const r = await sql`UPDATE jobs SET evaluated_on = ${today}, definition_hash = ${hash}
      FROM unnest(cast(${jobs.map((j) => j.id)} as integer[]), cast(${jobs.map((j) => j.updated_at)} as text[]))
        AS s(id, updated_at)
      WHERE jobs.id = s.id AND jobs.updated_at = s.updated_at`.execute(db);
    return Number(r.numAffectedRows);
  }
  let n = 0;
  for (let i = 0; i < jobs.length; i += 100) {
    const chunk = jobs.slice(i, i + 100);
    const r = await db
      .updateTable('jobs')
      .set({ evaluated_on: today, definition_hash: hash })
      .where((eb) => eb.or(chunk.map((j) => eb.and([eb('id', '=', j.id), eb('updated_at', '=', j.updated_at)]))))
      .executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  return n;
}
