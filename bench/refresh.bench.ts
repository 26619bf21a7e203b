/**
 * The background re-evaluation at 100,000 jobs (`node --import tsx bench/refresh.bench.ts`; BENCH_JOBS to
 * change the size): the time to re-evaluate every job through the worker (server/services/refresh-work.ts),
 * writes included, beside the time of one evaluation per job without writes. Three runs: the first (the
 * generated jobs were never evaluated: every outcome is written, the worst case), then definitions that
 * change (the heat pump caps lowered by a fifth, then every program: the jobs of the changed programs are
 * re-evaluated, those whose outcome changes written, the rest stamped; the bench's jobs have no task rows,
 * so few outcomes change), then the next day's run (outcomes hold: each job is evaluated and stamped). SQLite on a
 * copy of the generated database; PostgreSQL too when BENCH_DATABASE_URL names one (its cached copy is
 * dropped after the run, which wrote to it). Past BENCH_REFRESH_FIRST_MAX both start from the evaluated copy
 * (bench/evaluated-db.ts) and the first run is not timed.
 * Figures, not assertions: the machines are shared and noisy.
 * Target: under 10 s on one core up to 100,000 jobs, under 100 s at a million (issue 47): TARGET_S.
 */

import { copyFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateJobWithFacts } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { depsOf, REPO_ROOT, repoDefinitions } from '../server/deps.ts';
import { readDefinitionSources } from '../server/definitions.ts';
import { openStore, type Store } from '../server/db/database.ts';
import * as refreshDb from '../server/db/refresh.db.ts';
import { jobInput } from '../server/services/evaluation.ts';
import { currentProgram, registerVersions } from '../server/services/pinned-program.ts';
import { queueDailyRefresh, queueDefinitionsRefresh, refreshHandlers } from '../server/services/refresh-work.ts';
import { createWorker } from '../server/worker.ts';
import { evaluatedDatabase } from './evaluated-db.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';
import { loadOrThrow, lowerHeatPumpCaps, renameEveryProgram } from './proposals.ts';
import { postgresBench } from './postgres-copy.ts';
import { benchPostgres } from './postgres-url.ts';
import { oneSize, record } from './record.ts';

const SIZE = oneSize(100_000);
// As the API bench: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server (`off`: SQLite alone).
const PG_URL = (await benchPostgres()).url;
/**
 * The largest size whose first run is timed (default 100,000): it writes every outcome (1.5-2 ms a job on SQLite,
 * 2.7-4.6 ms on PostgreSQL: 22 min to over an hour at a million), which would hold the whole curve up. Past it both
 * backends start from the evaluated copy (bench/evaluated-db.ts, built once per dataset) and time the other runs.
 */
const FIRST_MAX = Number(process.env.BENCH_REFRESH_FIRST_MAX ?? 100_000);
/** The target of a run over every job, in seconds: 10 up to 100,000 jobs, then growing with them (100 at a million). */
const TARGET_S = Math.max(10, SIZE / 10_000);
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: (s) => console.log(s) });
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');

const source = readDefinitionSources(REPO_ROOT);
const lowered = lowerHeatPumpCaps(source);
const capped = registerVersions(loadOrThrow(lowered.files), lowered.files);
const renamedFiles = renameEveryProgram(source);
const renamed = registerVersions(loadOrThrow(renamedFiles), renamedFiles);

/**
 * The worker's runs on one backend. `first` false: the jobs were evaluated already (the evaluated copy, past
 * BENCH_REFRESH_FIRST_MAX), so the first run is not timed.
 */
async function run(label: string, store: Store, o: { first?: boolean } = {}) {
  let clock = BENCH_NOW;
  const config = { ...loadConfig({}), upload_dir: join(tmpdir(), 'rebate-bench-refresh') };
  const deps = depsOf(store, config, { now: () => clock, log: () => {} });
  const cappedDeps = depsOf(store, config, { now: () => clock, log: () => {}, defs: capped });
  const renamedDeps = depsOf(store, config, { now: () => clock, log: () => {}, defs: renamed });
  const all: refreshDb.StaleFilter = { by: 'day', today: '9999-12-31' };

  // One evaluation per job, no writes: the jobs and their tasks read in batches, the engine run on each.
  const t = performance.now();
  let evaluated = 0;
  let engineMs = 0;
  for (let after = 0; ;) {
    const rows = await refreshDb.staleJobs(deps.db, all, after, 500);
    if (!rows.length) break;
    const tasks = await refreshDb.tasksOfJobs(
      deps.db,
      rows.map((r) => r.id),
    );
    const e = performance.now();
    for (const r of rows)
      evaluateJobWithFacts(currentProgram(deps, r.program_id), jobInput(r, tasks.get(r.id) ?? []), {
        today: '2026-06-01',
      });
    engineMs += performance.now() - e;
    evaluated += rows.length;
    after = rows.at(-1)!.id;
  }
  const readEval = performance.now() - t;

  const count = async () =>
    Number(
      (
        await deps.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('updated_at', '=', clock.toISOString())
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** One run of the worker over what `queue` queued at `at`: its time, work items and jobs written. */
  const timed = async (d: typeof deps, at: number, queue: (d: typeof deps) => Promise<unknown>) => {
    clock = new Date(BENCH_NOW.getTime() + at);
    await queue(d);
    const worker = createWorker(d.db, { handlers: refreshHandlers(d), now: () => clock });
    const started = performance.now();
    const items = await worker.drain();
    return { ms: performance.now() - started, items, written: await count() };
  };
  const first = o.first === false ? undefined : await timed(deps, 60_000, queueDefinitionsRefresh);
  const caps = await timed(cappedDeps, 120_000, queueDefinitionsRefresh);
  const every = await timed(renamedDeps, 180_000, queueDefinitionsRefresh);
  const daily = await timed(renamedDeps, 86_400_000, (d) => queueDailyRefresh(d));
  const line = (name: string, r: Awaited<ReturnType<typeof timed>>, target = true) =>
    `  ${name.padEnd(40)}${secs(r.ms).padStart(9)} (${r.items} work items; ${fmt(r.written)} jobs written, the rest stamped)${target ? ` (target: under ${TARGET_S} s)` : ''}`;

  console.log(`\n${label}: ${fmt(evaluated)} jobs`);
  console.log(
    `  ${'one evaluation per job, no writes:'.padEnd(40)}${secs(readEval).padStart(9)} (engine alone ${secs(engineMs)}, reads ${secs(readEval - engineMs)})`,
  );
  if (first) console.log(line('first evaluation (every job written):', first, false));
  else
    console.log(`  ${'first evaluation (every job written):'.padEnd(40)}        - (started from the evaluated copy)`);
  console.log(line(`${lowered.programs} programs' caps lowered:`, caps));
  console.log(line('every program changed:', every));
  console.log(line('next day:', daily));
  record('refresh', label, {
    evaluate_ms: readEval,
    ...(first ? { first_ms: first.ms } : {}),
    caps_ms: caps.ms,
    every_ms: every.ms,
    daily_ms: daily.ms,
  });
}

// Past BENCH_REFRESH_FIRST_MAX both backends start from the jobs as the first run leaves them (every outcome written),
// the evaluated copy built in bulk and cached beside the generated file; at its first run's instant.
const evaluated = SIZE > FIRST_MAX;
const start = evaluated
  ? await evaluatedDatabase(bench, defs, new Date(BENCH_NOW.getTime() + 60_000), (s) => console.log(s))
  : bench;
if (evaluated)
  console.log(
    `\nAt ${fmt(SIZE)} jobs both backends start from the evaluated copy (BENCH_REFRESH_FIRST_MAX is ${fmt(FIRST_MAX)}).`,
  );
const copy = join(tmpdir(), `rebate-refresh-bench-${process.pid}.db`);
copyFileSync(start.path, copy);
const sqlite = await openStore(`sqlite:${copy}`);
try {
  await run('SQLite', sqlite, { first: !evaluated });
} finally {
  await sqlite.close();
  for (const ext of ['', '-wal', '-shm']) rmSync(`${copy}${ext}`, { force: true });
}
if (PG_URL) {
  // The cached PostgreSQL twin of the generated or the evaluated file (bench/postgres-copy.ts; the other's kept);
  // dropped after the run, which wrote to it: the next bench copies it afresh.
  const twin = await postgresBench(start, PG_URL, (s) => console.log(s), { keepOthers: evaluated });
  try {
    await run('PostgreSQL', twin.store, { first: !evaluated });
  } finally {
    await twin.store.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${twin.schema}" CASCADE`).finally(() => admin.end());
  }
}
