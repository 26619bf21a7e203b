/**
 * Definition files are found by name (kindOf): a program saved as `programs.yaml`, a form as
 * `froms.yaml` or a folder left with only `program.yml.bak` would make the program or form silently
 * disappear. The reader hands such near-miss files in too, and they are reported at their line 1,
 * naming what the file should be called.
 */

import type { Diagnostic } from '../types.ts';
import { closest } from './suggest.ts';
import type { FileKind } from './meta-validate.ts';

/** The files a definition folder holds, by the folder above it. */
const FOLDER_FILES: Record<string, { names: string[]; required: string; what: string }> = {
  'program-defs': {
    names: ['program', 'cases'],
    required: 'program',
    what: 'a program folder holds program.yaml and cases.yaml',
  },
  'task-schemas': { names: ['form'], required: 'form', what: 'a form folder holds form.yaml (and examples/)' },
};
const SHARED = '_shared';
const DEFINITION_EXT = /\.(ya?ml|json)$/;

interface Place {
  root: string;
  folder: string;
  name: string;
  stem: string;
}

/** Where a file sits: directly in a folder of program-defs/ or task-schemas/. */
function placeOf(path: string): Place | undefined {
  const parts = path.replace(/\\/g, '/').split('/');
  const root = parts[parts.length - 3];
  if (!root || !FOLDER_FILES[root]) return undefined;
  const name = parts[parts.length - 1];
  return { root, folder: parts.slice(0, -1).join('/'), name, stem: name.split('.')[0].toLowerCase() };
}

/** The expected stem a file name is a near miss of (`programs`, `Program`, `program.yml.bak` -> program). */
function nearMiss(place: Place): string | undefined {
  const names = FOLDER_FILES[place.root].names;
  const letters = (w: string) => [...w].sort().join('');
  const singular = place.stem.replace(/s$/, '');
  // Swapped letters (froms, porgram) are two edits apart: compare the letters too.
  return (
    names.find(
      (n) => place.stem.startsWith(n) || letters(singular) === letters(n) || letters(place.stem) === letters(n),
    ) ?? closest(place.stem, names)
  );
}

/** Which kind of definition a file is, by its place in the tree. */
export function kindOf(path: string): FileKind | undefined {
  const parts = path.replace(/\\/g, '/').split('/');
  const name = parts[parts.length - 1];
  const dir = parts[parts.length - 2];
  if (!/\.(ya?ml|json)$/.test(name)) return undefined;
  if (dir === '_shared') return parts.includes('task-schemas') ? 'form-shared' : 'shared';
  if (/^program\.ya?ml$/.test(name)) return 'program';
  if (/^cases\.ya?ml$/.test(name)) return 'cases';
  if (/^form\.(ya?ml|json)$/.test(name)) return 'task-form';
  return undefined;
}

/** Whether a file that is not a definition by name should still be handed to the loader (to be reported). */
export function isMisnamedCandidate(path: string): boolean {
  const place = placeOf(path);
  if (!place) return false;
  const folder = place.folder.split('/').pop()!;
  if (folder !== SHARED && closest(folder, [SHARED]) === SHARED) return DEFINITION_EXT.test(place.name);
  if (folder === SHARED) return false;
  return DEFINITION_EXT.test(place.name) || nearMiss(place) !== undefined;
}

/**
 * Diagnostics for the files a loader would skip: `kindOf` names the files it reads; every other
 * candidate (see isMisnamedCandidate) is reported at line 1 with the name it should have.
 */
export function misnamedFiles(paths: string[], kindOf: (path: string) => string | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (file: string, code: string, severity: 'error' | 'warning', message: string) =>
    out.push({ code, severity, file, path: [], range: { file, line: 1, col: 1, end_line: 1, end_col: 1 }, message });
  const byFolder = new Map<string, { path: string; place: Place; kind: string | undefined }[]>();
  for (const path of paths) {
    const place = placeOf(path);
    if (!place) continue;
    byFolder.set(place.folder, [...(byFolder.get(place.folder) ?? []), { path, place, kind: kindOf(path) }]);
  }
  for (const [folder, files] of byFolder) {
    const name = folder.split('/').pop()!;
    if (name === SHARED) continue;
    if (closest(name, [SHARED]) === SHARED) {
      for (const f of files)
        at(
          f.path,
          'misnamed-file',
          'error',
          `folder '${name}' is not read: shared definitions go in a folder called ${SHARED}`,
        );
      continue;
    }
    const spec = FOLDER_FILES[files[0].place.root];
    const has = (stem: string) => files.some((f) => f.kind !== undefined && f.place.stem === stem);
    // Whether a misnamed file already explains why the folder's definition is missing.
    let explained = false;
    for (const f of files) {
      if (f.kind !== undefined) continue;
      // In a folder without its definition, its only other YAML file is taken for it, whatever its name.
      const meant =
        nearMiss(f.place) ?? (DEFINITION_EXT.test(f.place.name) && !has(spec.required) ? spec.required : undefined);
      if (!meant) {
        if (DEFINITION_EXT.test(f.place.name))
          at(f.path, 'unknown-file', 'warning', `'${f.place.name}' is not read: ${spec.what}`);
        continue;
      }
      const proper = `${meant}.yaml`;
      if (has(meant)) {
        // The real file is there: a stray copy (a backup is fine, a second YAML is a warning).
        if (DEFINITION_EXT.test(f.place.name))
          at(
            f.path,
            'misnamed-file',
            'warning',
            `'${f.place.name}' is not read (${proper} beside it is): delete it or merge it into ${proper}`,
          );
        continue;
      }
      const lost =
        meant === 'cases'
          ? `these cases never run`
          : `the ${meant === 'form' ? 'form' : 'program'} '${name}' does not exist`;
      at(f.path, 'misnamed-file', 'error', `'${f.place.name}' is not read: it must be called ${proper}, so ${lost}`);
      if (meant === spec.required) explained = true;
    }
    // A folder with files but no definition of its own (and no near miss reported above).
    const required = spec.required;
    if (!has(required) && !explained) {
      const first = files.find((f) => f.kind !== undefined);
      if (first)
        at(
          first.path,
          'missing-file',
          'error',
          `folder '${name}' has no ${required}.yaml: ${required === 'program' ? `program '${name}' does not exist and its cases never run` : `form '${name}' does not exist`}`,
        );
    }
  }
  return out;
}
