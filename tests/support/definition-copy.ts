/**
 * A small copy of the repository's definitions for linter tests: one program folder, the forms its tasks
 * name and the _shared folders, with text mutations applied, loaded as `rebate validate` loads them.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefinitions, type LoadOptions } from '../../engine/index.ts';
import type { MetaValidators } from '../../engine/load/meta-validate.ts';
import type { SourceFile } from '../../engine/types.ts';
import { ROOT } from '../load-repo.ts';

/** A text edit of one definition file: `from` (which must occur) becomes `to`. */
export interface Mutation {
  file: string;
  from: string;
  to: string;
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The files of one program with its forms and the shared folders, mutated. */
export function programCopy(program: string, mutations: Mutation[] = []): SourceFile[] {
  const paths: string[] = [];
  for (const dir of ['program-defs/_shared', 'task-schemas/_shared'])
    for (const f of readdirSync(join(ROOT, dir)).sort()) paths.push(`${dir}/${f}`);
  const programFile = `program-defs/${program}/program.yaml`;
  paths.push(programFile);
  for (const m of read(programFile).matchAll(/\bform: ([a-z0-9_]+)/g)) {
    const form = `task-schemas/${m[1]}/form.yaml`;
    if (!paths.includes(form) && existsSync(join(ROOT, form))) paths.push(form);
  }
  return paths.map((path) => {
    let text = read(path);
    for (const m of mutations.filter((x) => x.file === path)) {
      if (!text.includes(m.from)) throw new Error(`mutation of ${path}: '${m.from}' not found`);
      text = text.replace(m.from, m.to);
    }
    return { path, text };
  });
}

/** Loads the mutated copy (forms compile lazily: these tests are about rules, not form schemas). */
export function loadCopy(program: string, mutations: Mutation[] = [], options: LoadOptions = {}) {
  return loadDefinitions(programCopy(program, mutations), { unused_forms: false, lazy_forms: true, ...options });
}

/** Meta validators that accept everything: what the engine's own checks find when a meta-schema lets a value through.
 * */
export const ACCEPT_ALL: MetaValidators = Object.fromEntries(
  (['program', 'task-form', 'cases', 'shared', 'form-shared'] as const).map((kind) => [
    kind,
    Object.assign(() => true, { errors: null }),
  ]),
) as unknown as MetaValidators;

/** Line and column (1-based) of `needle` in a mutated file, searched from where the mutation's new text starts. */
export function positionOf(files: SourceFile[], m: Mutation, needle: string): { line: number; col: number } {
  const text = files.find((f) => f.path === m.file)!.text;
  const index = text.indexOf(needle, Math.max(0, text.indexOf(m.to)));
  if (index < 0) throw new Error(`'${needle}' not found in ${m.file}`);
  return lineCol(text, index);
}

/** Where the nth occurrence of `needle` starts in a text (1-based line and column). */
export function textPosition(text: string, needle: string, nth = 1): { line: number; col: number } {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not found`);
  }
  return lineCol(text, at);
}

function lineCol(text: string, index: number): { line: number; col: number } {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

/** A table row of the lint tests: replace `from` by `to` in a file; the mistake is where the nth `mark` lands; `code`
 * is expected there. */
export interface MutationRow {
  name: string;
  file: string;
  from: string;
  to: string;
  mark: string;
  nth?: number;
  code: string;
}
