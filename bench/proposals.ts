/**
 * Proposed definition changes the benches measure (the impact report, the background re-evaluation): the
 * repository's files with each program's heat pump cap lowered by a fifth, loaded by the engine.
 */

import { loadDefinitions, type Definitions, type SourceFile } from '../engine/index.ts';

/** Loads definition files; throws on errors (a bench measures working definitions). */
export function loadOrThrow(files: SourceFile[]): Definitions {
  const defs = loadDefinitions(files);
  const errors = defs.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length)
    throw new Error(`definitions have ${errors.length} error(s): ${errors[0].file}: ${errors[0].message}`);
  return defs;
}

/** A program's own program.yaml (not a shared file). */
export const isProgramFile = (f: SourceFile) =>
  /program-defs\/[^/_][^/]*\/program\.ya?ml$/.test(f.path.replace(/\\/g, '/'));

/** The files with every program changed (its name), so that every job is evaluated again. */
export function renameEveryProgram(files: SourceFile[]): SourceFile[] {
  return files.map((f) =>
    isProgramFile(f) ? { ...f, text: f.text.replace(/^name: (.*)$/m, 'name: $1 (proposed)') } : f,
  );
}

/** The files with each program's first measure cap (heat_pump where it has one) lowered by a fifth, and how many
 * programs changed. */
export function lowerHeatPumpCaps(files: SourceFile[]): { files: SourceFile[]; programs: number } {
  const capped = files.map((f) =>
    isProgramFile(f)
      ? {
          ...f,
          text: f.text.replace(
            /(\n {2}caps:\n(?: *#.*\n)*) {4}heat_pump: (\d+)/,
            (_m, head: string, n: string) => `${head}    heat_pump: ${Math.round(Number(n) * 0.8)}`,
          ),
        }
      : f,
  );
  return { files: capped, programs: capped.filter((f, i) => f.text !== files[i].text).length };
}
