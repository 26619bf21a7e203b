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
const best = Object.fromEntries(FIELDS.map((f) => [f, new Float32Array(SIZE + 1)]));
function wordPool(q: string, n: number): number[] {
  const touched: number[] = [];
  if (identifierLike(q.toLowerCase())) return touched;
  const seen = new Uint8Array(SIZE + 1);
  const passes = charFilter(q.toLowerCase(), JOB_SEARCH.threshold);
  for (const f of FIELDS) {
    const d = dicts[f];
    const at: number[] = [];
    d.entries.forEach((e, i) => passes(e) && at.push(i));
    single.setCollection(at.map((i) => d.entries[i]));
    const b = best[f];
    for (const hit of single.search(q)) {
      const s = hit.score === 0 ? EPS : -Math.log(hit.score!);
      for (const id of d.postings[at[hit.refIndex]]) {
        const g = weight[f] * norms[f][id] * s;
        if (g > b[id]) b[id] = g;
        if (!seen[id]) {
          seen[id] = 1;
          touched.push(id);
        }
      }
    }
  }
  const scored = touched.map((id) => {
    let s = 0;
    for (const f of FIELDS) {
      s += best[f][id];
      best[f][id] = 0;
    }
    return [id, s] as const;
  });
  scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return scored.slice(0, n).map(([id]) => id);
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
  `agreement tie-aware: now ${(100 * sums.now).toFixed(1)}%, word pool ${(100 * sums.words).toFixed(1)}%, both ${(100 * sums.both).toFixed(1)}%; word pool median ${wordMs[Math.floor(wordMs.length / 2)].toFixed(1)} ms, p95 ${wordMs[Math.floor(wordMs.length * 0.95)].toFixed(1)} ms`,
);
await deps.store.close();
