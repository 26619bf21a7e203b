/** Definition versions (migration 019): stored once by hash; jobs pinned to them. */

import type { SourceFile } from '../../engine/index.ts';
import type { Q } from './portable.ts';

/** A stored version. */
export interface VersionRow {
  hash: string;
  program_id: string;
  first_loaded_at: string;
  files: SourceFile[];
}

/** Stores a version unless it is stored already (two instances starting together both succeed). */
export async function insertVersionIfAbsent(
  db: Q,
  v: { hash: string; program_id: string; files: SourceFile[]; at: string },
): Promise<void> {
  await db
    .insertInto('definition_versions')
    .values({ hash: v.hash, program_id: v.program_id, first_loaded_at: v.at, files: JSON.stringify(v.files) })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** One stored version with its files, or undefined. */
export async function getVersion(db: Q, hash: string): Promise<VersionRow | undefined> {
  const r = await db.selectFrom('definition_versions').selectAll().where('hash', '=', hash).executeTakeFirst();
  return r && { ...r, files: JSON.parse(r.files) as SourceFile[] };
}

/** A program's versions (without files), newest first, with how many jobs each pins. */
export async function versionsOfProgram(
  db: Q,
  programId: string,
): Promise<{ hash: string; first_loaded_at: string; pinned_jobs: number }[]> {
  const rows = await db
    .selectFrom('definition_versions')
    .select(['hash', 'first_loaded_at'])
    .where('program_id', '=', programId)
    .orderBy('first_loaded_at', 'desc')
    .orderBy('hash')
    .execute();
  const counts = await db
    .selectFrom('jobs')
    .select(['pinned_version', (eb) => eb.fn.countAll<number>().as('n')])
    .where('program_id', '=', programId)
    .where('pinned_version', 'is not', null)
    .groupBy('pinned_version')
    .execute();
  const by = new Map(counts.map((c) => [c.pinned_version, Number(c.n)]));
  return rows.map((r) => ({ ...r, pinned_jobs: by.get(r.hash) ?? 0 }));
}

/** Ids of a program's jobs pinned to a version, optionally only those at the given stages. */
export async function jobsPinnedTo(db: Q, programId: string, hash: string, stages?: number[]): Promise<number[]> {
  let q = db.selectFrom('jobs').select('id').where('program_id', '=', programId).where('pinned_version', '=', hash);
  if (stages?.length) q = q.where('stage', 'in', stages);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

/** Pins a job to a version (null: unpinned). */
export async function setPinnedVersion(db: Q, jobId: number, hash: string | null): Promise<void> {
  await db.updateTable('jobs').set({ pinned_version: hash }).where('id', '=', jobId).execute();
}
