/**
 * For the search tests: generated jobs (deterministic), and the service's search (server/services/
 * search.service.ts with fuzzy-rank.ts) over the async search module: the pool (the whole scope when
 * small, else the index's candidates, scored as fuzzy-rank.ts's candidateIds scores them) ranked by
 * fuzzy-rank.ts's own rankRows. candidateIds reads the synchronous module, so its steps are repeated
 * here over server/db/search.db.ts, unchanged.
 */

import type { SearchConfig } from '../../engine/index.ts';
import type { NewJob } from '../../server/db/jobs.db.ts';
import * as search from '../../server/db/search.db.ts';
import type { Q } from '../../server/db/portable.ts';
import { rankRows, type SearchTuning } from '../../server/services/fuzzy-rank.ts';

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Elizabeth', 'David', 'Jennifer', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel'];
const LAST = ['Garcia', 'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris'];
const STREETS = ['Main St', 'Oak Ave', 'Pine Rd', 'Maple Dr', 'Cedar Ln', 'Elm St', 'Washington Blvd', 'Lake View Ct', 'Hill Rd', 'Sunset Ave', 'Park Pl', 'River Rd'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Madison', 'Georgetown', 'Arlington', 'Salem', 'Clinton', 'Ashland', 'Dover'];

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AT = '2024-05-01T00:00:00.000Z';

/** `n` jobs (codes G-00001 ...), spread over the companies and homeowners given (some with neither). */
export function generatedJobs(n: number, seed: number, contractorIds: number[], homeownerIds: number[]): NewJob[] {
  const r = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  return Array.from({ length: n }, (_, i) => {
    const first_name = pick(FIRST);
    const last_name = pick(LAST);
    return {
      code: `G-${String(i + 1).padStart(5, '0')}`,
      external_id: r() < 0.6 ? `EXT-${1000 + Math.floor(r() * 9000)}` : null,
      first_name,
      last_name,
      full_name: `${first_name} ${last_name}`,
      address: `${1 + Math.floor(r() * 9999)} ${pick(STREETS)}`,
      city: r() < 0.9 ? pick(CITIES) : null,
      contractor_id: contractorIds.length && r() < 0.85 ? pick(contractorIds) : null,
      homeowner_user_id: homeownerIds.length && r() < 0.5 ? pick(homeownerIds) : null,
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
    } as NewJob;
  });
}

// ---- candidateIds of server/services/fuzzy-rank.ts, step for step, over the async module ----

const EQUAL = -Math.log(Number.EPSILON);
const SUBSTRING = -Math.log(0.001);
const WEAK = 0.1;
const trigramsOf = (s: string) => [...new Set(Array.from({ length: Math.max(0, s.length - 2) }, (_, i) => s.slice(i, i + 3)))];

function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return [...new Set(Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]))];
}

function weights(config: SearchConfig): Map<string, number> {
  const total = config.keys.reduce((n, k) => n + k.weight, 0);
  return new Map(config.keys.map((k) => [k.name, k.weight / total]));
}

/** fuzzy-rank.ts's candidateIds over server/db/search.db.ts. */
export async function candidateIds(db: Q, index: search.SearchIndex, config: SearchConfig, scope: search.SearchScope, query: string, tuning: SearchTuning): Promise<number[]> {
  const q = query.toLowerCase();
  const m = q.length;
  const w = weights(config);
  const fieldWeight = search.SEARCH_FIELDS[index].map((f) => w.get(f) ?? 0);
  const score = new Map<number, number>();
  const add = (key: number, value: number) => {
    const id = Math.floor(key / search.KEY_SPAN);
    score.set(id, (score.get(id) ?? 0) + fieldWeight[key % search.KEY_SPAN] * value);
  };
  const nq = 1 / Math.sqrt(q.split(/\s+/).filter(Boolean).length || 1);
  const nh = 1 / Math.sqrt((q.split(/\s+/).filter(Boolean).length || 1) + 1);

  if (m < 3) {
    const terms = await search.termsStartingWith(db, index, q);
    for (const key of await search.matchingKeys(db, index, terms, scope, tuning.exact_limit, true)) add(key, SUBSTRING * nh);
  } else {
    const grams = spread(trigramsOf(q), tuning.grams);
    const count = new Map<number, number>();
    const rare: string[] = [];
    const common: string[] = [];
    for (const g of grams) {
      const keys = await search.matchingKeys(db, index, [g], scope, tuning.gram_limit);
      (keys.length < tuning.gram_limit ? rare : common).push(g);
      for (const key of keys) count.set(key, (count.get(key) ?? 0) + 1);
    }
    const exact = new Set(await search.matchingKeys(db, index, [...rare, ...common.slice(0, rare.length ? 2 : common.length)], scope, tuning.exact_limit));
    if (m >= 6) {
      const h = Math.ceil(m / 2) + 1;
      for (const half of [q.slice(0, h), q.slice(m - h)]) {
        const credit = Math.round((grams.length * (half.length - 2)) / (m - 2));
        for (const key of await search.matchingKeys(db, index, trigramsOf(half), scope, tuning.exact_limit)) if ((count.get(key) ?? 0) < credit) count.set(key, credit);
      }
    }
    const equalTerms = [search.FIELD_START + q.slice(0, 2), q.slice(-2) + search.FIELD_END, ...(rare.length ? rare : grams.slice(0, 2))];
    const equal = new Set(await search.matchingKeys(db, index, equalTerms, scope, tuning.exact_limit));
    for (const key of equal) add(key, EQUAL * nq);
    for (const key of exact) if (!equal.has(key)) add(key, SUBSTRING * nh);
    const t = grams.length;
    for (const [key, c] of count) {
      if (exact.has(key) || equal.has(key)) continue;
      const s = Math.min(config.threshold, Math.max(1, (((t - c) / t) * (m - 2)) / 2) / m);
      add(key, -Math.log(s) * nh * (c * 3 < t ? WEAK : 1));
    }
  }
  return [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, tuning.pool).map(([id]) => id);
}

/** searchJobs of search.service.ts without the user and the presentation: ids, best first. */
export async function searchJobIds(db: Q, config: SearchConfig, scope: search.SearchScope, query: string, limit: number, tuning: SearchTuning): Promise<number[]> {
  const pool = (await search.idsInScope(db, 'jobs', scope, tuning.whole_scope)) ?? (await candidateIds(db, 'jobs', config, scope, query, tuning));
  return rankRows(await search.jobSearchTexts(db, pool), config, query, limit, tuning).map((r) => r.id);
}

/** searchContractors of search.service.ts: ids, best first. */
export async function searchContractorIds(db: Q, config: SearchConfig, scope: search.SearchScope, query: string, limit: number, tuning: SearchTuning): Promise<number[]> {
  const pool = (await search.idsInScope(db, 'contractors', scope, tuning.whole_scope)) ?? (await candidateIds(db, 'contractors', config, scope, query, tuning));
  return rankRows(await search.contractorSearchRows(db, pool), config, query, limit, tuning).map((r) => r.id);
}
