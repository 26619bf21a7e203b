/**
 * The files some programs are loaded from: the shared files, each program's own (program and cases),
 * and the forms its definition names (form keys are words: task-schemas/<key>/form.yaml). Loading only
 * those gives the same programs as loading every file (tests/web/explorer-definitions.test.tsx checks),
 * in a fraction of the time: the program explorer shows one program, or two compared.
 */

import type { SourceFile } from '../types.ts';

export function filesOfPrograms(files: SourceFile[], ids: string[]): SourceFile[] {
  const own = (f: SourceFile) => ids.some((id) => f.path.startsWith(`program-defs/${id}/`));
  const programs = files.filter((f) => own(f) && f.path.endsWith('/program.yaml')).map((f) => f.text);
  const named = (key: string) => programs.some((text) => new RegExp(`\\b${key}\\b`).test(text));
  return files.filter(
    (f) =>
      f.path.includes('/_shared/') || own(f) || (f.path.startsWith('task-schemas/') && named(f.path.split('/')[1])),
  );
}
