/**
 * The order test files start in (vitest.config.ts `sequence.sequencer`): longest first, so that no long file starts
 * last while the other worker idles (a fresh clone has no Vitest cache, and Vitest's fallback, the largest file first,
 * left a 70-second file to the end), and the files that copy the seeded demo after the others have kept both workers
 * busy for as long as the demo takes to seed beside them (they would wait for it otherwise, each holding a worker).
 * Projects stay contiguous (a worker serves one project; interleaving them would start more), the longest first.
 *
 * The durations are each file's seconds in a CI run (tests/support/test-durations.json, written by
 * `node scripts/test-durations.js artifacts/vitest.json` after `CI=true npm test`); a file not in it counts
 * UNKNOWN_SECONDS. A stale table only makes the order less good, never a test wrong.
 */

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileReadsSeededDemo } from './quick-files.ts';

/** A file as the plan sees it: its key, its expected seconds, and whether it waits for the seeded demo. */
export interface Planned {
  key: string;
  seconds: number;
  seeded: boolean;
}

/** A file the table does not know (a new one) is expected to take this long. */
export const UNKNOWN_SECONDS = 5;
/** Seconds of the run (per worker) before a file that copies the seeded demo starts: about one seed beside tests. */
export const SEED_LEAD_SECONDS = 120;

/**
 * Orders the projects, longest first (the small ones fill the end), and each project's files, keeping count of the
 * run's expected elapsed time (the seconds placed divided by the workers): longest first, except that a file waiting
 * for the seeded demo starts only once the elapsed time reaches `seedLead`.
 */
export function plan(projects: Planned[][], o: { workers: number; seedLead: number }): Planned[] {
  const out: Planned[] = [];
  let placed = 0;
  const longestFirst = (xs: Planned[]) => [...xs].sort((a, b) => b.seconds - a.seconds || (a.key < b.key ? -1 : 1));
  const total = (xs: Planned[]) => xs.reduce((n, f) => n + f.seconds, 0);
  const byTotal = projects
    .map((files, i) => ({ files, i, seconds: total(files) }))
    .sort((a, b) => b.seconds - a.seconds || a.i - b.i);
  for (const { files } of byTotal) {
    const free = longestFirst(files.filter((f) => !f.seeded));
    const seeded = longestFirst(files.filter((f) => f.seeded));
    while (free.length || seeded.length) {
      const ready = seeded.length > 0 && placed / o.workers >= o.seedLead;
      const next = !free.length || (ready && seeded[0].seconds >= free[0].seconds) ? seeded.shift()! : free.shift()!;
      out.push(next);
      placed += next.seconds;
    }
  }
  return out;
}

const ROOT = join(import.meta.dirname, '..', '..');

function durations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'tests/support/test-durations.json'), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order gives the groups (sequence.groupOrder) and the projects' order; within each, the plan's.
    const base = await super.sort(files);
    const table = durations();
    const planned = new Map<TestSpecification, Planned>();
    const groups = new Map<number, TestSpecification[][]>();
    let lastProject: string | undefined;
    for (const spec of base) {
      const rel = relative(ROOT, spec.moduleId).replace(/\\/g, '/');
      const seededFile = fileReadsSeededDemo(spec.moduleId);
      planned.set(spec, {
        key: `${spec.project.name}:${rel}`,
        seconds: table[rel] ?? UNKNOWN_SECONDS,
        seeded: seededFile,
      });
      const order = spec.project.config.sequence.groupOrder ?? 0;
      const projects = groups.get(order) ?? [];
      if (!groups.has(order)) groups.set(order, projects);
      if (spec.project.name !== lastProject || !projects.length) projects.push([]);
      projects[projects.length - 1].push(spec);
      lastProject = spec.project.name;
    }
    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    const out: TestSpecification[] = [];
    for (const order of [...groups.keys()].sort((a, b) => a - b)) {
      const projects = groups.get(order)!;
      const byKey = new Map(projects.flat().map((s) => [planned.get(s)!.key, s]));
      const ordered = plan(
        projects.map((specs) => specs.map((s) => planned.get(s)!)),
        { workers, seedLead: SEED_LEAD_SECONDS },
      );
      out.push(...ordered.map((p) => byKey.get(p.key)!));
    }
    return out;
  }
}
