/**
 * Generates realistic jobs for a program: each starts from one of the program's own example cases
 * (so it exercises the program's real tasks and fields) and varies income, costs, dates and progress.
 */

import { INCOME_LEVELS, type JobInput, type Program } from '../engine/index.ts';
import { mergeJob } from '../engine/cases.ts';
import type { CasesFile } from '../engine/index.ts';

/** A small seeded generator so every run measures the same dataset. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` jobs for a program, varied from its cases. */
export function generateJobs(program: Program, cases: CasesFile, count: number, seed = 42): JobInput[] {
  const rand = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const doc = cases.value as { base?: JobInput; cases: { job?: JobInput }[] };
  const seeds = doc.cases.map((c) => mergeJob<JobInput>(doc.base ?? {}, c.job ?? {}));
  const jobs: JobInput[] = [];
  for (let i = 0; i < count; i++) {
    const job = structuredClone(pick(seeds));
    job.id = `${program.id}-${i}`;
    job.tasks ??= {};
    for (const [id, state] of Object.entries(job.tasks)) {
      const data = state.data;
      if (!data) continue;
      if ('income_level' in data) data.income_level = pick(INCOME_LEVELS);
      for (const [k, v] of Object.entries(data)) {
        if (typeof v === 'number' && k.endsWith('_cents')) data[k] = Math.round(v * (0.5 + rand()));
      }
      const costs = data.total_measure_costs as Record<string, number> | undefined;
      if (costs) for (const m of Object.keys(costs)) costs[m] = Math.round(100000 + rand() * 1500000);
      if (rand() < 0.1) job.tasks[id] = { ...state, exceptions: { ops: { note: 'check' } } };
    }
    // Progress: complete a random prefix of the task list.
    const done = Math.floor(rand() * program.tasks.length);
    for (const t of program.tasks.slice(0, done)) job.tasks[t.id] = { ...job.tasks[t.id], status: 'COMPLETE' };
    jobs.push(job);
  }
  return jobs;
}
