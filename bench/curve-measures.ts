/**
 * What the cost curve shows (bench/curve-print.ts): each measure, the bench and key it is recorded under
 * (bench/record.ts), its unit, its naive counterpart and its target at the largest size.
 */

export type Unit = 'ms' | '%' | 'bytes';
export interface Measure {
  label: string;
  bench: string;
  key: string;
  unit: Unit;
  /** The naive way's figure of the same measure (bench `api`, backend `naive`). */
  naive?: string;
  /** The naive figure is each backend's own (recorded beside the measure), not the `naive` backend's. */
  naiveOnBackend?: boolean;
  /** The target is page 1's p95 (held(): within it, a millisecond or half of it of noise allowed). */
  withinFirstPage?: boolean;
  /** Holds when the figure at the largest size is under `max` / at least `min`. */
  max?: number;
  min?: number;
  target?: string;
  /** Plotted (times only). */
  plot?: boolean;
}

export const MEASURES: Measure[] = [
  { label: 'list + count, p95', bench: 'api', key: 'list_p95', unit: 'ms', naive: 'list_p95', plot: true },
  {
    label: "list + count, worst combination's p95",
    bench: 'api',
    key: 'list_worst_p95',
    unit: 'ms',
    max: 5,
    target: 'under 5 ms',
  },
  { label: 'per-stage counts, p95', bench: 'api', key: 'counts_p95', unit: 'ms', naive: 'counts_p95', plot: true },
  {
    label: "per-stage counts, worst combination's p95",
    bench: 'api',
    key: 'counts_worst_p95',
    unit: 'ms',
    max: 5,
    target: 'under 5 ms',
  },
  { label: 'jobs list page 1, p95', bench: 'api', key: 'first_page_p95', unit: 'ms' },
  {
    label: 'jobs list deep page (size / 50) by its cursor, p95',
    bench: 'api',
    key: 'deep_page_p95',
    unit: 'ms',
    naive: 'deep_offset_p95',
    naiveOnBackend: true,
    withinFirstPage: true,
    target: "within page 1's p95",
    plot: true,
  },
  { label: 'jobs list deep page by its offset (naive), p95', bench: 'api', key: 'deep_offset_p95', unit: 'ms' },
  { label: 'search, median', bench: 'api', key: 'search_median', unit: 'ms', naive: 'search_median' },
  {
    label: 'search, p95',
    bench: 'api',
    key: 'search_p95',
    unit: 'ms',
    naive: 'search_p95',
    max: 50,
    target: 'under 50 ms',
    plot: true,
  },
  {
    label: 'search agreement with fuse.js (tie-aware)',
    bench: 'api',
    key: 'agreement',
    unit: '%',
    min: 93,
    target: 'at least 93%',
  },
  {
    label: "search agreement with fuse.js (strict: fuse.js's own ten)",
    bench: 'api',
    key: 'strict_agreement',
    unit: '%',
  },
  {
    label: 'GET /api/jobs, % of bare Koa',
    bench: 'api',
    key: 'load_share',
    unit: '%',
    min: 25,
    target: 'at least 25%',
  },
  {
    label: "server's peak resident memory",
    bench: 'api',
    key: 'server_rss',
    unit: 'bytes',
    max: 2 ** 30,
    target: 'under 1 GB',
  },
  { label: 'database size', bench: 'api', key: 'database_bytes', unit: 'bytes' },
  { label: 'impact report, every program changed, one thread', bench: 'impact', key: 'every_ms', unit: 'ms' },
  {
    label: 'impact report, every program changed, its reads included (worker threads)',
    bench: 'impact',
    key: 'every_threads_ms',
    unit: 'ms',
    max: 60_000,
    target: 'under 60 s',
    plot: true,
  },
  {
    label: 'impact report, every program changed, its reads included (one thread)',
    bench: 'impact',
    key: 'every_with_read_ms',
    unit: 'ms',
  },
  { label: 'impact: jobs read from the database', bench: 'impact', key: 'read_ms', unit: 'ms' },
  {
    label: 'usage collections through the worker and the utility',
    bench: 'usage',
    key: 'total_ms',
    unit: 'ms',
    plot: true,
  },
  {
    label: 're-evaluation, every program changed (writes included)',
    bench: 'refresh',
    key: 'every_ms',
    unit: 'ms',
    max: 100_000,
    target: 'under 100 s',
    plot: true,
  },
  { label: 're-evaluation, next day', bench: 'refresh', key: 'daily_ms', unit: 'ms' },
  { label: 're-evaluation, first run (every outcome written)', bench: 'refresh', key: 'first_ms', unit: 'ms' },
];
