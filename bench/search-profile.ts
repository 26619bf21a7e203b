/**
 * Where a search's time goes, and what the search's sizes buy. The bench's search queries (benchSearchQueries, as the
 * API bench asks them) over the bench database (BENCH_JOBS, default 100,000; on its PostgreSQL copy with
 * BENCH_DATABASE_URL), each phase timed as the service runs them: pool ids from the index, the identifier scan, reading
 * the pool's rows, ranking. With BENCH_TUNINGS, a JSON list of changes to SEARCH_TUNING (e.g. '[{}, {"pool": 1500}]'),
 * each tuning's agreement with fuse.js over every job (tie-aware and strict, on the fixed queries and on
 * BENCH_RANDOM_QUERIES random ones, default 30) and its latency. fuse.js's answers are kept beside the database
 * (data/bench/*.fuse-*.json): a million jobs take fuse.js seconds a query, once per dataset.
 * Run: node --import tsx bench/search-profile.ts (add --cpu-prof for a profile).
 */
import Fuse from 'fuse.js';
import { oneSize } from './record.ts';
import { JOB_SEARCH } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps, repoDefinitions } from '../server/deps.ts';
import type { AuthUser } from '../server/context.ts';
import * as searchRows from '../server/db/search-rows.db.ts';
import {
  SEARCH_TUNING,
  candidateIds,
  fuseOptions,
  rankRows,
  type SearchTuning,
} from '../server/services/fuzzy-rank.ts';
import { identifierCandidates } from '../server/services/identifier-scan.ts';
import { searchJobs } from '../server/services/search.service.ts';
import { dbValue } from '../tests/support/db.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';
import { postgresBench } from './postgres-copy.ts';
import { agreementOf, median, pct, quantile } from './api-figures.ts';
import { benchSearchQueries, cachedFuseAnswers, fuseAnswersFile, randomJobQueries } from './search-agreement.ts';

const SIZE = oneSize(100_000);
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: console.log });
const PG_URL = process.env.BENCH_DATABASE_URL;
const sqlite = await buildDeps(
  { ...loadConfig({}), database_url: `sqlite:${bench.path}` },
  { log: () => {}, now: () => BENCH_NOW },
);
// On PostgreSQL the bench's copy of the same rows (postgres-copy.ts); times are wall times there (the database works in
// its own process).
const deps = PG_URL
  ? await buildDeps(
      {
        ...loadConfig({}),
        database_url: PG_URL,
        database_schema: (await postgresBench(bench, PG_URL, console.log)).schema,
      },
      { log: () => {}, now: () => BENCH_NOW },
    )
  : sqlite;
const one = async (text: string, ...p: unknown[]) => String(await dbValue(sqlite, text, ...p));
const queries = await benchSearchQueries(one, SIZE, bench.contractor_ids);
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
for (const [q] of [...byQ].sort((a, b) => Math.min(...b[1]) - Math.min(...a[1])).slice(0, 8))
  console.log(
    q.padEnd(20),
    detail
      .get(q)!
      .map((x) => x.toFixed(1).padStart(6))
      .join(' '),
    ' (candidates identifiers rows rank, ms)',
  );

// Each tuning's agreement with fuse.js over every job and its latency (BENCH_TUNINGS='[{}, {"pool": 1500}]').
if (process.env.BENCH_TUNINGS) {
  const tunings = JSON.parse(process.env.BENCH_TUNINGS) as Partial<SearchTuning>[];
  let rows: searchRows.JobSearchText[] | undefined;
  const allRows = async () =>
    (rows ??= (
      await searchRows.jobSearchTexts(
        sqlite.db,
        Array.from({ length: SIZE }, (_, i) => i + 1),
      )
    ).sort((x, y) => x.id - y.id));
  const random = randomJobQueries(await allRows(), Number(process.env.BENCH_RANDOM_QUERIES ?? 30));
  const answers = cachedFuseAnswers(
    fuseAnswersFile(bench.path),
    () => new Fuse(rows!, { ...fuseOptions(JOB_SEARCH), includeScore: true }),
    [...queries, ...random],
  );
  const ops: AuthUser = { id: bench.ops_user_ids[0], email: '', name: '', role: 'ops', contractor_id: null };
  for (const change of tunings) {
    const tuning = { ...SEARCH_TUNING, ...change };
    const agreement = async (qs: string[]) => {
      const sum = { strict: 0, tieAware: 0 };
      for (const q of qs) {
        const got = (await searchJobs(deps, ops, q, 10, tuning)).map((r) => r.id);
        const a = agreementOf(answers.top.get(q)!, answers.tied.get(q)!, got);
        sum.strict += a.strict / qs.length;
        sum.tieAware += a.tieAware / qs.length;
      }
      return sum;
    };
    const fixed = await agreement(queries);
    const randomShare = await agreement(random);
    // Wall time per query: the median of three rounds (after the agreement's pass warmed it).
    const times = queries.map((): number[] => []);
    for (let round = 0; round < 3; round++)
      for (const [i, q] of queries.entries()) {
        const t = performance.now();
        await searchJobs(deps, ops, q, 10, tuning);
        times[i].push(performance.now() - t);
      }
    const each = times.map(median);
    console.log(
      `${JSON.stringify(change)}: agreement ${pct(fixed)}, random queries ${pct(randomShare)}; median ${median(each).toFixed(1)} ms, p95 ${quantile(each, 0.95).toFixed(1)} ms`,
    );
  }
}
await deps.store.close();
if (deps !== sqlite) await sqlite.store.close();
