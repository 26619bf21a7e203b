/**
 * The generated database as the portal holds it once every job was evaluated under the loaded definitions (the
 * re-evaluation bench's start past BENCH_REFRESH_FIRST_MAX): each job's outcome columns, action owners, hash,
 * day and due pin as the worker's first run stores them (server/services/refresh-work.ts), written in bulk: one
 * prepared statement per job in transactions of thousands, not the worker's short transactions (its first run over a
 * million jobs took 22 to over 50 min). The work a task that opened would start (each workflow's afterEvaluation) is
 * not queued: the generated jobs have no tasks. Cached beside the generated file, keyed by the loaded programs' hashes
 * and this file.
 */

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateJobWithFacts, isPastSubmit } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { openStore } from '../server/db/database.ts';
import * as refreshDb from '../server/db/refresh.db.ts';
import type { Definitions } from '../engine/index.ts';
import { depsOf } from '../server/deps.ts';
import { jobInput, OUTCOME_COLUMNS, outcomeColumns } from '../server/services/evaluation.ts';
import { currentVersion, duePin, programOfJob } from '../server/services/pinned-program.ts';
import type { BenchDb } from './generate-db.ts';

/** Jobs evaluated, then written in one transaction. */
const BATCH = 5000;

/** The evaluated copy's file for these definitions (not built). */
export function evaluatedPath(bench: BenchDb, defs: Definitions): string {
  const h = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const p of Object.values(defs.programs).sort((a, b) => a.id.localeCompare(b.id))) h.update(`${p.id}@${p.hash}`);
  return join(dirname(bench.path), `${basename(bench.path, '.db')}-evaluated-${h.digest('hex').slice(0, 10)}.db`);
}

/**
 * The evaluated copy of `bench` (built when not cached), its jobs evaluated on the day of `now` and stored at `now`.
 * Copies of the same database under other definitions are removed.
 */
export async function evaluatedDatabase(
  bench: BenchDb,
  defs: Definitions,
  now: Date,
  log: (s: string) => void = () => {},
): Promise<BenchDb> {
  const path = evaluatedPath(bench, defs);
  if (existsSync(path)) return { ...bench, path };
  const prefix = `${basename(bench.path, '.db')}-evaluated-`;
  for (const f of readdirSync(dirname(path)))
    if (f.startsWith(prefix) && f !== basename(path)) rmSync(join(dirname(path), f), { force: true });
  const tmp = `${path}.tmp-${process.pid}`;
  copyFileSync(bench.path, tmp);
  const started = performance.now();
  const store = await openStore(`sqlite:${tmp}`);
  try {
    const raw = store.sqlite!;
    // The secondary indexes of the jobs and their owners (but the owners' by job, which the writes look up) built again
    // after the writes, each in one pass (as the generator does): kept in order row by row they were half the time at
    // 10,000 jobs (9.8 s, 5.1 s without), and at a million, with the page cache the size of the file, most of it.
    const setAside = raw
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
           AND tbl_name IN ('jobs', 'job_action_owners') AND name <> 'job_action_owners_job'`,
      )
      .all() as { name: string; sql: string }[];
    for (const { name } of setAside) raw.exec(`DROP INDEX "${name}"`);
    raw.pragma('cache_size = -1000000');
    const deps = depsOf(store, loadConfig({}), { now: () => now, log: () => {}, defs });
    const today = now.toISOString().slice(0, 10);
    const at = now.toISOString();
    const update = raw.prepare(
      `UPDATE jobs SET ${OUTCOME_COLUMNS.map((c) => `${c} = ?`).join(', ')}, definition_hash = ?, evaluated_on = ?,
         updated_at = ?, stage_entered_at = ?, pinned_version = ? WHERE id = ?`,
    );
    const dropOwners = raw.prepare('DELETE FROM job_action_owners WHERE job_id = ?');
    const addOwner = raw.prepare(
      'INSERT INTO job_action_owners (role, job_id, is_canceled, stage, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    let done = 0;
    for (let after = 0; ;) {
      const rows = await refreshDb.staleJobs(store.kysely, { by: 'day', today: '9999-12-31' }, after, BATCH);
      if (!rows.length) break;
      const tasks = await refreshDb.tasksOfJobs(
        store.kysely,
        rows.map((r) => r.id),
      );
      const writes: unknown[][] = [];
      const owners: { id: number; roles: string[]; is_canceled: number; stage: number; created_at: string }[] = [];
      for (const row of rows) {
        if (!defs.programs[row.program_id]) continue;
        const program = await programOfJob(deps, row);
        const jobTasks = tasks.get(row.id) ?? [];
        const ev = evaluateJobWithFacts(program, jobInput(row, jobTasks), { today }).evaluation;
        const cols = outcomeColumns(ev, jobTasks) as Record<string, unknown>;
        const pin = duePin(program, row, isPastSubmit(program, ev))
          ? ((await currentVersion(deps, row.program_id))?.hash ?? null)
          : row.pinned_version;
        const stage = Number(cols.stage);
        writes.push([
          ...OUTCOME_COLUMNS.map((c) => cols[c] ?? null),
          ev.program_hash,
          today,
          at,
          stage === row.stage ? row.stage_entered_at : at,
          pin ?? null,
          row.id,
        ]);
        const roles = String(cols.action_owners ?? '')
          .split(',')
          .filter(Boolean);
        owners.push({ id: row.id, roles, is_canceled: row.is_canceled, stage, created_at: row.created_at });
      }
      raw.transaction(() => {
        for (const w of writes) update.run(w);
        for (const o of owners) {
          dropOwners.run(o.id);
          for (const role of o.roles) addOwner.run(role, o.id, o.is_canceled, o.stage, o.created_at);
        }
      })();
      done += rows.length;
      after = rows.at(-1)!.id;
      if (done % 100_000 < BATCH) log(`  evaluated ${done.toLocaleString('en-US')} jobs`);
    }
    raw.transaction(() => {
      for (const { sql } of setAside) raw.exec(sql);
    })();
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
  renameSync(tmp, path);
  for (const ext of ['-wal', '-shm']) rmSync(`${tmp}${ext}`, { force: true });
  log(
    `evaluated the ${bench.size.toLocaleString('en-US')} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s: ${path}`,
  );
  return { ...bench, path };
}
