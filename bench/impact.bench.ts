/**
 * `npm run bench`: the impact report (engine/impact.ts) over the 100,000 jobs of the bench database
 * (bench/generate-db.ts), printed beside the time of one evaluation per job. The database's jobs carry no
 * task rows, so each gets the tasks of a job generated from its program's cases (bench/generate.ts): the
 * evaluations run the programs' real rules. Two proposals: the heat pump cap lowered in every program that
 * has one (the jobs of the other programs are not run again: their program did not change), and every
 * program changed (every job runs twice). Then the report read from PostgreSQL's twin of the same rows, where one
 * answers. Figures, not assertions (target: the report under 5 s).
 */

import Database from 'better-sqlite3';
import { evaluateJob, impactRun, type ImpactJob } from '../engine/index.ts';
import { sqliteStore, type Store } from '../server/db/database.ts';
import { readDefinitionSources } from '../server/definitions.ts';
import { REPO_ROOT } from '../server/deps.ts';
import { impactJobPages } from '../server/services/impact.service.ts';
import { impactInThreads } from '../server/services/impact-threads.ts';
import { availableParallelism } from 'node:os';
import { benchDatabase, BENCH_NOW } from './generate-db.ts';
import { generateJobs } from './generate.ts';
import { postgresBench } from './postgres-copy.ts';
import { benchPostgres } from './postgres-url.ts';
import { loadOrThrow, lowerHeatPumpCaps, renameEveryProgram } from './proposals.ts';
import { record } from './record.ts';

const SIZE = Number(process.env.BENCH_IMPACT_JOBS ?? 100_000);
const TODAY = BENCH_NOW.toISOString().slice(0, 10);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const files = readDefinitionSources(REPO_ROOT);
const current = loadOrThrow(files);
const caps = lowerHeatPumpCaps(files);
const changedPrograms = caps.programs;
const lowered = loadOrThrow(caps.files);
// Every program changed (its name), so that no job is skipped.
const everythingFiles = renameEveryProgram(files);
const everything = loadOrThrow(everythingFiles);

const db = benchDatabase(current.programs, { size: SIZE, log: (s) => console.log(s) });
const store = sqliteStore(new Database(db.path, { readonly: true }));
// As the API bench: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server (`off`: SQLite alone).
const PG_URL = (await benchPostgres()).url;
const pools = new Map(Object.values(current.programs).map((p) => [p.id, generateJobs(p, current.cases[p.id], 500)]));
let seen = 0;
/** The next page of live jobs read from the database (timed apart), each given the tasks of a generated job. */
async function* pages(from: Store = store): AsyncGenerator<ImpactJob[]> {
  // The bench's jobs are not pinned: the programs of each side are its definitions'.
  const read = impactJobPages(from.kysely, current, current);
  for (;;) {
    const started = performance.now();
    const next = await read.next();
    readMs += performance.now() - started;
    if (next.done) return;
    for (const j of next.value) {
      const pool = pools.get(j.program_id);
      if (pool) j.input.tasks = pool[seen++ % pool.length].tasks;
    }
    yield next.value;
  }
}
let readMs = 0;

// Warm the engine up first (the JIT), so no figure pays for it: the first 5,000 jobs once.
for await (const jobs of pages()) {
  for (const j of jobs) evaluateJob(current.programs[j.program_id], j.input, { today: TODAY });
  if (seen >= 5000) break;
}
readMs = 0;
seen = 0;

// One pass over the database, a page at a time (as the server streams it): each page evaluated once per job, then
// through both reports, each timed on its own. Nothing but the changed jobs is held.
const runs = [
  { label: `heat pump cap lowered (${changedPrograms} programs):`, run: impactRun(current, lowered, TODAY), ms: 0 },
  { label: 'every program changed:', run: impactRun(current, everything, TODAY), ms: 0 },
];
let oneMs = 0;
let jobCount = 0;
let peakHeap = 0;
for await (const jobs of pages()) {
  jobCount += jobs.length;
  let started = performance.now();
  for (const j of jobs) evaluateJob(current.programs[j.program_id], j.input, { today: TODAY });
  oneMs += performance.now() - started;
  for (const r of runs) {
    started = performance.now();
    r.run.add(jobs);
    r.ms += performance.now() - started;
  }
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}

// The report as the server and `rebate impact` make it at this size: read here while worker threads evaluate
// (server/services/impact-threads.ts), from the same jobs with the same tasks.
const threads = Math.min(4, availableParallelism());
/** The every-program report read from `from` (counts and reads from zero) and made in worker threads; its time. */
async function everyInThreads(from: Store) {
  seen = 0;
  readMs = 0;
  const started = performance.now();
  const report = await impactInThreads(pages(from), {
    current,
    proposed: everything,
    sources: { current: files, proposed: everythingFiles },
    today: TODAY,
    threads,
  });
  return { report, ms: performance.now() - started };
}
const { report: threaded, ms: threadedMs } = await everyInThreads(store);
const same = JSON.stringify(threaded) === JSON.stringify(runs[1].run.report);
await store.close();

/**
 * PostgreSQL: the same report read from the PostgreSQL twin of the bench database (bench/postgres-copy.ts, cached; the
 * same rows), in one thread and in worker threads: the evaluations are the engine's either way, the reads are the
 * backend's.
 */
async function onPostgres(url: string) {
  const twin = await postgresBench(db, url, (s) => console.log(s));
  const sqliteRead = readMs;
  try {
    seen = 0;
    readMs = 0;
    const run = impactRun(current, everything, TODAY);
    const started = performance.now();
    for await (const jobs of pages(twin.store)) run.add(jobs);
    const oneThread = performance.now() - started;
    const read = readMs;
    const { report, ms: inThreads } = await everyInThreads(twin.store);
    const agrees = JSON.stringify(report) === JSON.stringify(runs[1].run.report);
    return { read, oneThread, inThreads, agrees: agrees && JSON.stringify(run.report) === JSON.stringify(report) };
  } finally {
    readMs = sqliteRead;
    await twin.store.close();
  }
}
const pgFigures = PG_URL ? await onPostgres(PG_URL) : undefined;

console.log(
  `impact report over ${fmt(jobCount)} live jobs of ${fmt(SIZE)}, streamed a page at a time (read from the database in ${secs(readMs)}), one core`,
);
console.log(
  `  one evaluation per job:                       ${secs(oneMs).padStart(8)}  (${((oneMs * 1000) / jobCount).toFixed(1)} µs per job)`,
);
for (const { label, run, ms } of runs) {
  console.log(
    `  impact, ${label.padEnd(37)}${secs(ms).padStart(8)}  (${(ms / oneMs).toFixed(1)}x one evaluation per job; ${fmt(run.report.jobs.length)} jobs change, ${fmt(run.report.dollars.total_cents / 100)} dollars)`,
  );
}
const every = runs[1].ms;
console.log(
  `  every program changed, read and report:      ${secs(readMs + every).padStart(8)}; peak heap ${fmt(peakHeap / 2 ** 20)} MiB`,
);
console.log(
  `  every program changed, read here, reported in ${threads} threads: ${secs(threadedMs).padStart(8)}${same ? '' : '  (NOT the same report as one thread!)'}`,
);
if (pgFigures)
  console.log(
    `  PostgreSQL: every program changed, read and report, one thread ${secs(pgFigures.oneThread)} (reads ${secs(pgFigures.read)}); in ${threads} threads ${secs(pgFigures.inThreads)}${pgFigures.agrees ? '' : '  (NOT the same report as SQLite!)'}`,
  );
console.log('  target: the impact report under 5 s (100,000 jobs), under 60 s (1,000,000), its reads included');
record('impact', 'SQLite', {
  read_ms: readMs,
  evaluate_ms: oneMs,
  caps_ms: runs[0].ms,
  every_ms: every,
  every_with_read_ms: readMs + every,
  every_threads_ms: threadedMs,
  threads,
  peak_heap_bytes: peakHeap,
});
if (pgFigures)
  record('impact', 'PostgreSQL', {
    read_ms: pgFigures.read,
    every_with_read_ms: pgFigures.oneThread,
    every_threads_ms: pgFigures.inThreads,
    threads,
  });
