/** `rebate validate [paths...] [--cases] [--format stylish|json|github]` */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDefinitions, runCases, type Diagnostic } from '../../engine/index.ts';
import { github, jsonResult, stylish, type Format } from '../format.ts';
import { readDefinitionFiles } from '../read-files.ts';

/**
 * Whether the paths name every program (none named, or a folder holding program-defs or its _shared): only
 * then is a form no program of the files names unused (one program on its own uses only its own forms).
 */
function everyProgram(paths: string[], cwd: string): boolean {
  return paths.length === 0 || paths.some((p) => existsSync(join(resolve(cwd, p), '_shared')) || existsSync(join(resolve(cwd, p), 'program-defs')));
}

/** Validates the definitions; returns the exit code (0 clean, 1 errors; warnings such as unused forms do not fail). */
export function validate(paths: string[], opts: { cases: boolean; format: Format; cwd: string; print: (s: string) => void }): number {
  const defs = loadDefinitions(readDefinitionFiles(paths, opts.cwd), { unused_forms: everyProgram(paths, opts.cwd) });
  const diagnostics: Diagnostic[] = [...defs.diagnostics];
  const caseSummary: { program: string; passed: number; failed: number }[] = [];
  if (opts.cases) {
    for (const [id, program] of Object.entries(defs.programs)) {
      const file = defs.cases[id];
      if (!file) {
        diagnostics.push({ code: 'no-cases', severity: 'error', file: program.file, path: [], range: { file: program.file, line: 1, col: 1, end_line: 1, end_col: 1 }, message: `program '${id}' has no cases.yaml` });
        continue;
      }
      const results = runCases(program, file, defs.forms);
      caseSummary.push({ program: id, passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
      for (const r of results.filter((r) => !r.ok)) {
        for (const failure of r.failures) {
          diagnostics.push({ code: 'case-failed', severity: 'error', file: file.file, path: [], range: r.range, message: `case '${r.name}': ${failure}` });
        }
      }
    }
  }
  diagnostics.sort((a, b) => a.file.localeCompare(b.file) || a.range.line - b.range.line || a.range.col - b.range.col);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const programs = Object.values(defs.programs).map((p) => p.id).sort();
  if (opts.format === 'json') {
    opts.print(JSON.stringify({ programs, forms: Object.keys(defs.forms).sort(), cases: caseSummary, errors, warnings, results: diagnostics.map(jsonResult) }, null, 2));
  } else {
    for (const d of diagnostics) opts.print(opts.format === 'github' ? github(d) : stylish(d));
    if (opts.format === 'stylish') {
      opts.print(`${programs.length} programs: ${programs.join(', ')}`);
      opts.print(`${Object.keys(defs.forms).length} task forms`);
      for (const c of caseSummary) opts.print(`cases ${c.program}: ${c.passed} passed${c.failed ? `, ${c.failed} failed` : ''}`);
      opts.print(`${errors} error(s), ${warnings} warning(s)`);
    }
  }
  return errors > 0 ? 1 : 0;
}
