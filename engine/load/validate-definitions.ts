/**
 * What `rebate validate --cases` reports for a set of definition files, in one place: the loader's diagnostics and,
 * with cases, each program's cases run and every failed expectation as a `case-failed` error at the case. The CLI
 * prints it; the program manager's workbench runs the same function in a web worker as they type, so the browser and
 * the command line report the same things.
 */

import { runCases, type CaseResult } from '../cases.ts';
import type { Diagnostic } from '../types.ts';
import { loaderError } from './guard.ts';
import { loadDefinitions, type Definitions, type LoadOptions } from './load-definitions.ts';

/** One program's cases: how many passed and failed, and each case's result. */
export interface ProgramCases {
  program: string;
  passed: number;
  failed: number;
  results: CaseResult[];
}

/** The loaded definitions, every diagnostic (sorted by file, line and column) and, when asked for, the cases. */
export interface Validation {
  defs: Definitions;
  diagnostics: Diagnostic[];
  cases: ProgramCases[];
}

const firstLine = (file: string) => ({ file, line: 1, col: 1, end_line: 1, end_col: 1 });

/**
 * Runs every program's cases of loaded definitions; each failed expectation is a `case-failed` error at its case, a
 * program without cases a `no-cases` error, both added to `diagnostics`.
 */
export function runProgramCases(defs: Definitions, diagnostics: Diagnostic[]): ProgramCases[] {
  const summary: ProgramCases[] = [];
  for (const [id, program] of Object.entries(defs.programs)) {
    const file = defs.cases[id];
    if (!file) {
      diagnostics.push({
        code: 'no-cases',
        severity: 'error',
        file: program.file,
        path: [],
        range: firstLine(program.file),
        message: `program '${id}' has no cases.yaml`,
      });
      continue;
    }
    let results: CaseResult[];
    try {
      results = runCases(program, file, defs.forms);
    } catch (e) {
      // A definition the loader let through and the engine cannot run: a diagnostic, never a stack trace.
      diagnostics.push(loaderError(file.file, `the cases of program '${id}'`, e));
      continue;
    }
    const failed = results.filter((r) => !r.ok);
    summary.push({ program: id, passed: results.length - failed.length, failed: failed.length, results });
    for (const r of failed)
      for (const failure of r.failures)
        diagnostics.push({
          code: 'case-failed',
          severity: 'error',
          file: file.file,
          path: [],
          range: r.range,
          message: `case '${r.name}': ${failure}`,
        });
  }
  return summary;
}

/** Diagnostics in the order the CLI prints them: by file, line and column. */
export const byPlace = (a: Diagnostic, b: Diagnostic) =>
  a.file.localeCompare(b.file) || a.range.line - b.range.line || a.range.col - b.range.col;

/** Loads the files, and runs every program's cases when `cases` is true. */
export function validateDefinitions(
  files: Parameters<typeof loadDefinitions>[0],
  options: LoadOptions,
  cases: boolean,
): Validation {
  const defs = loadDefinitions(files, options);
  const diagnostics: Diagnostic[] = [...defs.diagnostics];
  const summary = cases ? runProgramCases(defs, diagnostics) : [];
  diagnostics.sort(byPlace);
  return { defs, diagnostics, cases: summary };
}
