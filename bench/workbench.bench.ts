/**
 * `npm run bench` (workbench part): how long the workbench's linter takes to answer a keystroke on the largest program
 * (the most definition text), until its diagnostics are sent and until its cases have run: the worker's own code
 * (web/features/program-explorer/workbench/lint-run.ts: `rebate validate --cases` over the program's files, each
 * file's parse kept by its text), median and p95 over a run of edits to its program.yaml, beside the naive way
 * (every file parsed and every form built again at each keystroke). Target: 150 ms from the last keystroke. Node runs
 * what the browser's worker runs; the browser journey (tests/e2e/workbench.e2e.test.ts) prints the figure the worker
 * reported there.
 */

import { loadDefinitions } from '../engine/index.ts';
import { filesOfPrograms } from '../engine/load/files-of-programs.ts';
import { createLinter } from '../web/features/program-explorer/workbench/lint-run.ts';
import { repoDefinitionSources } from '../server/deps.ts';
import { closurePick } from '../engine/forms/pick.ts';

const RUNS = Number(process.env.BENCH_KEYSTROKES ?? 40);
const all = repoDefinitionSources();
const ids = [...new Set(all.map((f) => /^program-defs\/([^/_][^/]*)\//.exec(f.path)?.[1]).filter(Boolean))] as string[];
const size = (id: string) => filesOfPrograms(all, [id]).reduce((n, f) => n + f.text.length, 0);
const largest = ids.sort((a, b) => size(b) - size(a))[0];
const files = filesOfPrograms(all, [largest]);
const program = `program-defs/${largest}/program.yaml`;
const text = files.find((f) => f.path === program)!.text;
// Each keystroke a different text: a comment line at the end grows by one character.
const typed = (i: number) => files.map((f) => (f.path === program ? { ...f, text: `${text}# ${'x'.repeat(i)}\n` } : f));

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const figures = (xs: number[]) => `median ${pct(xs, 0.5).toFixed(0)} ms, p95 ${pct(xs, 0.95).toFixed(0)} ms`;

function time(run: (i: number) => void): number[] {
  for (let i = 0; i < 3; i++) run(1000 + i);
  return Array.from({ length: RUNS }, (_, i) => {
    const t = performance.now();
    run(i);
    return performance.now() - t;
  });
}

const lint = createLinter(files);
// The diagnostics are sent as soon as the loader has them; the cases follow.
const early: number[] = [];
const worker = time((i) => {
  const t = performance.now();
  lint(largest, typed(i), () => early.push(performance.now() - t));
});
const diagnostics = early.slice(-RUNS);
const naive = time((i) =>
  loadDefinitions(typed(i), { lazy_forms: true, evaluator: 'interpreted', pick: closurePick, unused_forms: false }),
);
console.log(`\nWorkbench: diagnostics after a keystroke on ${largest} (${files.length} files, ${RUNS} keystrokes)`);
console.log(`  the worker's linter, diagnostics:               ${figures(diagnostics)}   (target: 150 ms)`);
console.log(`  the worker's linter, diagnostics and cases run: ${figures(worker)}`);
console.log(`  naive (everything parsed and compiled again, no cases): ${figures(naive)}`);
