/**
 * The background re-evaluation at 100,000 jobs (`node --import tsx bench/refresh.bench.ts`; BENCH_JOBS to
 * change the size): the time to re-evaluate every job through the worker (server/services/refresh-work.ts),
 * writes included, beside the time of one evaluation per job without writes. Two runs: definitions new to
 * the database (the generated jobs were never evaluated: most outcomes change and are written through
 * refreshJob), then the next day's run (outcomes hold: each job is evaluated and stamped). SQLite on a
 * copy of the generated database; PostgreSQL too when BENCH_DATABASE_URL names one (its cached copy is
 * dropped after the run, which wrote to it). Figures, not assertions: the machines are shared and noisy.
 * Target: under 10 s on one core.
 */

import { copyFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateJobWithFacts } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { depsOf, repoDefinitions } from '../server/deps.ts';
import { openStore, type Store } from '../server/db/database.ts';
import * as refreshDb from '../server/db/refresh.db.ts';
import { jobInput, programOf } from '../server/services/evaluation.ts';
import { queueDailyRefresh, queueDefinitionsRefresh, refreshHandlers } from '../server/services/refresh-work.ts';
import { createWorker } from '../server/worker.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';
import { postgresBench } from './postgres-copy.ts';

const SIZE = Number(process.env.BENCH_JOBS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: (s) => console.log(s) });
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');

async function run(label: string, store: Store) {
  let clock = BENCH_NOW;
  const deps = depsOf(store, { ...loadConfig({}), upload_dir: join(tmpdir(), 'rebate-bench-refresh') }, { now: () => clock, log: () => {} });
  const all: refreshDb.StaleFilter = { by: 'day', today: '9999-12-31' };

  // One evaluation per job, no writes: the jobs and their tasks read in batches, the engine run on each.
  let t = performance.now();
  let evaluated = 0;
  let engineMs = 0;
  for (let after = 0; ;) {
    const rows = await refreshDb.staleJobs(deps.db, all, after, 500);
    if (!rows.length) break;
    const tasks = await refreshDb.tasksOfJobs(deps.db, rows.map((r) => r.id));
    const e = performance.now();
    for (const r of rows) evaluateJobWithFacts(programOf(deps, r.program_id), jobInput(r, tasks.get(r.id) ?? []), { today: '2026-06-01' });
    engineMs += performance.now() - e;
    evaluated += rows.length;
    after = rows.at(-1)!.id;
  }
  const readEval = performance.now() - t;

  const worker = createWorker(deps.db, { handlers: refreshHandlers(deps), now: () => clock });
  const count = async () => (await deps.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('updated_at', '=', clock.toISOString()).executeTakeFirstOrThrow()).n;
  clock = new Date(BENCH_NOW.getTime() + 60_000);
  await queueDefinitionsRefresh(deps);
  t = performance.now();
  const items1 = await worker.drain();
  const first = performance.now() - t;
  const written = Number(await count());

  clock = new Date(BENCH_NOW.getTime() + 86_400_000);
  await queueDailyRefresh(deps);
  t = performance.now();
  const items2 = await worker.drain();
  const daily = performance.now() - t;
  const written2 = Number(await count());

  console.log(`\n${label}: ${fmt(evaluated)} jobs`);
  console.log(`  one evaluation per job, no writes:   ${secs(readEval)} (engine alone ${secs(engineMs)}, reads ${secs(readEval - engineMs)})`);
  console.log(`  re-evaluation, new definitions:       ${secs(first)} (${items1} work items; ${fmt(written)} jobs written through refreshJob, the rest stamped) (target: under 10 s)`);
  console.log(`  re-evaluation, next day:              ${secs(daily)} (${items2} work items; ${fmt(written2)} jobs written, the rest stamped) (target: under 10 s)`);
}

const copy = join(tmpdir(), `rebate-refresh-bench-${process.pid}.db`);
copyFileSync(bench.path, copy);
const sqlite = await openStore(`sqlite:${copy}`);
try {
  await run('SQLite', sqlite);
} finally {
  await sqlite.close();
  for (const ext of ['', '-wal', '-shm']) rmSync(`${copy}${ext}`, { force: true });
}
if (PG_URL) {
  // The cached PostgreSQL twin (bench/postgres-copy.ts), dropped after the run: the next bench copies it afresh.
  const twin = await postgresBench(bench, PG_URL, (s) => console.log(s));
  try {
    await run('PostgreSQL', twin.store);
  } finally {
    await twin.store.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${twin.schema}" CASCADE`).finally(() => admin.end());
  }
}
