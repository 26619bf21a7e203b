/**
 * The program a job is evaluated under (issue 19): the current one, or for a job pinned to an older
 * definition version, that version's stored files loaded by the engine, with the paths the current program
 * lists in `versioning.apply_to_pinned` laid over from the current document. Built programs are cached in
 * memory by the hash of the files they were loaded from (bounded), so a version is compiled once per process.
 */

import {
  loadDefinitions,
  overlayVersion,
  versionHash,
  type Definitions,
  type TaskForm,
  type Program,
  type SourceFile,
  definitionVersions,
  type DefinitionVersion,
} from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as versionsDb from '../db/versions.db.ts';
import type { Q } from '../db/portable.ts';

/** The version of each loaded program, by program object (registered with the files the definitions came from). */
const versionsByProgram = new WeakMap<Program, DefinitionVersion>();

/** The forms of the definitions a stored version was loaded from, by its program object (the loaded programs use
 * deps.defs.forms). */
const formsByProgram = new WeakMap<Program, Definitions['forms']>();

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

async function storedVersion(db: Q, hash: string): Promise<versionsDb.VersionRow | undefined> {
  if (!stored.has(hash)) {
    const v = await versionsDb.getVersion(db, hash);
    if (!v) return undefined; // not cached: a version stored later is found then
    remember(stored, hash, v);
  }
  return stored.get(hash) ?? undefined;
}

function buildProgram(files: SourceFile[], hash: string, programId: string): Program | undefined {
  if (!built.has(hash)) {
    const defs = loadDefinitions(files, { lazy_forms: true, unused_forms: false });
    const p = defs.diagnostics.some((d) => d.severity === 'error') ? undefined : defs.programs[programId];
    if (p) {
      registerVersions(defs, files);
      formsByProgram.set(p, defs.forms);
    }
    remember(built, hash, p ?? null);
  }
  return built.get(hash) ?? undefined;
}

/**
 * The program a job is evaluated under: unpinned, or pinned to the current version, the current program;
 * pinned to a stored version of its program, that version with `apply_to_pinned` overlaid (a version that
 * no longer loads, or an overlay that breaks it, falls back to the plain version, then to the current program).
 */
export async function programOfJob(
  deps: Deps,
  row: { program_id: string; pinned_version?: string | null },
): Promise<Program> {
  return pinnedUnder(deps.db, currentProgram(deps, row.program_id), row.pinned_version, deps.log);
}

/**
 * The program a job pinned to `pin` is judged by when `current` is the program loaded (or proposed, for the
 * impact of a change): `current` itself when the job is not pinned or pinned to its version, else the stored
 * version with `current`'s `apply_to_pinned` paths laid over.
 */
export async function pinnedUnder(
  db: Q,
  current: Program,
  pin: string | null | undefined,
  log: Deps['log'] = () => {},
): Promise<Program> {
  if (!pin || versionOfProgram(current)?.hash === pin) return current;
  const paths = current.versioning.apply_to_pinned;
  const key = `${pin}\n${current.hash}\n${paths.join(',')}`;
  const known = overlays.get(key);
  if (known && built.get(known)) return built.get(known)!;
  const v = await storedVersion(db, pin);
  if (!v || v.program_id !== current.id) return current;
  const files = paths.length ? overlayVersion(v, current.raw, paths) : v.files;
  const hash = versionHash(files);
  const p = buildProgram(files, hash, current.id) ?? buildProgram(v.files, pin, current.id);
  if (!p) {
    log({
      level: 'warn',
      msg: 'pinned definition version does not load; evaluating under the current one',
      version: pin,
      program_id: current.id,
    });
    return current;
  }
  remember(overlays, key, p === built.get(hash) ? hash : pin);
  return p;
}

/**
 * A form as the program a job is judged by has it: a pinned version's own form (its files hold its forms),
 * else the loaded one. Every service reads a job's forms through this, beside `programOfJob`.
 */
export function formOf(deps: Deps, program: Program, key: string): TaskForm | undefined {
  return formsOf(deps, program)[key];
}

/** A form the job's program needs (500 if its definitions do not have it: the loader should have said so). */
export function requireForm(deps: Deps, program: Program, key: string): TaskForm {
  const form = formOf(deps, program, key);
  if (!form) throw new ApiError(500, `Form '${key}' is not loaded`);
  return form;
}

/** The forms of the definitions a program was loaded with (see formOf). */
export function formsOf(deps: Deps, program: Program): Definitions['forms'] {
  return formsByProgram.get(program) ?? deps.defs.forms;
}

/** A form of a task of the program (undefined: no such task or form). */
export function taskFormOf(deps: Deps, program: Program, taskId: string): TaskForm | undefined {
  const def = program.tasks.find((t) => t.id === taskId);
  return def && formOf(deps, program, def.form);
}

/** Whether a job is due to pin now (program.yaml `versioning.pin_at`): at creation, or once submitted. */
export function duePin(
  program: Program,
  row: { pinned_version?: string | null; submitted_at: string | null },
  pastSubmit: boolean,
): boolean {
  if (row.pinned_version) return false;
  const at = program.versioning.pin_at;
  return at === 'creation' || (at === 'submission' && (!!row.submitted_at || pastSubmit));
}
