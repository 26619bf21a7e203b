/**
 * The program a job is evaluated under (issue 19): the current one, or for a job pinned to an older
 * definition version, that version's stored files loaded by the engine, with the paths the current program
 * lists in `versioning.apply_to_pinned` laid over from the current document. Built programs are cached in
 * memory by the hash of the files they were loaded from (bounded), so a version is compiled once per process.
 */

import { loadDefinitions, overlayVersion, versionHash, type Definitions, type Program, type SourceFile, definitionVersions, type DefinitionVersion } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as versionsDb from '../db/versions.db.ts';

/** The version of each loaded program, by program object (registered with the files the definitions came from). */
const versionsByProgram = new WeakMap<Program, DefinitionVersion>();

/** Records which files each program of `defs` was loaded from (its version); returns defs. */
export function registerVersions<D extends Pick<Definitions, 'programs'>>(defs: D, files: SourceFile[]): D {
  for (const v of definitionVersions(defs, files)) versionsByProgram.set(defs.programs[v.program_id], v);
  return defs;
}

/** The loaded program's version (undefined when its definitions were loaded without their files). */
export function versionOfProgram(program: Program): DefinitionVersion | undefined {
  return versionsByProgram.get(program);
}

/** The current program of an id (500 if the definitions no longer have it). */
export function currentProgram(deps: Deps, programId: string): Program {
  const p = deps.defs.programs[programId];
  if (!p) throw new ApiError(500, `Program '${programId}' is not loaded`);
  return p;
}

/** The current version of a program, stored if it is not yet (undefined: loaded without files). */
export async function currentVersion(deps: Deps, programId: string): Promise<DefinitionVersion | undefined> {
  const v = versionOfProgram(currentProgram(deps, programId));
  if (v) await versionsDb.insertVersionIfAbsent(deps.db, { ...v, at: deps.now().toISOString() });
  return v;
}

/** Stores the version of every loaded program once (at start; a version already stored is left as it is). */
export async function storeLoadedVersions(deps: Deps): Promise<number> {
  let n = 0;
  for (const id of Object.keys(deps.defs.programs)) if (await currentVersion(deps, id)) n += 1;
  return n;
}

const LIMIT = 32;
/** Built programs by the hash of their (overlaid) files; stored files by version hash; overlay keys to hashes. */
const built = new Map<string, Program | null>();
const stored = new Map<string, versionsDb.VersionRow | null>();
const overlays = new Map<string, string>();

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.set(key, value);
  if (map.size > LIMIT) map.delete(map.keys().next().value!);
  return value;
}

async function storedVersion(deps: Deps, hash: string): Promise<versionsDb.VersionRow | undefined> {
  if (!stored.has(hash)) {
    const v = await versionsDb.getVersion(deps.db, hash);
    if (!v) return undefined; // not cached: a version stored later is found then
    remember(stored, hash, v);
  }
  return stored.get(hash) ?? undefined;
}

function buildProgram(files: SourceFile[], hash: string, programId: string): Program | undefined {
  if (!built.has(hash)) {
    const defs = loadDefinitions(files, { lazy_forms: true, unused_forms: false });
    const p = defs.diagnostics.some((d) => d.severity === 'error') ? undefined : defs.programs[programId];
    if (p) registerVersions(defs, files);
    remember(built, hash, p ?? null);
  }
  return built.get(hash) ?? undefined;
}

/**
 * The program a job is evaluated under: unpinned, or pinned to the current version, the current program;
 * pinned to a stored version of its program, that version with `apply_to_pinned` overlaid (a version that
 * no longer loads, or an overlay that breaks it, falls back to the plain version, then to the current program).
 */
export async function programOfJob(deps: Deps, row: { program_id: string; pinned_version?: string | null }): Promise<Program> {
  const current = currentProgram(deps, row.program_id);
  const pin = row.pinned_version;
  if (!pin || versionOfProgram(current)?.hash === pin) return current;
  const paths = current.versioning.apply_to_pinned;
  const key = `${pin}\n${current.hash}\n${paths.join(',')}`;
  const known = overlays.get(key);
  if (known && built.get(known)) return built.get(known)!;
  const v = await storedVersion(deps, pin);
  if (!v || v.program_id !== row.program_id) return current;
  const files = paths.length ? overlayVersion(v, current.raw, paths) : v.files;
  const hash = versionHash(files);
  const p = buildProgram(files, hash, row.program_id) ?? buildProgram(v.files, pin, row.program_id);
  if (!p) {
    deps.log({ level: 'warn', msg: 'pinned definition version does not load; evaluating under the current one', version: pin, program_id: row.program_id });
    return current;
  }
  remember(overlays, key, p === built.get(hash) ? hash : pin);
  return p;
}

/** Whether a job is due to pin now (program.yaml `versioning.pin_at`): at creation, or once submitted. */
export function duePin(program: Program, row: { pinned_version?: string | null; submitted_at: string | null }, pastSubmit: boolean): boolean {
  if (row.pinned_version) return false;
  const at = program.versioning.pin_at;
  return at === 'creation' || (at === 'submission' && (!!row.submitted_at || pastSubmit));
}
