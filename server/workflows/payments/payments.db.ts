/** Rebate payments (migration 015): a job's payables in the accounts-payment system, newest attempt last. */

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { PaymentsTable } from '../../db/schema-payments.ts';

export type PaymentRow = Selectable<PaymentsTable>;

/** Records attempt `attempt` of a job's payment unless it exists; the row either way. */
export async function ensurePayment(db: Q, p: Insertable<PaymentsTable>): Promise<PaymentRow> {
  await db
    .insertInto('payments')
    .values(p)
    .onConflict((oc) => oc.columns(['job_id', 'attempt']).doNothing())
    .execute();
  return (await db
    .selectFrom('payments')
    .selectAll()
    .where('job_id', '=', p.job_id)
    .where('attempt', '=', p.attempt)
    .executeTakeFirst())!;
}

/** A job's latest payment attempt. */
export function latestPayment(db: Q, jobId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function paymentById(db: Q, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePayment(db: Q, id: number, u: Updateable<PaymentsTable>): Promise<void> {
  await db.updateTable('payments').set(u).where('id', '=', id).execute();
}

/** Adds one to the checks counter; its new value. */
export async function bumpChecks(db: Q, id: number): Promise<number> {
  const r = await db
    .updateTable('payments')
    .set((eb) => ({ checks: eb('checks', '+', 1) }))
    .where('id', '=', id)
    .returning('checks')
    .executeTakeFirstOrThrow();
  return Number(r.checks);
}

/** Whether a job's latest payable waits on the accounts-payment system (created or being created, not decided or not
 * yet paid). */
export async function paymentPending(db: Q, jobId: number): Promise<boolean> {
  const latest = await latestPayment(db, jobId);
  return !!latest && ['creating', 'pending', 'approved'].includes(latest.status);
}
