/** Homeowner invitations (migration 016): mailed from a job, spent once by the homeowner's link. */

import type { Insertable, Selectable } from 'kysely';
import { isPostgres, type Q } from '../../db/portable.ts';
import type { HomeownerInvitesTable } from '../../db/schema-homeowners.ts';

export type HomeownerInviteRow = Selectable<HomeownerInvitesTable>;

export async function insertInvite(db: Q, row: Insertable<HomeownerInvitesTable>): Promise<number> {
  const r = await db.insertInto('homeowner_invites').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export function inviteByTokenHash(db: Q, tokenHash: string): Promise<HomeownerInviteRow | undefined> {
  return db.selectFrom('homeowner_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * An invitation read to be spent, held until the transaction ends (FOR UPDATE on PostgreSQL; SQLite's write
 * transactions are serialized already): a link opened several times at once is opened once, the others read it
 * spent.
 */
export function lockInviteByTokenHash(db: Q, tokenHash: string): Promise<HomeownerInviteRow | undefined> {
  let q = db.selectFrom('homeowner_invites').selectAll().where('token_hash', '=', tokenHash);
  if (isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Spends an invitation: true only for the first caller (a link opened twice at once links once). */
export async function spendInvite(db: Q, id: number, userId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('homeowner_invites')
    .set({ used_at: at, user_id: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A job's invitations, newest first. */
export function invitesOfJob(db: Q, jobId: number): Promise<HomeownerInviteRow[]> {
  return db.selectFrom('homeowner_invites').selectAll().where('job_id', '=', jobId).orderBy('id', 'desc').execute();
}
