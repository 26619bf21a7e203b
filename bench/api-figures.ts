/**
 * The API bench's figures and their printing (bench/api.bench.ts): number formats, quantiles, table rows, and
 * part d, both backends side by side with the targets of issue 13.
 */

import type { LoadShare } from './api-load.ts';

/**
 * Top-10 agreement with fuse.js over every job, 0-1: strict (fuse.js's own ten ids) and tie-aware (ours among the jobs
 * fuse.js scores at least as well as its 10th: bench/api.bench.ts shareOf).
 */
export interface Agreement {
  strict: number;
  tieAware: number;
}
/**
 * One query's agreement: `top` fuse.js's ids (its top 10), `tied` every id fuse.js scores at least as well as the last
 * of them, `got` ours: the share of `top`'s length that ours found among them (at most 1). No result on both sides
 * agrees.
 */
export function agreementOf(top: number[], tied: Set<number>, got: number[]): Agreement {
  const of = (agrees: (id: number) => boolean) =>
    top.length ? Math.min(1, got.filter(agrees).length / top.length) : got.length ? 0 : 1;
  return { strict: of((id) => top.includes(id)), tieAware: of((id) => tied.has(id) || top.includes(id)) };
}
export const pct = (a: Agreement) => `${fmt(100 * a.tieAware, 1)}% (strict ${fmt(100 * a.strict, 1)}%)`;

/** What part d prints per backend. */
export interface Figures {
  /** listJobs times, the same number of calls per filter combination, one combination after the other. */
  list: number[];
  /** stageCounts times, as list. */
  counts: number[];
  search: number[];
  agreement: Agreement;
  random_agreement: Agreement;
  /** Each search query once, first, on a pool just opened (single runs, not medians). */
  cold: number[];
  load?: LoadShare;
}

export const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (n: number) => `${fmt(n, n < 10 ? 2 : n < 100 ? 1 : 0)} ms`;
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
export const median = (xs: number[]) => quantile(xs, 0.5);
/** Each combination's own p95, of times taken `runs` per combination, one combination after the other. */
export const perCombinationP95 = (xs: number[], runs: number) =>
  Array.from({ length: xs.length / runs }, (_, i) => quantile(xs.slice(i * runs, (i + 1) * runs), 0.95));
export function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
}

/**
 * Part d: each backend's figures in a column (median / p95), with the targets. `runs`: calls per combination;
 * `combinations`: their names, in the order they were timed.
 */
export function printBothBackends(
  figures: Record<string, Figures>,
  size: number,
  runs: number,
  combinations: string[],
): void {
  const w = [40, 14, 14];
  const names = Object.keys(figures);
  console.log(`\nd. Both backends, ${size.toLocaleString('en-US')} jobs, the same rows and queries (median / p95):`);
  console.log(row(['', ...names], w));
  const pair = (xs: number[]) => `${ms(median(xs))} / ${ms(quantile(xs, 0.95))}`;
  console.log(row(['list + count (page of 25 + total)', ...names.map((n) => pair(figures[n].list))], w));
  console.log(row(['per-stage counts', ...names.map((n) => pair(figures[n].counts))], w));
  // The target holds for every combination: each one's own p95, the worst of them.
  const worst = (xs: number[]) => Math.max(...perCombinationP95(xs, runs));
  console.log(
    row(
      [
        "  worst combination's p95, list / counts",
        ...names.map((n) => `${ms(worst(figures[n].list))} / ${ms(worst(figures[n].counts))}`),
      ],
      w,
    ),
  );
  for (const n of names) {
    const [list, counts] = [perCombinationP95(figures[n].list, runs), perCombinationP95(figures[n].counts, runs)];
    const over = combinations
      .map((c, i) => ({ c, list: list[i], counts: counts[i] }))
      .filter((x) => x.list >= 5 || x.counts >= 5);
    const slowest = (xs: number[]) => combinations[xs.indexOf(Math.max(...xs))];
    console.log(
      `   ${n}: slowest list ${slowest(list)}, slowest counts ${slowest(counts)}; ${over.length ? `p95 at 5 ms or more: ${over.map((x) => `${x.c} ${ms(x.list)} / ${ms(x.counts)}`).join('; ')}` : 'every combination under 5 ms'}.`,
    );
  }
  console.log(row(['search (top 10)', ...names.map((n) => pair(figures[n].search))], w));
  console.log(row(['  first pass, new pool (single runs)', ...names.map((n) => pair(figures[n].cold))], w));
  console.log(row(['search agreement with fuse.js, tie-aware', ...names.map((n) => pct(figures[n].agreement))], w));
  console.log(row(['  the same, on random queries', ...names.map((n) => pct(figures[n].random_agreement))], w));
  const load = (pick: (l: LoadShare) => number) =>
    names.map((n) => (figures[n].load === undefined ? '-' : `${fmt(pick(figures[n].load!), 1)}%`));
  console.log(row(['GET /api/jobs, % of bare Koa (same bytes)', ...load((l) => l.same_bytes)], w));
  console.log(row(['GET /api/jobs, % of bare Koa {"ok":true}', ...load((l) => l.tiny)], w));
  const [pgLoad, sqliteLoad] = [figures.PostgreSQL.load, figures.SQLite.load];
  const pgShare = pgLoad && sqliteLoad ? (100 * pgLoad.same_bytes) / sqliteLoad.same_bytes : undefined;
  console.log(
    `   Targets on both: list + count and per-stage counts p95 under 5 ms; search p95 under 25 ms, agreement at least 93%; GET /api/jobs at least 25% of bare Koa on SQLite and 60% of that on PostgreSQL (here ${pgShare === undefined ? '-' : `${fmt(pgShare, 0)}%`}).`,
  );
  console.log(
    '   bare Koa answers the jobs page\'s own bytes (part c says why); the {"ok":true} row is the measure of earlier runs.',
  );
}

/** The searches by a person's name every search bench asks (exact, misspelt, first and full names). */
export const NAME_QUERIES = [
  'johnson',
  'jhonson',
  'Mary Smith',
  'smtih',
  'garcia',
  'Gonzales',
  'nguyen',
  'Wlliams',
  'patel',
  'OBrien',
  'Isabella',
  'Christopher',
  'Priya Patel',
  'Lakshmi',
  'Rodriguze',
];

/** ... and by a street or a city (misspelt and lower-case among them). */
export const PLACE_QUERIES = [
  'Sycamore',
  'Shoreline Dr',
  'Madison',
  'Sheboygan',
  'San Luis Obispo',
  'Watsonvile',
  'atlanta',
  'Fond du Lac',
];
