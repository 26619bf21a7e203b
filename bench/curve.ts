/**
 * The cost curve (issue 47): `BENCH_JOBS=10000,100000,1000000 npm run bench` runs the API, search, deep-page, load,
 * impact, usage-collection and re-evaluation benches at each size (each a process of its own, on both backends where
 * PostgreSQL answers), then prints each figure per size with its growth factor from one size to the next, beside the
 * naive way's and the data's, and writes the curve as JSON (artifacts/bench/curve.json) and, for two sizes or more, as
 * an SVG plot (docs/benchmarks-curve.svg). One size (the default, 100,000) runs the benches once and prints its column.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { curveSvg, curveTables, type Curve } from './curve-print.ts';
import type { SizeFigures } from './record.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'artifacts', 'bench');

/** BENCH_JOBS as sizes: one number or a comma-separated list ("10000,100000,1000000"; "1e6" and "1_000_000" too). */
export function parseSizes(value: string | undefined): number[] {
  const sizes = (value ?? '100000')
    .split(',')
    .map((s) => Number(s.trim().replace(/_/g, '')))
    .filter((n) => Number.isFinite(n));
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 100))
    throw new Error(`BENCH_JOBS: whole numbers of jobs, at least 100 each, comma-separated (got "${value}")`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const BENCHES = ['api.bench.ts', 'impact.bench.ts', 'usage.bench.ts', 'refresh.bench.ts'];

async function main(): Promise<void> {
  // BENCH_CURVE_FROM: a recorded curve (curve.json) printed and plotted again, nothing run (after the measures change).
  const from = process.env.BENCH_CURVE_FROM;
  if (from) {
    const saved = JSON.parse(readFileSync(from, 'utf8')) as Curve & { total_seconds: number };
    write(saved, saved.total_seconds);
    return;
  }
  const sizes = parseSizes(process.env.BENCH_JOBS);
  const started = performance.now();
  const curve: Curve = { sizes: [], figures: {}, seconds: {} };
  for (const size of sizes) {
    const out = join(OUT, `curve-${size}.json`);
    rmSync(out, { force: true });
    const t = performance.now();
    for (const bench of BENCHES) {
      console.log(`\n=== ${bench} at ${size.toLocaleString('en-US')} jobs ===`);
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', bench)], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_JOBS: String(size), BENCH_IMPACT_JOBS: String(size), BENCH_OUT: out },
      });
      if (run.status !== 0) console.log(`${bench} at ${size} jobs exited with ${run.status ?? run.signal}`);
    }
    curve.sizes.push(size);
    curve.figures[size] = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as SizeFigures) : {};
    curve.seconds[size] = (performance.now() - t) / 1000;
    // The curve so far after each size: a run stopped at the largest keeps the smaller ones'.
    write(curve, (performance.now() - started) / 1000);
  }
}

/** Prints the curve and writes it (JSON; the SVG for two sizes or more). */
function write(curve: Curve, total: number): void {
  const { sizes } = curve;
  console.log(`\n${curveTables(curve)}`);
  console.log(
    `The whole run took ${(total / 60).toFixed(1)} min (${sizes.map((s) => `${s.toLocaleString('en-US')} jobs ${(curve.seconds[s] / 60).toFixed(1)} min`).join(', ')}; a size's first run generates and copies its database).`,
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'curve.json'), `${JSON.stringify({ ...curve, total_seconds: total }, null, 2)}\n`);
  if (sizes.length > 1) {
    const svg = join(ROOT, 'docs', 'benchmarks-curve.svg');
    writeFileSync(svg, curveSvg(curve));
    console.log(`Wrote ${svg} and ${join(OUT, 'curve.json')}.`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
