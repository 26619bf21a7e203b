/**
 * Definition versions (issue 19): a program's version is the set of files it is built from (its
 * program.yaml, the _shared files of program-defs/ and task-schemas/, the forms its tasks name and its quality
 * reviews' checklists),
 * hashed over their text, so the server stores it once and the browser computes the same hash from the
 * same files. A job pinned to a version is evaluated under those files, with the paths the current
 * program lists in `versioning.apply_to_pinned` taken from the current program document.
 */

import { parse, stringify } from 'yaml';
import { hashDefinition } from './load/hash.ts';
import { kindOf } from './load/file-names.ts';
import type { Definitions } from './load/definition-types.ts';
import type { Program, SourceFile } from './types.ts';

/** A program's version: its hash and the files it hashes. */
export interface DefinitionVersion {
  hash: string;
  program_id: string;
  files: SourceFile[];
}

const slash = (p: string) => p.replace(/\\/g, '/');

/** The hash of a set of definition files: order and path separators do not change it. */
export function versionHash(files: SourceFile[]): string {
  return hashDefinition(
    files.map((f) => [slash(f.path), f.text]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

/** The files a loaded program is built from, out of all the definition files it was loaded with (sorted by path). */
export function versionFilesOf(
  program: Pick<Program, 'file' | 'tasks' | 'quality'>,
  files: SourceFile[],
): SourceFile[] {
  // The forms its tasks name, and the checklists its quality reviews name.
  const forms = new Set([
    ...program.tasks.map((t) => t.form),
    ...(program.quality?.reviews.flatMap((r) => r.checklists.map((c) => c.form)) ?? []),
  ]);
  const own = slash(program.file);
  return files
    .filter((f) => {
      const path = slash(f.path);
      if (path === own) return true;
      const parts = path.split('/');
      const kind = kindOf(path);
      if (kind === 'shared' || kind === 'form-shared') return true;
      return kind === 'task-form' && forms.has(parts[parts.length - 2]);
    })
    .map((f) => ({ path: slash(f.path), text: f.text }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Each program's version, out of the files its definitions were loaded from. */
export function definitionVersions(defs: Pick<Definitions, 'programs'>, files: SourceFile[]): DefinitionVersion[] {
  return Object.values(defs.programs).map((p) => {
    const own = versionFilesOf(p, files);
    return { hash: versionHash(own), program_id: p.id, files: own };
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a program document has the dotted path (a key holding null counts: its value is null). */
export function hasDocumentPath(doc: unknown, dotted: string): boolean {
  let v = doc;
  for (const k of dotted.split('.')) {
    if (!isObject(v) || !Object.hasOwn(v, k)) return false;
    v = v[k];
  }
  return true;
}

function getPath(doc: unknown, keys: string[]): unknown {
  let v = doc;
  for (const k of keys) v = isObject(v) ? v[k] : undefined;
  return v;
}

function setPath(doc: Record<string, unknown>, keys: string[], value: unknown) {
  let v = doc;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(v[k])) v[k] = {};
    v = v[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete v[last];
  else v[last] = structuredClone(value);
}

/**
 * A pinned program.yaml with the `paths` of the current program document laid over it (absent in the
 * current document: removed), re-serialized. Unchanged text when no path differs.
 */
export function overlayProgramText(pinnedText: string, current: Record<string, unknown>, paths: string[]): string {
  const doc = parse(pinnedText) as Record<string, unknown>;
  let changed = false;
  for (const path of paths) {
    const keys = path.split('.');
    const now = getPath(current, keys);
    if (JSON.stringify(getPath(doc, keys)) === JSON.stringify(now)) continue;
    setPath(doc, keys, now);
    changed = true;
  }
  return changed ? stringify(doc) : pinnedText;
}

/** A version's files with its program.yaml overlaid (see overlayProgramText). */
export function overlayVersion(
  version: Pick<DefinitionVersion, 'files'>,
  current: Record<string, unknown>,
  paths: string[],
): SourceFile[] {
  return version.files.map((f) =>
    kindOf(f.path) === 'program' ? { path: f.path, text: overlayProgramText(f.text, current, paths) } : f,
  );
}
