/**
 * Figures a bench hands to the curve (bench/curve.ts): when BENCH_OUT names a JSON file, `record` merges a bench's
 * figures into it under the bench's name and backend; otherwise it does nothing (a bench run alone prints only).
 * Times in milliseconds, shares in percent, sizes in bytes.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One backend's figures of one bench at one size, by name. */
export type Recorded = Record<string, number | undefined>;
/** A size's file: bench -> backend -> figures. */
export type SizeFigures = Record<string, Record<string, Recorded>>;

export function record(bench: string, backend: string, figures: Recorded, out = process.env.BENCH_OUT): void {
  if (!out) return;
  const all: SizeFigures = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as SizeFigures) : {};
  all[bench] ??= {};
  all[bench][backend] = { ...all[bench][backend], ...figures };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(all, null, 2)}\n`);
}

/** The peak resident memory of a process (Linux: VmHWM of /proc/PID/status), in bytes; undefined elsewhere. */
export function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one size a bench run alone measures: BENCH_JOBS when it names one number, else `fallback` (a list of sizes is
 * bench/curve.ts's, which runs the size benches once per size).
 */
export function oneSize(fallback: number, value = process.env.BENCH_JOBS): number {
  const n = Number(value?.replace(/_/g, ''));
  return value && !value.includes(',') && Number.isInteger(n) && n > 0 ? n : fallback;
}
