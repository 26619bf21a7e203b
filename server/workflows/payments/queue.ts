/**
 * When a job's payable is due (the program's `payment.payable` rules over its facts): called after every
 * evaluation of a job, it records the payment attempt and queues its creation in the accounts-payment
 * system (server/workflows/payments/payment-work.ts). Kept apart from the worker's steps so the evaluation imports
 * no service.
 */

import { truthy, type Facts, type JobEvaluation, type Program } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import * as paymentsDb from './payments.db.ts';
import * as tasksDb from '../../db/tasks.db.ts';
import type * as jobsDb from '../../db/jobs.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { PAYMENT_WORK } from './work-kinds.ts';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The payable a job's facts call for now (the program's payment.payable rules), or undefined: not approved
 * yet, or an amount or date the rules do not give.
 */
export function payableOf(program: Program, facts: Facts): { amount_cents: number; invoiced_at: string } | undefined {
  const rules = program.incentives.payment?.payable;
  if (!rules || !truthy(rules.when.fn(facts))) return undefined;
  const amount = rules.amount.fn(facts);
  const invoiced = rules.invoiced_at.fn(facts);
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || !isDate(invoiced)) return undefined;
  return { amount_cents: amount, invoiced_at: invoiced };
}

/**
 * After a job's evaluation (under `program`, the job's): a payment task that is open with payment approved gets its
 * payable created,
 * once per approval (a rejected payable is followed by a new one only when payment is approved again).
 */
export async function queueApprovedPayment(
  deps: Deps,
  program: Program,
  row: jobsDb.JobRow,
  ev: JobEvaluation,
  facts: Facts,
) {
  const pay = program.incentives.payment;
  if (!pay?.payable || row.is_canceled) return;
  const t = ev.tasks.find((x) => x.id === pay.task);
  if (!t || (t.status !== 'READY' && t.status !== 'IN_PROGRESS')) return;
  const payable = payableOf(program, facts);
  if (!payable) return;
  const latest = await paymentsDb.latestPayment(deps.db, row.id);
  if (latest && latest.status !== 'rejected') return;
  if (latest) {
    // Rejected: only an approval given after the rejection starts a new payable.
    const approvals = (await tasksDb.tasksOfJob(deps.db, row.id)).filter(
      (x) => x.status === 'COMPLETE' && x.task_id !== pay.task,
    );
    if (!approvals.some((x) => (x.updated_at ?? '') > (latest.decided_at ?? latest.updated_at))) return;
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  const at = deps.now().toISOString();
  const p = await paymentsDb.ensurePayment(deps.db, {
    job_id: row.id,
    attempt,
    idempotency_key: `rebate-${row.code}-${attempt}`,
    amount_cents: payable.amount_cents,
    invoiced_at: payable.invoiced_at,
    created_at: at,
    updated_at: at,
  });
  await enqueueWork(deps.db, {
    kind: PAYMENT_WORK.create,
    key: `payments:create:${p.id}`,
    payload: { payment_id: p.id },
    now: deps.now(),
  });
}
