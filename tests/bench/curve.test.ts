import { describe, expect, it } from 'vitest';
import { parseSizes } from '../../bench/curve.ts';
import { curveSvg, curveTables, held, MEASURES, show, type Curve } from '../../bench/curve-print.ts';
import { oneSize, record } from '../../bench/record.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const measure = (key: string, bench = 'api') => MEASURES.find((m) => m.key === key && m.bench === bench)!;

/** Two sizes, figures as the benches record them (one backend with a naive side). */
const curve: Curve = {
  sizes: [10_000, 100_000],
  seconds: { 10_000: 60, 100_000: 300 },
  figures: {
    10_000: {
      api: {
        SQLite: {
          list_p95: 0.5,
          list_worst_p95: 0.9,
          first_page_p95: 0.6,
          deep_page_p95: 0.7,
          agreement: 95,
          server_rss: 200 * 2 ** 20,
        },
        naive: { list_p95: 4 },
      },
      refresh: { SQLite: { every_ms: 600 } },
    },
    100_000: {
      api: {
        SQLite: {
          list_p95: 0.8,
          list_worst_p95: 6,
          first_page_p95: 0.6,
          deep_page_p95: 9,
          agreement: 92.5,
          server_rss: 1.5 * 2 ** 30,
        },
        naive: { list_p95: 40 },
      },
      refresh: { SQLite: { every_ms: 6_000 } },
    },
  },
};

describe('the cost curve (bench/curve.ts, issue 47)', () => {
  it('reads BENCH_JOBS as one size or a list, sorted, and refuses what is not a size', () => {
    expect(parseSizes(undefined)).toEqual([100_000]);
    expect(parseSizes('1000000, 10000,100000')).toEqual([10_000, 100_000, 1_000_000]);
    expect(parseSizes('1_000_000,1e4')).toEqual([10_000, 1_000_000]);
    for (const bad of ['', 'lots', '10.5', '50', '-1000']) expect(() => parseSizes(bad)).toThrow(/BENCH_JOBS/);
  });

  it('gives a bench run alone its one size: BENCH_JOBS when one number, else its own default', () => {
    expect(oneSize(2000, undefined)).toBe(2000);
    expect(oneSize(2000, '50000')).toBe(50_000);
    expect(oneSize(2000, '1_000_000')).toBe(1_000_000);
    expect(oneSize(2000, '10000,100000')).toBe(2000);
    expect(oneSize(2000, 'many')).toBe(2000);
  });

  it('prints each figure per size with its growth factor beside the naive way and whether its target held', () => {
    const text = curveTables(curve);
    const line = (label: string) => text.split('\n').find((l) => l.startsWith(`| ${label} `))!;
    expect(line('list + count, p95')).toMatch(/\| 0\.50 ms +\| 0\.80 ms +\| ×1\.60 +\| ×10\.0 +\|/);
    expect(line("list + count, worst combination's p95")).toContain('under 5 ms: **not held**');
    expect(line('search agreement with fuse.js')).toContain('at least 93%: **not held**');
    expect(line("server's peak resident memory")).toMatch(/200 MB +\| 1\.50 GB .*under 1 GB: \*\*not held\*\*/);
    expect(line('re-evaluation, every program changed (writes included)')).toContain('under 100 s: held');
    expect(text).toContain('10k → 100k: the data ×10.0, its logarithm ×1.25');
    // A backend with no figures has no table.
    expect(text).not.toContain('PostgreSQL');
  });

  it("holds the deep page to page 1's p95 (with a millisecond of noise)", () => {
    expect(held(curve, 10_000, measure('deep_page_p95'), 'SQLite')).toBe(true);
    expect(held(curve, 100_000, measure('deep_page_p95'), 'SQLite')).toBe(false);
    expect(held(curve, 100_000, measure('first_page_p95'), 'SQLite')).toBeUndefined();
  });

  it('shows figures in their units', () => {
    expect(show(0.123, 'ms')).toBe('0.12 ms');
    expect(show(45_600, 'ms')).toBe('45.6 s');
    expect(show(93.04, '%')).toBe('93.0%');
    expect(show(3 * 2 ** 30, 'bytes')).toBe('3.00 GB');
    expect(show(undefined, 'ms')).toBe('-');
  });

  it('plots the times on log-log axes, one path per measure and backend with figures', () => {
    const svg = curveSvg(curve);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(3); // list p95, deep page p95, re-evaluation: SQLite only
    expect(svg).toContain('10k jobs');
    expect(svg).toContain('100k jobs');
    expect(svg).toContain('list + count, p95');
  });

  it('records figures into the size file named by BENCH_OUT, merging by bench and backend', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'curve-')), 'size.json');
    record('api', 'SQLite', { list_p95: 1 }, out);
    record('api', 'SQLite', { search_p95: 2 }, out);
    record('refresh', 'PostgreSQL', { every_ms: 3 }, out);
    record('api', 'SQLite', { list_p95: 4 }, undefined);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      api: { SQLite: { list_p95: 1, search_p95: 2 } },
      refresh: { PostgreSQL: { every_ms: 3 } },
    });
  });
});
