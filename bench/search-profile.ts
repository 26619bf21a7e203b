/**
 * Where a search's time goes: the bench's search queries over the 100,000-job database (BENCH_JOBS),
 * each phase timed (pool ids from the index, reading the pool's texts, ranking, reading the results).
 * Run: node --import tsx bench/search-profile.ts (add --cpu-prof for a profile).
 */
import { JOB_SEARCH } from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps, repoDefinitions } from '../server/deps.ts';
import * as searchDb from '../server/db/search.db.ts';
import { SEARCH_TUNING, candidateIds, rankRows } from '../server/services/fuzzy-rank.ts';
import { identifierCandidates } from '../server/services/identifier-scan.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';

const SIZE = Number(process.env.BENCH_JOBS ?? 100_000);
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: console.log });
const deps = await buildDeps({ ...loadConfig({}), database_url: process.env.BENCH_DATABASE_URL ?? `sqlite:${bench.path}` }, { log: () => {}, now: () => BENCH_NOW });
const queries = ['johnson', 'jhonson', 'Mary Smith', 'smtih', 'garcia', 'Gonzales', 'nguyen', 'Wlliams', 'patel', 'OBrien', 'Isabella', 'Christopher', 'Priya Patel', 'Lakshmi', 'Rodriguze', '1234 Oak', 'Maple Ave', 'Sycamore', 'Shoreline Dr', 'Madison', 'Sheboygan', 'San Luis Obispo', 'Watsonvile', 'atlanta', 'Fond du Lac', 'comfrt systms', 'jo'];
const phase = { candidates: 0, identifiers: 0, texts: 0, rank: 0, rows: 0 };
const perQuery: [string, number][] = [];
for (let round = 0; round < 5; round++) {
  for (const q of queries) {
    const t0 = performance.now();
    const ids = await candidateIds(deps.db, 'jobs', JOB_SEARCH, {}, q, SEARCH_TUNING);
    const t1 = performance.now();
    const extra = await identifierCandidates(deps.db, deps.store, JOB_SEARCH, q, SEARCH_TUNING.shortlist);
    const t2 = performance.now();
    const pool = await searchDb.jobSearchTexts(deps.db, [...new Set([...ids, ...extra])]);
    const t3 = performance.now();
    const top = rankRows(pool, JOB_SEARCH, q, 10, SEARCH_TUNING).map((r) => r.id);
    const t4 = performance.now();
    await searchDb.jobSearchRows(deps.db, top);
    const t5 = performance.now();
    if (round > 0) {
      phase.candidates += t1 - t0; phase.identifiers += t2 - t1; phase.texts += t3 - t2; phase.rank += t4 - t3; phase.rows += t5 - t4;
      perQuery.push([q, t5 - t0]);
    }
  }
}
const n = 4 * queries.length;
console.log(Object.fromEntries(Object.entries(phase).map(([k, v]) => [k, `${(v / n).toFixed(2)} ms`])));
const byQ = new Map<string, number[]>();
for (const [q, t] of perQuery) byQ.set(q, [...(byQ.get(q) ?? []), t]);
console.log([...byQ].map(([q, ts]) => [q, Math.min(...ts).toFixed(1)]).sort((a, b) => Number(b[1]) - Number(a[1])).slice(0, 12));
