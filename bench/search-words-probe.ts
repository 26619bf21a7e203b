/**
 * A probe for issue 47's search agreement at a million (not part of npm run bench): would candidates chosen from an
 * in-memory index of each text field's words reach fuse.js's agreement? Each field's distinct entries (whole values for
 * a field of at most 20,000 distinct values, such as the city and the company; else its words) are scored by fuse.js
 * once per query (after charFilter), each entry's jobs get the field's share of fuse.js's score (weight × norm ×
 * -ln score), a job's estimate is the sum of its fields' best, and the best 600 form a word pool. Printed per query
 * that misses (tie-aware agreement: the search as shipped, the word pool alone, the shipped pool plus the word pool's
 * best 300) and the word pool's time. The probe holds every job's text in memory: give it
 * --max-old-space-size=8000 at a million.
 * Run: BENCH_JOBS=1000000 node --max-old-space-size=8000 --import tsx bench/search-words-probe.ts
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
  charFilter,
  fuseNorm,
  fuseOptions,
  rankRows,
  candidateIds,
} from '../server/services/fuzzy-rank.ts';
import { identifierCandidates, identifierLike } from '../server/services/identifier-scan.ts';
import { searchJobs } from '../server/services/search.service.ts';
import { dbValue } from '../tests/support/db.ts';
import { BENCH_NOW, benchDatabase } from './generate-db.ts';
import { agreementOf } from './api-figures.ts';
import { benchSearchQueries, cachedFuseAnswers, fuseAnswersFile } from './search-agreement.ts';

const SIZE = oneSize(100_000);
const defs = repoDefinitions();
const bench = benchDatabase(defs.programs, { size: SIZE, log: console.log });
const deps = await buildDeps(
  { ...loadConfig({}), database_url: `sqlite:${bench.path}` },
  { log: () => {}, now: () => BENCH_NOW },
);
const one = async (text: string, ...p: unknown[]) => String(await dbValue(deps, text, ...p));
const queries = await benchSearchQueries(one, SIZE, bench.contractor_ids);
let t = performance.now();
const rows = (
  await searchRows.jobSearchTexts(
    deps.db,
    Array.from({ length: SIZE }, (_, i) => i + 1),
  )
).sort((x, y) => x.id - y.id);
console.log(`read ${rows.length} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const answers = cachedFuseAnswers(
  fuseAnswersFile(bench.path),
  () => new Fuse(rows, { ...fuseOptions(JOB_SEARCH), includeScore: true }),
  queries,
);

const FIELDS = ['full_name', 'address', 'city', 'contractor'] as const;
const total = JOB_SEARCH.keys.reduce((n, k) => n + k.weight, 0);
const weight = Object.fromEntries(JOB_SEARCH.keys.map((k) => [k.name, k.weight / total]));
const EPS = -Math.log(Number.EPSILON);
t = performance.now();
type Dict = { whole: boolean; entries: string[]; ids: Map<string, number>; postings: number[][] };
const dicts: Record<string, Dict> = {};
const norms: Record<string, Float32Array> = {};
for (const f of FIELDS) {
  const distinct = new Set(rows.map((r) => (r[f] ?? '').toLowerCase()));
  const whole = distinct.size <= 20_000;
  const d: Dict = { whole, entries: [], ids: new Map(), postings: [] };
  const norm = new Float32Array(SIZE + 1);
  for (const r of rows) {
    const v = (r[f] ?? '').toLowerCase();
    if (!v) continue;
    norm[r.id] = fuseNorm(v);
    for (const w of whole ? [v] : new Set(v.split(/\s+/).filter(Boolean))) {
      let id = d.ids.get(w);
      if (id === undefined) {
        d.ids.set(w, (id = d.entries.length));
        d.entries.push(w);
        d.postings.push([]);
      }
      d.postings[id].push(r.id);
    }
  }
  dicts[f] = d;
  norms[f] = norm;
  console.log(`${f}: ${whole ? 'whole values' : 'words'} ${d.entries.length}`);
}
console.log(
  `built in ${((performance.now() - t) / 1000).toFixed(1)} s; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);

const single = new Fuse<string>([], {
  threshold: JOB_SEARCH.threshold,
  minMatchCharLength: JOB_SEARCH.minMatchCharLength,
  ignoreLocation: JOB_SEARCH.ignoreLocation,
  includeScore: true,
});
// Postings as typed arrays; per query, each field's best share per job, summed over the touched jobs, cut at the nth.
const postings = Object.fromEntries(FIELDS.map((f) => [f, dicts[f].postings.map((p) => Int32Array.from(p))]));
const best = Object.fromEntries(FIELDS.map((f) => [f, new Float32Array(SIZE + 1)]));
const seen = new Uint8Array(SIZE + 1);
const phase = { dictionary: 0, postings: 0, cut: 0 };
const touchedCount: number[] = [];
function wordPool(q: string, n: number): number[] {
  const touched: number[] = [];
  if (identifierLike(q.toLowerCase())) return touched;
  const passes = charFilter(q.toLowerCase(), JOB_SEARCH.threshold);
  for (const f of FIELDS) {
    const t0 = performance.now();
    const d = dicts[f];
    const at: number[] = [];
    d.entries.forEach((e, i) => passes(e) && at.push(i));
    single.setCollection(at.map((i) => d.entries[i]));
    const hits = single.search(q);
    const t1 = performance.now();
    const b = best[f];
    const norm = norms[f];
    for (const hit of hits) {
      const s = weight[f] * (hit.score === 0 ? EPS : -Math.log(hit.score!));
      for (const id of postings[f][at[hit.refIndex]]) {
        const g = norm[id] * s;
        if (g > b[id]) b[id] = g;
        if (!seen[id]) {
          seen[id] = 1;
          touched.push(id);
        }
      }
    }
    phase.dictionary += t1 - t0;
    phase.postings += performance.now() - t1;
  }
  const t2 = performance.now();
  const sum = new Float32Array(touched.length);
  touched.forEach((id, i) => {
    let s = 0;
    for (const f of FIELDS) {
      s += best[f][id];
      best[f][id] = 0;
    }
    seen[id] = 0;
    sum[i] = s;
  });
  // A cut at or below the nth best sum from a histogram of the sums (one pass), then only the jobs above it sorted.
  let cut = -Infinity;
  if (touched.length > n) {
    let top = 0;
    for (const x of sum) if (x > top) top = x;
    const buckets = new Int32Array(1024);
    for (const x of sum) buckets[Math.min(1023, Math.floor((x / top) * 1024))]++;
    for (let i = 1023, count = 0; i >= 0; i--)
      if ((count += buckets[i]) >= n) {
        cut = (i / 1024) * top;
        break;
      }
  }
  touchedCount.push(touched.length);
  const kept: [number, number][] = [];
  touched.forEach((id, i) => sum[i] >= cut && kept.push([id, sum[i]]));
  kept.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  phase.cut += performance.now() - t2;
  return kept.slice(0, n).map(([id]) => id);
}

const ops: AuthUser = { id: bench.ops_user_ids[0], email: '', name: '', role: 'ops', contractor_id: null };
const sums = { now: 0, words: 0, both: 0 };
const wordMs: number[] = [];
for (const q of queries) {
  const top = answers.top.get(q)!;
  const tied = answers.tied.get(q)!;
  const now = (await searchJobs(deps, ops, q, 10)).map((r) => r.id);
  const t0 = performance.now();
  const wp = wordPool(q, 600);
  wordMs.push(performance.now() - t0);
  const extra = await identifierCandidates(deps.db, deps.store, JOB_SEARCH, q, SEARCH_TUNING.shortlist);
  const base = await candidateIds(deps.db, 'jobs', JOB_SEARCH, {}, q, SEARCH_TUNING);
  const rank = async (ids: number[]) =>
    rankRows(await searchRows.jobSearchRows(deps.db, [...new Set(ids)]), JOB_SEARCH, q, 10, SEARCH_TUNING).map(
      (r) => r.id,
    );
  const words = await rank([...wp, ...extra]);
  const both = await rank([...base, ...wp.slice(0, 300), ...extra]);
  const a = [now, words, both].map((g) => agreementOf(top, tied, g).tieAware);
  sums.now += a[0] / queries.length;
  sums.words += a[1] / queries.length;
  sums.both += a[2] / queries.length;
  if (a.some((x) => x < 1))
    console.log(q.padEnd(24), a.map((x) => x.toFixed(1)).join(' '), `${wordMs.at(-1)!.toFixed(1)} ms`);
}
wordMs.sort((a, b) => a - b);
console.log(
  `phases per query: ${Object.entries(phase)
    .map(([k, v]) => `${k} ${(v / queries.length).toFixed(1)} ms`)
    .join(
      ', ',
    )}; jobs touched: median ${touchedCount.sort((a, b) => a - b)[touchedCount.length >> 1]}, most ${touchedCount.at(-1)}`,
);
console.log(
  `agreement tie-aware: now ${(100 * sums.now).toFixed(1)}%, word pool ${(100 * sums.words).toFixed(1)}%, both ${(100 * sums.both).toFixed(1)}%; word pool median ${wordMs[Math.floor(wordMs.length / 2)].toFixed(1)} ms, p95 ${wordMs[Math.floor(wordMs.length * 0.95)].toFixed(1)} ms`,
);
await deps.store.close();
