/** Corrective actions (migration 036): opened by a failed review, answered by the contractor, closed by ops. */

import type { Selectable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { QualityCorrectiveActionsTable } from '../../db/schema-quality.ts';

/** A corrective action as stored (its table's row, as read). */
export type ActionRow = Selectable<QualityCorrectiveActionsTable>;

/** The job's corrective actions, oldest first. */
export async function actionsOf(db: Q, jobId: number): Promise<ActionRow[]> {
  return db.selectFrom('quality_corrective_actions').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

/** The review's action that is not closed, if any (one at a time per review). */
export async function unclosedAction(db: Q, jobId: number, reviewId: string): Promise<ActionRow | undefined> {
  return db
    .selectFrom('quality_corrective_actions')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('review_id', '=', reviewId)
    .where('state', '!=', 'closed')
    .executeTakeFirst();
}

/** Opens an action. */
export async function openAction(
  db: Q,
  a: Pick<ActionRow, 'job_id' | 'contractor_id' | 'program_id' | 'review_id' | 'finding' | 'opened_at' | 'due_at'>,
): Promise<void> {
  await db
    .insertInto('quality_corrective_actions')
    .values({ ...a, state: 'open' })
    .execute();
}

/** Moves an action on, only from the state it was read in (false: another writer moved it first). */
export async function updateAction(
  db: Q,
  id: number,
  from: string,
  set: Partial<Omit<ActionRow, 'id' | 'job_id'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('quality_corrective_actions')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
