/** Reads program-defs/ and task-schemas/ from disk for the engine, once at start. */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { kindOf, loadDefinitions, type Definitions, type LoadOptions, type SourceFile } from '../engine/index.ts';

function walk(root: string, dir: string, out: SourceFile[]) {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(root, p, out);
    else if (kindOf(p)) out.push({ path: relative(root, p), text: readFileSync(p, 'utf8') });
  }
}

/** The definition files under `root` (program-defs/ and task-schemas/), as the engine reads them. */
export function readDefinitionSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const dir of ['program-defs', 'task-schemas']) walk(root, join(root, dir), files);
  return files;
}

/** Loads definitions from their files (parsed by `parse` when given); refuses to start on a definition with errors. */
export function loadRepoDefinitions(files: SourceFile[], parse?: LoadOptions['parse']): Definitions {
  const defs = loadDefinitions(files, { parse });
  const errors = defs.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    const first = errors
      .slice(0, 5)
      .map((d) => `${d.file}:${d.range.line}:${d.range.col}: ${d.message}`)
      .join('\n');
    throw new Error(`the definitions have ${errors.length} error(s); run 'npx rebate validate':\n${first}`);
  }
  return withSafeLookups(defs);
}

/**
 * The definitions with programs and forms in records without a prototype, so an id read from a request
 * (`__proto__`, `constructor`, `toString`) finds nothing instead of an Object.prototype member: every
 * `defs.programs[id]` of the server is safe by construction.
 */
export function withSafeLookups(defs: Definitions): Definitions {
  const bare = <T>(r: Record<string, T>): Record<string, T> =>
    Object.assign(Object.create(null) as Record<string, T>, r);
  return { ...defs, programs: bare(defs.programs), forms: bare(defs.forms) };
}
