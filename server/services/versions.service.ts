/**
 * Definition versions (issue 19): a program's stored versions, their files and diffs, and the explicit
 * migration of pinned jobs to the current version (ops; one transaction and one history row per job,
 * with the outcome before and after).
 */

import { parse } from 'yaml';
import { definitionChanges, describeChange, type SourceFile } from '../../engine/index.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { notFound } from '../errors.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as versionsDb from '../db/versions.db.ts';
import { addHistory } from '../db/history.db.ts';
import { jobState, refreshJob } from './evaluation.ts';
import { currentVersion } from './pinned-program.ts';

/** 404 for an unknown program; its current version is stored if it is not yet (a server started without buildDeps). */
async function programOr404(deps: Deps, id: string) {
  const p = deps.defs.programs[id];
  if (!p) throw notFound('Program not found');
  await currentVersion(deps, id);
  return p;
}

async function versionOr404(deps: Deps, programId: string, hash: string): Promise<versionsDb.VersionRow> {
  const v = await versionsDb.getVersion(deps.db, hash);
  if (!v || v.program_id !== programId) throw notFound('Definition version not found');
  return v;
}

/** A program's stored versions, newest first, with the current one marked and the jobs each pins. */
export async function listVersions(deps: Deps, programId: string) {
  await programOr404(deps, programId);
  const current = (await currentVersion(deps, programId))?.hash;
  const rows = await versionsDb.versionsOfProgram(deps.db, programId);
  return {
    items: rows.map((r) => ({
      hash: r.hash,
      first_loaded_at: r.first_loaded_at,
      current: r.hash === current,
      pinned_jobs: r.pinned_jobs,
    })),
  };
}

/** One stored version with its files. */
export async function readVersion(deps: Deps, programId: string, hash: string) {
  await programOr404(deps, programId);
  const v = await versionOr404(deps, programId, hash);
  return { hash: v.hash, program_id: v.program_id, first_loaded_at: v.first_loaded_at, files: v.files };
}

function documentOf(f: SourceFile | undefined): unknown {
  if (!f) return undefined;
  try {
    return parse(f.text) as unknown;
  } catch {
    return f.text;
  }
}

/** What changed from one version's files to another's, file by file (engine definitionChanges). */
export function filesDiff(from: SourceFile[], to: SourceFile[]) {
  const a = new Map(from.map((f) => [f.path, f]));
  const b = new Map(to.map((f) => [f.path, f]));
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.flatMap((file) => {
    if (a.get(file)?.text === b.get(file)?.text) return [];
    return definitionChanges(documentOf(a.get(file)), documentOf(b.get(file))).map((c) => ({
      file,
      path: c.path,
      before: c.before,
      after: c.after,
      text: `${file}: ${describeChange(c)}`,
    }));
  });
}

/** The diff from a version to `against` (current, or another version of the program). */
export async function diffVersion(deps: Deps, programId: string, hash: string, against: string) {
  await programOr404(deps, programId);
  const from = await versionOr404(deps, programId, hash);
  const toHash = against === 'current' ? (await currentVersion(deps, programId))?.hash : against;
  if (!toHash) throw notFound('The current definitions of this program are not stored as a version');
  const to = await versionOr404(deps, programId, toHash);
  return { from: from.hash, to: to.hash, changes: filesDiff(from.files, to.files) };
}

type Outcome = {
  stage: number;
  eligibility: string;
  rebate_max_cents: number | null;
  rebate_final_cents: number | null;
};

/** Moves one job to the program's current version in the caller's transaction; null when there is nothing to move. */
async function moveJob(
  deps: Deps,
  user: AuthUser,
  row: jobsDb.JobRow,
  to: string,
): Promise<{ after: Outcome; moved: boolean }> {
  const outcome = (ev: Awaited<ReturnType<typeof jobState>>['evaluation']): Outcome => ({
    stage: ev.stage.number,
    eligibility: ev.eligibility.status,
    rebate_max_cents: ev.incentive.range.max_cents,
    rebate_final_cents: ev.incentive.final_cents,
  });
  const before = outcome((await jobState(deps, row)).evaluation);
  if (row.pinned_version === to) return { after: before, moved: false };
  await versionsDb.setPinnedVersion(deps.db, row.id, to);
  const after = outcome(await refreshJob(deps, row.id));
  await addHistory(deps.db, {
    job_id: row.id,
    type: 'definition_migrated',
    user_id: user.id,
    at: deps.now().toISOString(),
    detail: { from: row.pinned_version ?? null, to, before, after },
  });
  return { after, moved: true };
}

async function currentHashOr404(deps: Deps, programId: string): Promise<string> {
  const v = await currentVersion(deps, programId);
  if (!v) throw notFound('The current definitions of this program are not stored as a version');
  return v.hash;
}

/** Moves one job to its program's current version; answers its new evaluation summary. */
export async function migrateJob(deps: Deps, user: AuthUser, jobId: number) {
  return inTransaction(deps, async (deps) => {
    const row = await jobsDb.getJob(deps.db, jobId);
    if (!row) throw notFound('Job not found');
    const to = await currentHashOr404(deps, row.program_id);
    const { after } = await moveJob(deps, user, row, to);
    return { job_id: row.id, pinned_version: to, ...after };
  });
}

/** Moves every job of a program pinned to `from` (at the given stages, if any) to the current version, one transaction
 * per job. */
export async function migrateJobs(
  deps: Deps,
  user: AuthUser,
  programId: string,
  body: { from: string; stage?: number[] },
) {
  await programOr404(deps, programId);
  await versionOr404(deps, programId, body.from);
  const to = await currentHashOr404(deps, programId);
  let moved = 0;
  if (body.from === to) return { moved };
  for (const id of await versionsDb.jobsPinnedTo(deps.db, programId, body.from, body.stage)) {
    const done = await inTransaction(deps, async (deps) => {
      const row = await jobsDb.getJob(deps.db, id);
      // Moved or changed since the list was read: left as it is.
      if (!row || row.pinned_version !== body.from) return false;
      return (await moveJob(deps, user, row, to)).moved;
    });
    if (done) moved += 1;
  }
  return { moved };
}
