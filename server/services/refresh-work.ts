/**
 * Stored outcomes never stale (issue 19): the jobs list reads the outcome columns stored on each job
 * (stage, eligibility, rebate, owners, exception notes), the job detail evaluates live. They are
 * recomputed by the worker, in batches, beside the server:
 * - when the definitions loaded at start differ from those jobs were last evaluated under
 *   (jobs.definition_hash is not their program's hash): queued by `queueDefinitionsRefresh`;
 * - once a day, for date-based rules (submission windows, lookbacks, days in stage): jobs evaluated
 *   before today (jobs.evaluated_on), queued under the day's key, so however many instances run, a day
 *   has one run; each day's run queues the next day's at midnight (UTC, the engine's "today").
 * A batch reads up to `batch_size` jobs by id after the cursor and queues the next batch as a new item
 * keyed by its cursor (a killed worker resumes where it stopped). Each job is evaluated; one whose outcome
 * columns changed (or that is due to pin) has that evaluation stored (`storeOutcome`: the changed columns
 * only), in short transactions of a few jobs (a job written since the batch read it is refreshed afresh
 * through `refreshJob`); one whose
 * outcome holds is only stamped with the day and hash, leaving updated_at. Canceled jobs are included: rules read the
 * date and is_canceled, so their
 * stored columns can change too.
 */

import { createHash } from 'node:crypto';
import { inTransaction, todayOf, type Deps } from '../context.ts';
import * as refreshDb from '../db/refresh.db.ts';
import { enqueueWork } from '../db/work.db.ts';
import type { JobRow } from '../db/jobs.db.ts';
import type { WorkHandler } from '../worker.ts';
import { evaluateJobWithFacts, isPastSubmit } from '../../engine/index.ts';
import {
  jobInput,
  OUTCOME_COLUMNS,
  outcomeColumns,
  refreshJob,
  sameColumn,
  storeOutcome,
  type JobState,
} from './evaluation.ts';
import { duePin, programOfJob } from './pinned-program.ts';

/** The work kind of the background re-evaluation. */
export const REFRESH_WORK = 'definitions.refresh';
/** Jobs per work item. */
export const REFRESH_BATCH = 500;

/** An item's payload: which jobs, after which id; `base` is the run's key (batches key off it). */
interface RefreshItem {
  by: 'definitions' | 'day';
  base: string;
  after: number;
  /** The day of a daily run. */
  day?: string;
}

const key = (base: string, after: number) => (after ? `${base}:after:${after}` : base);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The hash each loaded program evaluates under now. */
function currentHashes(deps: Deps): Record<string, string> {
  return Object.fromEntries(Object.values(deps.defs.programs).map((p) => [p.id, p.hash]));
}

/**
 * At start: queues a re-evaluation of the jobs evaluated under other definitions than the loaded ones,
 * when there are any. The key names the loaded hashes and the stale ones found, so instances starting
 * together queue one run, and a return to earlier definitions queues a new one.
 */
export async function queueDefinitionsRefresh(deps: Deps): Promise<{ key: string; created: boolean } | undefined> {
  const hashes = currentHashes(deps);
  const stale = (await refreshDb.evaluatedUnder(deps.db))
    .filter((r) => hashes[r.program_id] !== undefined && r.definition_hash !== hashes[r.program_id])
    .map((r) => `${r.program_id}@${r.definition_hash ?? ''}`)
    .sort();
  if (!stale.length) return undefined;
  const sig = createHash('sha256')
    .update(JSON.stringify([Object.entries(hashes).sort(), stale]))
    .digest('hex')
    .slice(0, 16);
  const base = `${REFRESH_WORK}:definitions:${sig}`;
  const r = await enqueueWork(deps.db, {
    kind: REFRESH_WORK,
    key: base,
    payload: { by: 'definitions', base, after: 0 } satisfies RefreshItem,
    now: deps.now(),
  });
  return { key: base, ...r };
}

/**
 * Queues the daily run of `day` (default today, due now; a later day is due at its midnight UTC), keyed
 * `definitions.refresh:<day>`: queued once per day whoever asks.
 */
export async function queueDailyRefresh(deps: Deps, day = todayOf(deps)): Promise<{ key: string; created: boolean }> {
  const base = `${REFRESH_WORK}:${day}`;
  const run_at = day > todayOf(deps) ? new Date(`${day}T00:00:00.000Z`) : deps.now();
  const r = await enqueueWork(deps.db, {
    kind: REFRESH_WORK,
    key: base,
    payload: { by: 'day', base, after: 0, day } satisfies RefreshItem,
    now: deps.now(),
    run_at,
  });
  return { key: base, ...r };
}

/**
 * Changed jobs stored per transaction: short ones (tens of ms; SQLite's in-process connection waits for
 * them), each commit shared by many jobs, as a commit costs more than storing a job.
 */
const PER_TRANSACTION = 200;

/** One batch: evaluates the jobs, refreshes the changed, stamps the rest, queues the next batch. */
async function refreshBatch(deps: Deps, p: RefreshItem, batchSize: number) {
  const today = todayOf(deps);
  if (p.by === 'day' && p.after === 0 && p.day) await queueDailyRefresh(deps, nextDay(p.day > today ? p.day : today));
  const hashes = currentHashes(deps);
  const filter: refreshDb.StaleFilter =
    p.by === 'definitions' ? { by: 'definitions', hashes: Object.values(hashes) } : { by: 'day', today };
  const rows = await refreshDb.staleJobs(deps.db, filter, p.after, batchSize);
  const tasks = await refreshDb.tasksOfJobs(
    deps.db,
    rows.map((r) => r.id),
  );
  const changed: { row: JobRow; state: JobState }[] = [];
  const holds = new Map<string, JobRow[]>();
  let skipped = 0;
  for (const [i, row] of rows.entries()) {
    // Other requests get the event loop between slices of the batch.
    if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    // A program no longer loaded: its jobs keep their stored outcome (their detail answers 500 until it is back).
    if (hashes[row.program_id] === undefined) {
      skipped += 1;
      continue;
    }
    // The engine straight, not the request memo (a run over every job would only evict the hot entries).
    const program = await programOfJob(deps, row);
    const jobTasks = tasks.get(row.id) ?? [];
    const state = { ...evaluateJobWithFacts(program, jobInput(row, jobTasks), { today }), program };
    const { evaluation } = state;
    const cols = outcomeColumns(evaluation, jobTasks) as Record<string, unknown>;
    // A job due to pin (its program's versioning) pins when stored, as on any write.
    if (
      OUTCOME_COLUMNS.some((k) => !sameColumn(cols[k], row[k])) ||
      duePin(program, row, isPastSubmit(program, evaluation))
    )
      changed.push({ row, state });
    else {
      const group = holds.get(evaluation.program_hash) ?? [];
      if (!group.length) holds.set(evaluation.program_hash, group);
      group.push(row);
    }
  }
  // Stored from this read's evaluation; a job written since (its updated_at moved) is refreshed afresh.
  for (let i = 0; i < changed.length; i += PER_TRANSACTION) {
    await inTransaction(deps, async (d) => {
      for (const { row, state } of changed.slice(i, i + PER_TRANSACTION)) {
        if (!(await storeOutcome(d, row, tasks.get(row.id) ?? [], state, true))) await refreshJob(d, row.id);
      }
    });
  }
  let stamped = 0;
  for (const [hash, jobs] of holds) stamped += await refreshDb.stampEvaluated(deps.db, jobs, hash, today);
  const last = rows.at(-1)?.id;
  let next: string | undefined;
  if (rows.length === batchSize && last !== undefined) {
    next = key(p.base, last);
    await enqueueWork(deps.db, {
      kind: REFRESH_WORK,
      key: next,
      payload: { ...p, after: last } satisfies RefreshItem,
      now: deps.now(),
    });
  }
  return { evaluated: rows.length - skipped, refreshed: changed.length, stamped, skipped, ...(next ? { next } : {}) };
}

/** The worker's handler of the background re-evaluation (`batch_size`: jobs per item; tests make it small). */
export function refreshHandlers(deps: Deps, o: { batch_size?: number } = {}): Record<string, WorkHandler> {
  return {
    [REFRESH_WORK]: (item, db) =>
      refreshBatch({ ...deps, db }, item.data as RefreshItem, o.batch_size ?? REFRESH_BATCH),
  };
}
