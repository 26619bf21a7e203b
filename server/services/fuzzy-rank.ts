/**
 * fuse.js semantics at database scale. fuse.js over 100,000 jobs takes about a second; here the trigram index
 * (SQLite's FTS5, PostgreSQL's pg_trgm) narrows the rows to a pool, fuse.js scores the pool field by field, and
 * fuse.js,
 * configured exactly by the engine's search config, ranks the short list. Over a small scope (a
 * company's jobs, the contractor list) the pool is the whole scope, so the result is exactly fuse.js's.
 *
 * Why the two fuse.js passes give fuse.js's ranking: fuse.js scores an item as the product over its
 * matching keys of `s ** (weight * norm)`, where `s` and `norm` depend only on the key's value. So a
 * fuse.js string-list search over the distinct values of one key (`s ** norm` per value) gives each
 * key's share of the score exactly, and a field value repeated by many rows (a contractor, a city) is
 * scored once. Only the pool is approximate: a row sharing no sampled trigram with the query is missed.
 */

import Fuse, { type IFuseOptions } from 'fuse.js';
import type { SearchConfig } from '../../engine/index.ts';
import type { Q } from '../db/portable.ts';
import {
  KEY_SPAN,
  SEARCH_FIELDS,
  containingKeys,
  matchingKeys,
  wholeQueryKeys,
  type SearchIndex,
  type SearchScope,
} from '../db/search.db.ts';
import { pairKeys } from '../db/search-pairs.db.ts';

/** Sizes of each step (figures measured by `bench/api.bench.ts` on 100,000 jobs). */
export interface SearchTuning {
  /** A scope of at most this many rows is read whole (then the result is exactly fuse.js's). */
  whole_scope: number;
  /** Rows the index proposes, read and scored key by key. */
  pool: number;
  /** Rows fuse.js ranks at the end. */
  shortlist: number;
  /** Trigrams of the query looked up (spread along it). */
  grams: number;
  /** Keys read per trigram. */
  gram_limit: number;
  /** Keys read per whole-query lookup. */
  exact_limit: number;
  /** Keys read for a query shorter than a trigram (every trigram starting with it). */
  prefix_limit: number;
  /** Keys read per half-query lookup (a typo leaves one half whole). */
  half_limit: number;
}

/** The tuning the API uses. */
// Pool 600 and shortlist 60 (from 1000 and 100): agreement with fuse.js over every job 95.6% (was 96.3%), search CPU
// p95 17.5 ms
// (was 22.5 ms) on the bench's names, typos, places and companies (bench/search-profile.ts, BENCH_TUNINGS).
// Keys per trigram 150 (from 600) and for a two-character query 1,500 (from 5,000): the same agreement on the 38
// queries of
// bench/api.bench.ts but one result of one code (95.0% from 95.3%; 600 keys for a prefix drop 'jo' to 60%), a quarter
// of the rows PostgreSQL reads and rechecks.
// Trigrams 4 (from 8) and keys per half-query 2,500 (from 5,000, as whole queries): the same 95.0% on the bench's
// queries and
// 70.1% on SQLite (from 69.3%; 69.9% on PostgreSQL) on 120 random ones (a field or a word of a random job with up to
// two typos:
// bench/api.bench.ts prints it); 3 trigrams drop the bench's queries to 93.7%. Each lookup on PostgreSQL costs a GIN
// scan of
// its trigram's whole posting list (1-2 ms for a common one), and a half such as 'heating & air' holds thousands of
// fields:
// PostgreSQL search p95 ~25 -> ~18.5 ms on the bench's queries, SQLite 17 -> 15 ms.
export const SEARCH_TUNING: SearchTuning = {
  whole_scope: 1000,
  pool: 600,
  shortlist: 60,
  grams: 4,
  gram_limit: 150,
  exact_limit: 5000,
  prefix_limit: 1500,
  half_limit: 2500,
};

/** The fuse.js options of a search config (what the web client uses too). */
export function fuseOptions<T>(config: SearchConfig): IFuseOptions<T> {
  return {
    keys: config.keys,
    threshold: config.threshold,
    minMatchCharLength: config.minMatchCharLength,
    ignoreLocation: config.ignoreLocation,
  };
}

/** -ln(Number.EPSILON): fuse.js scores a value equal to the query as EPSILON, a substring as 0.001. */
const EQUAL = -Math.log(Number.EPSILON);
const SUBSTRING = -Math.log(0.001);
/** A field sharing under a third of the sampled trigrams counts this much of its estimate. */
const WEAK = 0.1;

/** fuse.js's field-length norm: 1 / sqrt(words), rounded to 3 decimals. */
export function fuseNorm(value: string): number {
  const words = value.split(/[\t\n\v\f\r \u00a0]+/).filter(Boolean).length || 1;
  return Math.round(1000 / Math.sqrt(words)) / 1000;
}

const trigramsOf = (s: string) => [
  ...new Set(Array.from({ length: Math.max(0, s.length - 2) }, (_, i) => s.slice(i, i + 3))),
];

function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return [...new Set(Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]))];
}

/** Normalised key weights, as fuse.js computes them (over every key of the config). */
function weights(config: SearchConfig): Map<string, number> {
  const total = config.keys.reduce((n, k) => n + k.weight, 0);
  return new Map(config.keys.map((k) => [k.name, k.weight / total]));
}

/**
 * Ids of the rows (at most `tuning.pool`) most likely to be in fuse.js's top results: each field key
 * found by the index scores as fuse.js would roughly score it (equal to the query, containing it, or
 * sharing trigrams with it), times the key's weight; ties go to the lower id, as in fuse.js.
 */
export async function candidateIds(
  db: Q,
  index: SearchIndex,
  config: SearchConfig,
  scope: SearchScope,
  query: string,
  tuning: SearchTuning,
): Promise<number[]> {
  const q = query.toLowerCase();
  const m = q.length;
  const w = weights(config);
  const fieldWeight = SEARCH_FIELDS[index].map((f) => w.get(f) ?? 0);
  const score = new Map<number, number>();
  const add = (key: number, value: number) => {
    const id = Math.floor(key / KEY_SPAN);
    score.set(id, (score.get(id) ?? 0) + fieldWeight[key % KEY_SPAN] * value);
  };
  const nq = 1 / Math.sqrt(q.split(/\s+/).filter(Boolean).length || 1);
  const nh = 1 / Math.sqrt((q.split(/\s+/).filter(Boolean).length || 1) + 1);

  if (m < 3) {
    // No trigram in the query: every trigram starting with it (the field end is a character too).
    for (const key of await pairKeys(db, index, q, scope, tuning.prefix_limit)) add(key, SUBSTRING * nh);
  } else {
    const grams = spread(trigramsOf(q), tuning.grams);
    // Fields containing the whole query (on SQLite: holding every sampled trigram of it), and those equal to it.
    const { containing: exactKeys, equal: equalKeys } = await wholeQueryKeys(
      db,
      index,
      q,
      grams,
      scope,
      tuning.exact_limit,
    );
    const exact = new Set(exactKeys);
    const count = new Map<number, number>();
    // With a shortlist of rows containing the whole query, no row merely like it ranks among them in
    // fuse.js (a typo costs far more than a containing field's length): the fuzzy lookups are skipped.
    if (exact.size < tuning.shortlist) {
      const h = Math.ceil(m / 2) + 1;
      const halves = m >= 6 ? [q.slice(0, h), q.slice(m - h)] : [];
      // The lookups are independent: on PostgreSQL they run side by side on the pool's connections.
      const [perGram, halfKeys] = await Promise.all([
        Promise.all(grams.map((g) => matchingKeys(db, index, [g], scope, tuning.gram_limit))),
        // A typo leaves one half of the query whole: fields containing a half share that many trigrams.
        Promise.all(halves.map((half) => containingKeys(db, index, half, trigramsOf(half), scope, tuning.half_limit))),
      ]);
      for (const keys of perGram) for (const key of keys) count.set(key, (count.get(key) ?? 0) + 1);
      halves.forEach((half, i) => {
        const credit = Math.round((grams.length * (half.length - 2)) / (m - 2));
        for (const key of halfKeys[i]) if ((count.get(key) ?? 0) < credit) count.set(key, credit);
      });
    }
    const equal = new Set(equalKeys);
    for (const key of equal) add(key, EQUAL * nq);
    for (const key of exact) if (!equal.has(key)) add(key, SUBSTRING * nh);
    const t = grams.length;
    for (const [key, c] of count) {
      if (exact.has(key) || equal.has(key)) continue;
      // Each typo spoils two trigrams or so: estimate the errors, hence fuse.js's score errors / length.
      const s = Math.min(config.threshold, Math.max(1, (((t - c) / t) * (m - 2)) / 2) / m);
      add(key, -Math.log(s) * nh * (c * 3 < t ? WEAK : 1));
    }
  }
  return [...score]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, tuning.pool)
    .map(([id]) => id);
}

/** fuse.js's pattern pieces: a pattern longer than 32 is matched as 32-unit chunks (the last one ending at the end). */
export function fuseChunks(pattern: string): string[] {
  if (pattern.length <= 32) return [pattern];
  const chunks: string[] = [];
  const end = pattern.length - (pattern.length % 32);
  for (let i = 0; i < end; i += 32) chunks.push(pattern.slice(i, i + 32));
  if (pattern.length % 32) chunks.push(pattern.slice(pattern.length - 32));
  return chunks;
}

/**
 * A necessary condition of a fuse.js match: some stretch of the value as long as one of the query's chunks plus
 * its allowed errors holds all but those errors of the chunk's characters (fuse.js matches a value when any
 * chunk matches). Why: fuse.js (bitap, ignoring location) matches a chunk of m units with k errors when a
 * substring of the value is within k edits of it; that substring is at most m + k units long, and each edit
 * loses at most one of the chunk's characters, so it holds m - k of them, and so does any stretch of m + k
 * units around it. Without the filter a long query makes fuse.js run every chunk over every value (the
 * work that once held the event loop 14 s); with it, fuse.js scores only the values that can match, which
 * for an identifier-like query over long external ids is a tenth of those sharing its characters anywhere.
 */
export function charFilter(query: string, threshold: number): (value: string) => boolean {
  // fuse.js counts UTF-16 units, this counts characters: with surrogates the filter would be unsafe.
  if (/[\uD800-\uDFFF]/.test(query)) return () => true;
  // Each chunk's characters (UTF-16 units: the query has no surrogates) numbered, with how many of each it holds,
  // and a buffer of how many of each the stretch holds (reused: a value is tested in one go).
  const tests = fuseChunks(query).map((chunk) => {
    const errors = Math.floor(threshold * chunk.length + 1e-9);
    const slot = new Map<number, number>();
    const counts: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (!slot.has(code)) slot.set(code, counts.push(0) - 1);
      counts[slot.get(code)!]++;
    }
    return {
      need: chunk.length - errors,
      span: chunk.length + errors,
      slot,
      wanted: Int32Array.from(counts),
      held: new Int32Array(counts.length),
    };
  });
  return (value) => {
    const lower = value.toLowerCase();
    for (const { need, span, slot, wanted, held } of tests) {
      held.fill(0);
      // `shared`: the chunk's characters the stretch lower[i - span + 1 .. i] holds, each counted up to the chunk's
      // count.
      let shared = 0;
      for (let i = 0; i < lower.length; i++) {
        const at = slot.get(lower.charCodeAt(i));
        if (at !== undefined && held[at]++ < wanted[at]) shared++;
        if (i >= span) {
          const out = slot.get(lower.charCodeAt(i - span));
          if (out !== undefined && --held[out] < wanted[out]) shared--;
        }
        if (shared >= need) return true;
      }
    }
    return false;
  };
}

/**
 * The rows fuse.js would rank first among `rows`, best first: the pool scored key by key (fuse.js
 * over each key's distinct values), the best `tuning.shortlist` ranked by fuse.js itself.
 */
export function rankRows<T extends { id: number }>(
  rows: T[],
  config: SearchConfig,
  query: string,
  limit: number,
  tuning: SearchTuning,
): T[] {
  const w = weights(config);
  const q = query.toLowerCase();
  const passes = charFilter(q, config.threshold);
  const single: IFuseOptions<string> = {
    threshold: config.threshold,
    minMatchCharLength: config.minMatchCharLength,
    ignoreLocation: config.ignoreLocation,
    includeScore: true,
  };
  const gain = new Map<T, number>();
  for (const { name } of config.keys) {
    const values = new Set<string>();
    for (const r of rows) {
      const v = (r as Record<string, unknown>)[name];
      if (typeof v === 'string' && !values.has(v) && passes(v)) values.add(v);
    }
    if (!values.size) continue;
    const weight = w.get(name)!;
    const byValue = new Map<string, number>();
    for (const hit of new Fuse([...values], single).search(query)) {
      byValue.set(hit.item, hit.score === 0 ? weight * fuseNorm(hit.item) * EQUAL : -weight * Math.log(hit.score!));
    }
    for (const r of rows) {
      const g = byValue.get((r as Record<string, unknown>)[name] as string);
      if (g !== undefined) gain.set(r, (gain.get(r) ?? 0) + g);
    }
  }
  const shortlist = [...gain]
    .sort((a, b) => b[1] - a[1] || a[0].id - b[0].id)
    .slice(0, tuning.shortlist)
    .map(([r]) => r);
  shortlist.sort((a, b) => a.id - b.id); // fuse.js breaks ties by list order
  return new Fuse(shortlist, fuseOptions<T>(config)).search(query, { limit }).map((r) => r.item);
}
