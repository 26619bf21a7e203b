/**
 * The search bench's side of fuse.js (bench/api.bench.ts, part b): queries nobody chose, and fuse.js's answers to
 * agree with (agreementOf in bench/api-figures.ts scores ours against them).
 */

import type Fuse from 'fuse.js';
import type { JobSearchText } from '../server/db/search-rows.db.ts';

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
