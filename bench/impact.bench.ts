/**
 * `npm run bench`: the impact report (engine/impact.ts) over the 100,000 jobs of the bench database
 * (bench/generate-db.ts), printed beside the time of one evaluation per job. The database's jobs carry no
 * task rows, so each gets the tasks of a job generated from its program's cases (bench/generate.ts): the
 * evaluations run the programs' real rules. Two proposals: the heat pump cap lowered in every program that
 * has one (the jobs of the other programs are not run again: their program did not change), and every
 * program changed (every job runs twice). Figures, not assertions (target: the report under 5 s).
 */

import Database from 'better-sqlite3';
import { evaluateJob, impactReport, type ImpactJob } from '../engine/index.ts';
import { sqliteStore } from '../server/db/database.ts';
import { readDefinitionSources } from '../server/definitions.ts';
import { REPO_ROOT } from '../server/deps.ts';
import { impactJobs } from '../server/services/impact.service.ts';
import { benchDatabase, BENCH_NOW } from './generate-db.ts';
import { generateJobs } from './generate.ts';
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
const everything = loadOrThrow(renameEveryProgram(files));

const db = benchDatabase(current.programs, { size: SIZE, log: (s) => console.log(s) });
const store = sqliteStore(new Database(db.path, { readonly: true }));
let started = performance.now();
// The bench's jobs are not pinned: the programs of each side are its definitions'.
const jobs: ImpactJob[] = await impactJobs(store.kysely, current, current);
const readMs = performance.now() - started;
await store.close();
const pools = new Map(Object.values(current.programs).map((p) => [p.id, generateJobs(p, current.cases[p.id], 500)]));
jobs.forEach((j, i) => {
  const pool = pools.get(j.program_id);
  if (pool) j.input.tasks = pool[i % pool.length].tasks;
});

console.log(
  `impact report over ${fmt(jobs.length)} live jobs of ${fmt(SIZE)} (read from the database in ${secs(readMs)}), one core`,
);
// Warm the engine up first (the JIT), so neither figure pays for it.
for (const j of jobs.slice(0, 5000)) evaluateJob(current.programs[j.program_id], j.input, { today: TODAY });
started = performance.now();
for (const j of jobs) evaluateJob(current.programs[j.program_id], j.input, { today: TODAY });
const oneMs = performance.now() - started;
console.log(
  `  one evaluation per job:                       ${secs(oneMs).padStart(8)}  (${((oneMs * 1000) / jobs.length).toFixed(1)} µs per job)`,
);
const reportMs: number[] = [];
for (const [label, proposed] of [
  [`heat pump cap lowered (${changedPrograms} programs):`, lowered],
  ['every program changed:', everything],
] as const) {
  started = performance.now();
  const report = impactReport(current, proposed, jobs, TODAY);
  const ms = performance.now() - started;
  reportMs.push(ms);
  console.log(
    `  impact, ${label.padEnd(37)}${secs(ms).padStart(8)}  (${(ms / oneMs).toFixed(1)}x one evaluation per job; ${fmt(report.jobs.length)} jobs change, ${fmt(report.dollars.total_cents / 100)} dollars)`,
  );
}
console.log('  target: the impact report under 5 s');
record('impact', 'SQLite', { read_ms: readMs, evaluate_ms: oneMs, caps_ms: reportMs[0], every_ms: reportMs[1] });
