/** Reads definition files from disk for the engine (the engine itself does no I/O). */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { kindOf, type SourceFile } from '../engine/index.ts';
import { isMisnamedCandidate } from '../engine/load/file-names.ts';

/** A path that could not be read. */
export class UnreadablePathError extends Error {}

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    // A near-miss name (programs.yaml, froms.yaml) is read too, for the loader to report.
    else if (kindOf(p) || isMisnamedCandidate(p)) out.push(p);
  }
}

/** Finds the nearest program-defs/_shared above a path (so a single program can be validated with its shared rules). */
function findShared(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    for (const candidate of [join(dir, '_shared'), join(dir, 'program-defs', '_shared')]) {
      if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** Collects definition files under the given paths (default: program-defs and task-schemas of `cwd`). */
export function readDefinitionFiles(paths: string[], cwd: string): SourceFile[] {
  const roots = paths.length
    ? paths.map((p) => resolve(cwd, p))
    : [join(cwd, 'program-defs'), join(cwd, 'task-schemas')].filter(existsSync);
  const found: string[] = [];
  for (const root of roots) {
    if (!existsSync(root))
      throw new UnreadablePathError(`cannot read '${relative(cwd, root) || root}': no such file or directory`);
    if (statSync(root).isDirectory()) walk(root, found);
    else {
      found.push(root);
      // A cases file is checked against its program: the program beside it comes along.
      if (kindOf(root) === 'cases')
        for (const name of ['program.yaml', 'program.yml'])
          if (existsSync(join(dirname(root), name))) found.push(join(dirname(root), name));
    }
  }
  if (!found.some((f) => kindOf(f) === 'shared')) {
    const shared = findShared(roots[0] ?? cwd);
    if (shared) walk(shared, found);
  }
  if (paths.length === 0 || !found.some((f) => kindOf(f) === 'task-form')) {
    const forms = join(cwd, 'task-schemas');
    if (existsSync(forms) && !roots.includes(forms)) walk(forms, found);
  }
  return [...new Set(found)].map((p) => {
    try {
      return { path: relative(cwd, p) || p, text: readFileSync(p, 'utf8') };
    } catch (e) {
      throw new UnreadablePathError(`cannot read '${p}': ${(e as Error).message}`);
    }
  });
}
