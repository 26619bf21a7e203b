/**
 * The linter's table tests share this: one program's files as `rebate validate` reads them (the program, the forms
 * its tasks name, both _shared folders), loaded the way the CLI loads them, and a row that edits one file and expects
 * a code at the file, line and column of the mistake.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadDefinitions, type Diagnostic, type SourceFile } from '../../engine/index.ts';
import { createMetaValidators } from '../../engine/load/meta-validate.ts';
import { ROOT } from '../load-repo.ts';

export const readRepoFile = (path: string): SourceFile => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });
const folder = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .sort()
    .map((n) => readRepoFile(`${dir}/${n}`));

/** A program's file path. */
export const P = (id: string) => `program-defs/${id}/program.yaml`;
/** A form's file path. */
export const F = (key: string) => `task-schemas/${key}/form.yaml`;

/** One program, the forms its tasks name and both _shared folders. */
export function programFiles(program: string): SourceFile[] {
  const file = readRepoFile(P(program));
  const forms = [...new Set([...file.text.matchAll(/\bform: (\w+)/g)].map((m) => m[1]))].sort();
  return [
    ...folder('program-defs/_shared'),
    file,
    ...folder('task-schemas/_shared'),
    ...forms.map((f) => readRepoFile(F(f))),
  ];
}

const META = createMetaValidators();
/** Loads files as `rebate validate` does for one program (its forms compiled on use). */
export const loadFiles = (files: SourceFile[]) =>
  loadDefinitions(files, { unused_forms: false, lazy_forms: true, meta_validators: META });

/**
 * A row: in `program`'s files, replace `from` by `to` in `file` (default: the program), or drop the file; expect
 * `code` at the first line of `at.file` (default: the edited file) holding `at.text` (below the line that is
 * exactly `at.after`, when given), at its column plus `offset`.
 */
export interface LintRow {
  name: string;
  program: string;
  file?: string;
  from?: string;
  to?: string;
  drop?: true;
  code: string;
  at: { file?: string; text: string; after?: string; offset?: number };
}

/** The files of a row, edited. */
export function editedFiles(row: Pick<LintRow, 'program' | 'file' | 'from' | 'to' | 'drop'>): SourceFile[] {
  const file = row.file ?? P(row.program);
  return programFiles(row.program).flatMap((f) => {
    if (f.path !== file) return [f];
    if (row.drop) return [];
    expect(f.text, `${file} holds the text to replace`).toContain(row.from!);
    return [{ path: f.path, text: f.text.replace(row.from!, row.to!) }];
  });
}

/** Where a row expects its code: `file:line:col`. */
export function expectedAt(row: LintRow, files: SourceFile[]): string {
  const atFile = row.at.file ?? row.file ?? P(row.program);
  const lines = files.find((f) => f.path === atFile)!.text.split('\n');
  const start = row.at.after === undefined ? -1 : lines.indexOf(row.at.after);
  const line = lines.findIndex((l, i) => i > start && l.includes(row.at.text)) + 1;
  expect(line, `${atFile} holds '${row.at.text}'`).toBeGreaterThan(0);
  const col = lines[line - 1].indexOf(row.at.text) + 1 + (row.at.offset ?? 0);
  return `${atFile}:${line}:${col}`;
}

/** Runs a row: the code is reported where the row expects it, in words (no '[object Object]'). */
export function expectRow(row: LintRow): Diagnostic[] {
  const files = editedFiles(row);
  const found = loadFiles(files).diagnostics.filter((d) => d.code === row.code);
  expect(found.map((d) => `${d.file}:${d.range.line}:${d.range.col}`)).toContain(expectedAt(row, files));
  expect(found.every((d) => !d.message.includes('[object Object]'))).toBe(true);
  return found;
}
