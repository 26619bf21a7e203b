/**
 * `npm run bench`: evaluateJob throughput per program on generated jobs, compiled rules (json-logic-engine,
 * compiled once per loaded definition) beside the same definitions interpreted by json-logic-js.
 * Figures, not assertions: the machines are shared and noisy.
 */

import { oneSize } from './record.ts';
import {
  applyReference,
  createCompiler,
  evaluateJob,
  loadDefinitions,
  buildFacts,
  type JobInput,
  type Program,
} from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { generateJobs } from './generate.ts';

const JOBS = oneSize(2000);
const MIN_MS = Number(process.env.BENCH_MS ?? 700);
const TODAY = '2026-06-01';

/** Runs `fn` over the items repeatedly for at least MIN_MS; returns items per second. */
function throughput<T>(items: T[], fn: (item: T) => unknown): number {
  // Warm up until the JIT has settled (a third of the measuring time), then measure.
  const warm = performance.now();
  while (performance.now() - warm < MIN_MS / 3) for (const item of items) fn(item);
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_MS) {
    for (const item of items) fn(item);
    n += items.length;
    elapsed = performance.now() - start;
  }
  return (n / elapsed) * 1000;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pad = (s: string, w: number) => s.padStart(w);

const files = readDefinitionFiles([], process.cwd());
const compiled = loadDefinitions(files);
const reference = loadDefinitions(files, { evaluator: 'reference' });
const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
if (errors.length) {
  console.error(`definitions have ${errors.length} error(s); run npx rebate validate`);
  process.exit(1);
}

console.log(`evaluateJob (eligibility + tasks + stage + incentive), ${fmt(JOBS)} generated jobs per program, one core`);
console.log(
  `${'program'.padEnd(10)} ${pad('rules', 6)} ${pad('compiled jobs/s', 16)} ${pad('json-logic-js jobs/s', 21)} ${pad('ratio', 7)} ${pad('with explain jobs/s', 20)}`,
);
let minCompiled = Infinity;
const rows: [string, number, number][] = [];
for (const id of Object.keys(compiled.programs).sort()) {
  const p = compiled.programs[id];
  const jobs = generateJobs(p, compiled.cases[id], JOBS);
  const fast = throughput(jobs, (j) => evaluateJob(p, j, { today: TODAY }));
  const slow = throughput(jobs.slice(0, Math.max(200, JOBS / 10)), (j) =>
    evaluateJob(reference.programs[id], j, { today: TODAY }),
  );
  const explained = throughput(jobs.slice(0, Math.max(200, JOBS / 10)), (j) =>
    evaluateJob(p, j, { today: TODAY, explain: true }),
  );
  const rules =
    p.eligibility.length +
    p.tasks.filter((t) => t.applies_if).length +
    p.incentives.measures.length * 2 +
    p.rules.length;
  minCompiled = Math.min(minCompiled, fast);
  rows.push([id, fast, slow]);
  console.log(
    `${id.padEnd(10)} ${pad(String(rules), 6)} ${pad(fmt(fast), 16)} ${pad(fmt(slow), 21)} ${pad((fast / slow).toFixed(1) + 'x', 7)} ${pad(fmt(explained), 20)}`,
  );
}
const total = rows.reduce((s, [, f]) => s + 1 / f, 0);
console.log(
  `slowest program: ${fmt(minCompiled)} jobs/s; mixed workload (equal share per program): ${fmt(rows.length / total)} jobs/s (target: at least 50,000)`,
);

// Rules alone: every eligibility rule of every program on its generated facts, compiled vs interpreted.
const sets: { p: Program; facts: object[] }[] = Object.values(compiled.programs).map((p) => ({
  p,
  facts: generateJobs(p, compiled.cases[p.id], 300).map((j: JobInput) => buildFacts(p, j, { today: TODAY })),
}));
const perSet = sets.reduce((s, { p, facts }) => s + p.eligibility.length * facts.length, 0) / sets.length;
const ruleFast =
  throughput(sets, ({ p, facts }) => {
    for (const f of facts) for (const r of p.eligibility) r.fn(f);
  }) * perSet;
const ruleSlow =
  throughput(sets, ({ p, facts }) => {
    for (const f of facts) for (const r of p.eligibility) applyReference(r.logic, f);
  }) * perSet;
console.log(
  `\neligibility rules of all programs on generated facts: compiled ${(ruleFast / 1e6).toFixed(2)} M rule evaluations/s, json-logic-js ${(ruleSlow / 1e6).toFixed(2)} M/s: ${(ruleFast / ruleSlow).toFixed(1)}x (target: at least 10x)`,
);

// The 8-clause eligibility rule of the issue: json-logic-js, compiled, hand-written JS.
const eight = {
  and: [
    { '==': [{ var: 'a' }, 1] },
    { '>': [{ var: 'b' }, 2] },
    { '<': [{ var: 'c' }, 100] },
    { in: [{ var: 'd' }, ['x', 'y']] },
    { '!=': [{ var: 'e' }, null] },
    { '>=': [{ var: 'f' }, 5] },
    { '!': [{ var: 'g' }] },
    { '<=': [{ var: 'h' }, 9] },
  ],
};
const data = Array.from({ length: 1000 }, (_, i) => ({
  a: 1,
  b: 3 + (i % 5),
  c: 50,
  d: i % 2 ? 'y' : 'x',
  e: 1,
  f: 6,
  g: false,
  h: 9,
}));
const rule = createCompiler()(eight);
const hand = (x: (typeof data)[number]) =>
  x.a == 1 && x.b > 2 && x.c < 100 && ['x', 'y'].includes(x.d) && x.e != null && x.f >= 5 && !x.g && x.h <= 9;
const jl = throughput(data, (x) => applyReference(eight, x));
const cp = throughput(data, (x) => rule(x));
const hw = throughput(data, hand);
console.log(
  `8-clause eligibility rule: json-logic-js ${(jl / 1e6).toFixed(2)} M/s, compiled ${(cp / 1e6).toFixed(2)} M/s (${(cp / jl).toFixed(1)}x), hand-written JS ${(hw / 1e6).toFixed(1)} M/s`,
);
