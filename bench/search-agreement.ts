/**
 * The search bench's side of fuse.js (bench/api.bench.ts, part b): queries nobody chose, and fuse.js's answers to
 * agree with (agreementOf in bench/api-figures.ts scores ours against them).
 */

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Fuse from 'fuse.js';
import type { JobSearchText } from '../server/db/search-rows.db.ts';
import { JOB_SEARCH } from '../engine/index.ts';
import { NAME_QUERIES, PLACE_QUERIES } from './api-figures.ts';

/** One value of a statement over the bench database (its text). */
export type ValueOf = (sql: string, ...params: unknown[]) => Promise<string>;

/** The address of the first job at a fraction of the way through the ids (the ids run 1..size). */
export const addressAt = (one: ValueOf, size: number, f: number) =>
  one('SELECT address FROM jobs WHERE id >= ? ORDER BY id LIMIT 1', Math.max(1, Math.round(size * f)));

/**
 * The fixed queries every search bench asks (the API bench's part b and the search profile): names (exact, misspelt,
 * first and full), codes and external ids (whole, a piece, lower case), addresses, cities, companies (whole, a letter
 * dropped, a first word), a misspelt phrase and a two-letter query. Values are taken at fixed fractions of the ids, so
 * each size asks the same kinds of query of its own data.
 */
export async function benchSearchQueries(one: ValueOf, size: number, contractorIds: number[]): Promise<string[]> {
  const at = (f: number) => Math.max(1, Math.round(size * f));
  const code = (f: number) => one('SELECT code FROM jobs WHERE id >= ? ORDER BY id LIMIT 1', at(f));
  const ext = (f: number) =>
    one('SELECT external_id FROM jobs WHERE id >= ? AND external_id IS NOT NULL ORDER BY id LIMIT 1', at(f));
  const company = (i: number) =>
    one('SELECT name FROM contractors WHERE id = ?', contractorIds[i % contractorIds.length]);
  const typo = (s: string) => s.slice(0, 2) + s.slice(3); // one letter dropped
  return [
    ...NAME_QUERIES,
    await code(0.12345),
    await code(0.6789),
    (await code(0.0424)).slice(0, 4),
    (await code(0.00999)).toLowerCase(),
    await ext(0.31337),
    (await ext(0.0515)).slice(-6),
    '1234 Oak',
    'Maple Ave',
    await addressAt(one, size, 0.4453),
    ...PLACE_QUERIES,
    await company(0),
    await company(7),
    typo(await company(42)),
    (await company(99)).split(' ')[0],
    'comfrt systms',
    'jo',
  ];
}

/**
 * `count` queries nobody chose: a field (or one word of it) of a random job, with up to two typos (a letter dropped,
 * two swapped, one replaced), seeded. Their agreement shows what the fixed queries may flatter.
 */
export function randomJobQueries(rows: JobSearchText[], count: number): string[] {
  const out: string[] = [];
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const keys = ['full_name', 'address', 'city', 'contractor', 'full_name', 'full_name'] as const;
  while (out.length < count) {
    const r = rows[Math.floor(rnd() * rows.length)];
    let v = String(r[keys[Math.floor(rnd() * keys.length)]] ?? r.full_name);
    if (rnd() < 0.4) {
      const words = v.split(' ');
      v = words[Math.floor(rnd() * words.length)];
    }
    const typos = Math.floor(rnd() * 3);
    for (let t = 0; t < typos && v.length > 4; t++) {
      const at = 1 + Math.floor(rnd() * (v.length - 2));
      const kind = Math.floor(rnd() * 3);
      v =
        kind === 0
          ? v.slice(0, at) + v.slice(at + 1)
          : kind === 1
            ? v.slice(0, at) + v[at + 1] + v[at] + v.slice(at + 2)
            : v.slice(0, at) + 'aeiou'[Math.floor(rnd() * 5)] + v.slice(at + 1);
    }
    if (v.trim().length >= 2) out.push(v.trim());
  }
  return out;
}

/**
 * Per query (untimed), fuse.js's top 10 and every job it scores at least as well as its own 10th, from one search of
 * the whole result list (sorted as with a limit: its first ten are the limited search's ten; the Fuse must include
 * scores). Past 100,000 jobs thousands of jobs share a name's score, and which ten of them fuse.js returns is its
 * index order: a top 10 of equals is not a ranking to agree with.
 */
export function fuseAnswers(
  fuse: Fuse<JobSearchText>,
  queries: string[],
): { top: Map<string, number[]>; tied: Map<string, Set<number>> } {
  const top = new Map<string, number[]>();
  const tied = new Map<string, Set<number>>();
  for (const q of queries) {
    if (top.has(q)) continue;
    const all = fuse.search(q);
    const ten = all.slice(0, 10);
    const last = ten.at(-1)?.score ?? 0;
    top.set(
      q,
      ten.map((r) => r.item.id),
    );
    const equal = new Set<number>();
    for (const r of all) {
      if ((r.score ?? 0) > last + 1e-12) break;
      equal.add(r.item.id);
    }
    tied.set(q, equal);
  }
  return { top, tied };
}

/**
 * Where cachedFuseAnswers keeps fuse.js's answers over a bench database: beside it (its name keys its rows), keyed by
 * the job search config and fuse.js's version.
 */
export function fuseAnswersFile(databasePath: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify(JOB_SEARCH) + Fuse.version)
    .digest('hex')
    .slice(0, 10);
  return `${databasePath}.fuse-${key}.json`;
}

/** fuse.js's answers of fuseAnswers as a file holds them (sets as arrays). */
type SavedAnswers = Record<string, { top: number[]; tied: number[] }>;

/**
 * fuseAnswers remembered in `file` (fuseAnswersFile): fuse.js over a million jobs takes seconds a query (its whole
 * sorted result list, to find the ties: about 20 minutes for the API bench's queries), and the same rows and config
 * give the same answers. Queries not in the file are answered by the Fuse `fuse()` makes (only then) and added to it.
 */
export function cachedFuseAnswers(
  file: string,
  fuse: () => Fuse<JobSearchText>,
  queries: string[],
): { top: Map<string, number[]>; tied: Map<string, Set<number>> } {
  const saved: SavedAnswers = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SavedAnswers) : {};
  const missing = queries.filter((q) => !saved[q]);
  if (missing.length) {
    const fresh = fuseAnswers(fuse(), missing);
    for (const q of missing) saved[q] = { top: fresh.top.get(q)!, tied: [...fresh.tied.get(q)!] };
    writeFileSync(file, JSON.stringify(saved));
  }
  return {
    top: new Map(queries.map((q) => [q, saved[q].top])),
    tied: new Map(queries.map((q) => [q, new Set(saved[q].tied)])),
  };
}
