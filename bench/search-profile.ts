/**
 * Where a search's time goes: the bench's search queries over the 100,000-job database (BENCH_JOBS),
 * each phase timed (pool ids from the index, the identifier scan, reading the pool's rows, ranking), as the service
 * runs them.
 * Run: node --import tsx bench/search-profile.ts (add --cpu-prof for a profile).
 */
import { oneSize } from './record.ts';
import { JOB_SEARCH } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps, repoDefinitions } from '../server/deps.ts';
import * as searchRows from '../server/db/search-rows.db.ts';
import { SEARCH_TUNING, candidateIds, rankRows } from '../server/services/fuzzy-rank.ts';
import { identifierCandidates } from '../server/services/identifier-scan.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';
import { postgresBench } from './postgres-copy.ts';
import { NAME_QUERIES, PLACE_QUERIES } from './api-figures.ts';

const SIZE = oneSize(100_000);
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: console.log });
const PG_URL = process.env.BENCH_DATABASE_URL;
// On PostgreSQL the bench's copy of the same rows (postgres-copy.ts); times are wall times there (the database works in
// its own process).
const pgSchema = PG_URL ? (await postgresBench(bench, PG_URL, console.log)).schema : undefined;
const deps = await buildDeps(
  { ...loadConfig({}), database_url: PG_URL ?? `sqlite:${bench.path}`, database_schema: pgSchema },
  { log: () => {}, now: () => BENCH_NOW },
);
const queries = [...NAME_QUERIES, '1234 Oak', 'Maple Ave', ...PLACE_QUERIES, 'comfrt systms', 'jo'];
const phase = { candidates: 0, identifiers: 0, rows: 0, rank: 0 };
const perQuery: [string, number][] = [];
const detail = new Map<string, number[]>();
// CPU time (this process: SQLite runs in it), less disturbed by other processes than wall time.
const cpu = () => {
  if (PG_URL) return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let round = 0; round < 5; round++) {
  for (const q of queries) {
    const t0 = cpu();
    const ids = await candidateIds(deps.db, 'jobs', JOB_SEARCH, {}, q, SEARCH_TUNING);
    const t1 = cpu();
    const extra = await identifierCandidates(deps.db, deps.store, JOB_SEARCH, q, SEARCH_TUNING.shortlist);
    const t2 = cpu();
    const pool = await searchRows.jobSearchRows(deps.db, [...new Set([...ids, ...extra])]);
    const t3 = cpu();
    rankRows(pool, JOB_SEARCH, q, 10, SEARCH_TUNING);
    const t4 = cpu();
    if (round > 0) {
      phase.candidates += t1 - t0;
      phase.identifiers += t2 - t1;
      phase.rows += t3 - t2;
      phase.rank += t4 - t3;
      perQuery.push([q, t4 - t0]);
      const d = detail.get(q) ?? [0, 0, 0, 0];
      [t1 - t0, t2 - t1, t3 - t2, t4 - t3].forEach((x, i) => (d[i] += x / 4));
      detail.set(q, d);
    }
  }
}
const n = 4 * queries.length;
console.log(Object.fromEntries(Object.entries(phase).map(([k, v]) => [k, `${(v / n).toFixed(2)} ms`])));
const byQ = new Map<string, number[]>();
for (const [q, t] of perQuery) byQ.set(q, [...(byQ.get(q) ?? []), t]);
console.log(
  [...byQ]
    .map(([q, ts]) => [q, Math.min(...ts).toFixed(1)])
    .sort((a, b) => Number(b[1]) - Number(a[1]))
    .slice(0, 12),
);
for (const [q] of [...byQ].sort((a, b) => Math.min(...b[1]) - Math.min(...a[1])).slice(0, 8))
  console.log(
    q.padEnd(20),
    detail
      .get(q)!
      .map((x) => x.toFixed(1).padStart(6))
      .join(' '),
    ' (candidates identifiers rows rank, CPU ms)',
  );

// The pool size against agreement with fuse.js over every job (BENCH_POOLS=1000,600,400).
if (process.env.BENCH_POOLS) {
  const { default: Fuse } = await import('fuse.js');
  const { fuseOptions } = await import('../server/services/fuzzy-rank.ts');
  const { searchJobs } = await import('../server/services/search.service.ts');
  const rows = (
    await searchRows.jobSearchTexts(
      deps.db,
      Array.from({ length: SIZE }, (_, i) => i + 1),
    )
  ).sort((x, y) => x.id - y.id);
  const fuse = new Fuse(rows, fuseOptions(JOB_SEARCH));
  const tops = new Map(queries.map((q) => [q, fuse.search(q, { limit: 10 }).map((r) => r.item.id)]));
  const ops = { id: bench.ops_user_ids[0], email: '', name: '', role: 'ops' as const, contractor_id: null };
  for (const pool of process.env.BENCH_POOLS.split(',').map(Number)) {
    for (const shortlist of (process.env.BENCH_SHORTLISTS ?? String(SEARCH_TUNING.shortlist)).split(',').map(Number)) {
      const tuning = { ...SEARCH_TUNING, pool, shortlist };
      let agreed = 0;
      const cpus: number[] = [];
      for (const q of queries) {
        const c0 = cpu();
        const got = (await searchJobs(deps, ops, q, 10, tuning)).map((r) => r.id);
        cpus.push(cpu() - c0);
        const top = tops.get(q)!;
        agreed += top.length ? got.filter((id) => top.includes(id)).length / top.length : got.length ? 0 : 1;
      }
      cpus.sort((a, b) => a - b);
      console.log(
        `pool ${pool} shortlist ${shortlist}: agreement ${((100 * agreed) / queries.length).toFixed(1)}%, CPU median ${cpus[Math.floor(cpus.length / 2)].toFixed(1)} ms, p95 ${cpus[Math.floor(cpus.length * 0.95)].toFixed(1)} ms`,
      );
    }
  }
}
