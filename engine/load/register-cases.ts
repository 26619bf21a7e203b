/**
 * Registers each cases.yaml under the program it names, once: a cases file in the wrong folder (a
 * copied program whose cases still name the original) never replaces the original program's cases,
 * and each registered file is linted against its program (lint-cases.ts).
 */

import type { Diagnostic, Program, TaskForm } from '../types.ts';
import type { CasesFile } from './definition-types.ts';
import { lintCases } from './lint-cases.ts';
import type { ParsedFile } from './yaml-source.ts';

const folderOf = (file: string) => file.replace(/\\/g, '/').split('/').slice(-2, -1)[0] ?? '';

/** The cases files by program id, with the diagnostics of misplaced, duplicate and misspelt cases. */
export function registerCases(
  files: ParsedFile[],
  programs: Record<string, Program>,
  forms: Record<string, TaskForm>,
  diagnostics: Diagnostic[],
): Record<string, CasesFile> {
  const cases: Record<string, CasesFile> = {};
  const programOf = (f: ParsedFile) => String((f.value as { program: unknown }).program);
  const at = (f: ParsedFile, code: string, message: string) =>
    diagnostics.push({
      code,
      severity: 'error',
      file: f.file,
      path: ['program'],
      range: f.locate(['program']),
      message,
    });
  // Files in their own program's folder first, so that a misplaced copy never takes their place.
  const placed = files.filter((f) => !folderOf(f.file) || folderOf(f.file) === programOf(f));
  const misplaced = files.filter((f) => !placed.includes(f));
  for (const f of placed) {
    const id = programOf(f);
    if (cases[id]) {
      at(
        f,
        'duplicate-id',
        `program '${id}' already has its cases in ${cases[id].file}: these would replace them, so they are not run`,
      );
      continue;
    }
    cases[id] = { file: f.file, parsed: f, value: f.value as Record<string, unknown> };
  }
  for (const f of misplaced) {
    const id = programOf(f);
    const folder = folderOf(f.file);
    if (cases[id]) {
      at(
        f,
        'id-mismatch',
        `these cases name program '${id}' but sit in folder '${folder}' (copied from ${cases[id].file}?): they are not run, and '${id}' keeps its own cases; write program: ${folder}`,
      );
      continue;
    }
    at(f, 'id-mismatch', `cases program '${id}' must equal its folder name '${folder}'`);
    cases[id] = { file: f.file, parsed: f, value: f.value as Record<string, unknown> };
  }
  for (const [id, file] of Object.entries(cases)) {
    const program = programs[id];
    if (program) diagnostics.push(...lintCases(file.parsed, program, forms));
  }
  return cases;
}
