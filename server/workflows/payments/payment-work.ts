/**
 * Rebate payments through the accounts-payment system (spec sect. 4), run by the worker:
 * - create: once the program's `payment.payable.when` holds (finance approved payment), the payable (its
 *   amount and invoice date, by the program's rules) is created in the system under an idempotency key the
 *   system answers the same payable for: a worker killed between "created" and "recorded", a retry or a
 *   second instance never makes a second payable;
 * - check: the payable's state read from the system until it is decided; once paid, the program's payment
 *   task completes by itself with the amount, the date paid and the payment reference; a rejection flags
 *   the payment task for ops with the system's reason (approving payment again creates a new payable).
 * Finance may still record the payment by hand (an override, recorded as such in history).
 */

import { flagException, payeeOf } from '../../../engine/index.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as paymentsDb from './payments.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import * as tasksDb from '../../db/tasks.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { getContractor } from '../../db/contractors.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { jobState, refreshJob } from '../../services/evaluation.ts';
import { formOf, programOfJob } from '../../services/pinned-program.ts';
import { PaymentsError, type Payable } from '../../adapters/payments.ts';
import type { WorkHandler } from '../../worker.ts';
import { PAYMENT_WORK } from './work-kinds.ts';
import { completeTaskBySystem } from '../../services/system-submit.ts';

export { queueApprovedPayment, payableOf } from './queue.ts';

export { PAYMENT_WORK };

/** How often the worker asks the system about an undecided payable. */
export const PAYMENT_CHECK_MS = 5_000;

async function queueCheck(deps: Deps, paymentId: number, delayMs: number) {
  const n = await paymentsDb.bumpChecks(deps.db, paymentId);
  await enqueueWork(deps.db, {
    kind: PAYMENT_WORK.check,
    key: `payments:check:${paymentId}:${n}`,
    payload: { payment_id: paymentId, check: n },
    now: deps.now(),
    run_at: new Date(deps.now().getTime() + delayMs),
  });
}

/** Worker: creates the payable in the system (the same key answers the same payable), then watches it. */
async function create(deps: Deps, p: { payment_id: number }) {
  const row = await paymentsDb.paymentById(deps.db, p.payment_id);
  if (!row) return { skipped: 'no such payment' };
  if (row.payable_id) return { skipped: 'created already' };
  const job = (await jobsDb.getJob(deps.db, row.job_id))!;
  const company = job.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  const paidTo = (await programOfJob(deps, job)).incentives.payment?.paid_to;
  // The system is called before the transaction; a kill right after leaves the key to find the same payable.
  const payable = await deps.adapters.payments.createPayable({
    idempotency_key: row.idempotency_key,
    job_code: job.code,
    // Who every page says the payment goes to (engine payeeOf): the same name on the payable.
    payee: payeeOf(paidTo, company?.name, job.full_name),
    amount_cents: row.amount_cents,
    invoiced_at: row.invoiced_at,
  });
  return inTransaction(deps, async (deps) => {
    const cur = (await paymentsDb.paymentById(deps.db, row.id))!;
    if (cur.payable_id) return { skipped: 'recorded by another run' };
    await paymentsDb.updatePayment(deps.db, row.id, {
      payable_id: payable.id,
      status: payable.status,
      updated_at: deps.now().toISOString(),
    });
    await addHistory(deps.db, {
      job_id: row.job_id,
      type: 'payable_created',
      user_id: null,
      at: deps.now().toISOString(),
      detail: {
        payable_id: payable.id,
        amount_cents: payable.amount_cents,
        invoiced_at: row.invoiced_at,
        attempt: row.attempt,
      },
    });
    // The system answers an existing payable for a known key whatever amount was sent: say so if they differ.
    if (payable.amount_cents !== row.amount_cents) {
      await addHistory(deps.db, {
        job_id: row.job_id,
        type: 'payable_amount_differs',
        user_id: null,
        at: deps.now().toISOString(),
        detail: { payable_id: payable.id, payable_cents: payable.amount_cents, approved_cents: row.amount_cents },
      });
    }
    await queueCheck(deps, row.id, 0);
    return { payable_id: payable.id };
  });
}

/** Completes the program's payment task with what the system paid (validated like any submission). */
async function completePaymentTask(deps: Deps, jobId: number, payable: Payable) {
  const job = (await jobsDb.getJob(deps.db, jobId))!;
  const { evaluation, program } = await jobState(deps, job);
  const pay = program.incentives.payment!;
  const t = evaluation.tasks.find((x) => x.id === pay.task);
  const form = t && formOf(deps, program, t.form);
  const at = deps.now().toISOString();
  if (!t || !form || (t.status !== 'READY' && t.status !== 'IN_PROGRESS')) {
    // Recorded by hand already (an override): the system's payment is history only.
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'payable_paid',
      user_id: null,
      at,
      detail: {
        payable_id: payable.id,
        amount_cents: payable.amount_cents,
        payment_reference: payable.payment_reference,
        task_was: t?.status ?? null,
      },
    });
    return;
  }
  const paid: Record<string, unknown> = {
    [pay.amount_field]: payable.amount_cents,
    [pay.date_field]: (payable.paid_at ?? at).slice(0, 10),
  };
  if (pay.reference_field && payable.payment_reference) paid[pay.reference_field] = payable.payment_reference;
  await completeTaskBySystem(deps, job, pay.task, (stored) => ({ ...stored, ...paid }), {
    done: 'payment_sent',
    refused: 'payment_task_not_completed',
    detail: {
      amount_cents: payable.amount_cents,
      paid_at: payable.paid_at,
      payment_reference: payable.payment_reference,
    },
  });
}

/** Flags the payment task for ops with the system's reason for rejecting the payable. */
async function flagRejected(deps: Deps, jobId: number, payable: Payable) {
  const job = (await jobsDb.getJob(deps.db, jobId))!;
  const program = await programOfJob(deps, job);
  const taskId = program.incentives.payment!.task;
  const at = deps.now().toISOString();
  const row = await tasksDb.getTask(deps.db, jobId, taskId);
  const r = flagException(
    program,
    taskId,
    row
      ? { status: row.status ?? undefined, data: row.data ?? undefined, exceptions: row.exceptions as never }
      : undefined,
    'ops',
    {
      note: `Payment rejected by accounts payment: ${payable.rejection_reason ?? 'no reason given'}. Approve payment again once resolved.`,
      by: 'Accounts payment',
      at,
    },
  );
  if (r.ok) {
    await tasksDb.writeTask(
      deps.db,
      {
        job_id: jobId,
        task_id: taskId,
        status: row?.status ?? null,
        data: row?.data ?? null,
        draft: row?.draft ?? null,
        owner_override: row?.owner_override ?? null,
        exceptions: (r.state.exceptions as tasksDb.TaskRow['exceptions']) ?? null,
        updated_at: at,
        updated_by: null,
      },
      row?.version ?? 0,
    );
  }
  await addHistory(deps.db, {
    job_id: jobId,
    type: 'payment_rejected',
    user_id: null,
    at,
    detail: { payable_id: payable.id, reason: payable.rejection_reason },
  });
  await refreshJob(deps, jobId);
}

/** Worker: reads the payable's state; records a decision once, watches again while undecided. */
async function check(deps: Deps, p: { payment_id: number; check: number }) {
  const row = await paymentsDb.paymentById(deps.db, p.payment_id);
  if (!row?.payable_id) return { skipped: 'not created' };
  if (row.checks !== p.check) return { skipped: 'a newer check is queued' };
  const payable = await deps.adapters.payments.getPayable(row.payable_id);
  return inTransaction(deps, async (deps) => {
    const cur = (await paymentsDb.paymentById(deps.db, row.id))!;
    const at = deps.now().toISOString();
    const was = cur.status;
    await paymentsDb.updatePayment(deps.db, row.id, {
      status: payable.status,
      decided_at: payable.decided_at,
      paid_at: payable.paid_at,
      payment_reference: payable.payment_reference,
      rejection_reason: payable.rejection_reason,
      updated_at: at,
    });
    if (payable.status === 'paid' && was !== 'paid') await completePaymentTask(deps, row.job_id, payable);
    else if (payable.status === 'rejected' && was !== 'rejected') await flagRejected(deps, row.job_id, payable);
    else if (payable.status === 'pending' || payable.status === 'approved') {
      if (payable.status === 'approved' && was !== 'approved')
        await addHistory(deps.db, {
          job_id: row.job_id,
          type: 'payable_approved',
          user_id: null,
          at,
          detail: { payable_id: payable.id },
        });
      await queueCheck(deps, row.id, PAYMENT_CHECK_MS);
    }
    return { status: payable.status };
  });
}

/** The worker's handlers of payments, over the app's dependencies. */
export function paymentHandlers(deps: Deps): Record<string, WorkHandler> {
  const on = (db: Deps['db']) => ({ ...deps, db });
  return {
    [PAYMENT_WORK.create]: (item, db) => create(on(db), item.data as Parameters<typeof create>[1]),
    [PAYMENT_WORK.check]: (item, db) => check(on(db), item.data as Parameters<typeof check>[1]),
  };
}

export { PaymentsError };
