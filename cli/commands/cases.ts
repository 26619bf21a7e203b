/** `rebate cases --update [paths...]`: rewrites the expectations of failing cases from what the engine now says. */

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadDefinitions, runCases } from '../../engine/index.ts';
import { updateCasesText } from '../../engine/cases-update.ts';
import { stylish } from '../format.ts';
import { readDefinitionFiles } from '../read-files.ts';

/**
 * Runs every program's cases and writes the new expectations of the failing ones into their cases.yaml
 * (only the changed expectations' text), printing each case it changed; a program manager reviews the
 * diff. A cases file with errors of its own (a misspelt task or answer) is not updated, since its
 * expectations would be taken from the mistake: its errors are printed and the exit code is 1.
 */
export function updateCases(paths: string[], opts: { cwd: string; print: (s: string) => void }): number {
  const defs = loadDefinitions(readDefinitionFiles(paths, opts.cwd), { unused_forms: false });
  let cases = 0;
  let files = 0;
  let refused = 0;
  for (const [id, program] of Object.entries(defs.programs).sort(([a], [b]) => a.localeCompare(b))) {
    const file = defs.cases[id];
    if (!file) continue;
    const errors = defs.diagnostics.filter((d) => d.severity === 'error' && d.file === file.file);
    if (errors.length) {
      for (const d of errors) opts.print(stylish(d));
      opts.print(`${file.file}: not updated: fix its ${errors.length} error(s) first`);
      refused++;
      continue;
    }
    const results = runCases(program, file, defs.forms);
    if (results.every((r) => r.ok)) continue;
    const path = resolve(opts.cwd, file.file);
    const { text, updated } = updateCasesText(readFileSync(path, 'utf8'), results);
    for (const r of results.filter((r) => !r.ok && !updated.some((u) => u.name === r.name))) {
      opts.print(
        `${file.file}:${r.range.line}:${r.range.col}: case '${r.name}' still fails (nothing to rewrite): ${r.failures.join('; ')}`,
      );
    }
    if (!updated.length) continue;
    writeFileSync(path, text);
    files++;
    for (const u of updated) {
      cases++;
      opts.print(`${file.file}:${u.line}: updated case '${u.name}': ${u.expectations.join(', ')}`);
    }
  }
  opts.print(cases ? `${cases} case(s) updated in ${files} file(s): review the diff` : 'no case to update');
  return refused ? 1 : 0;
}
