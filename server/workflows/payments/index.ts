/**
 * Rebate payments (the program's `incentives.payment`): a payable created in the accounts-payment system when
 * payment is approved, watched until paid or rejected; a payment recorded by hand, and the final amount ops
 * share, are in the job's history.
 */

import type { AppWorkflow } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import type { SubmittedTask } from '../types.ts';
import type { Deps } from '../../context.ts';
import { paymentHandlers } from './payment-work.ts';
import { paymentPending } from './payments.db.ts';
import { queueApprovedPayment } from './queue.ts';
import { boundPayable, payablePrefill } from './overrides.ts';
import { paymentsRoutes } from './payments.routes.ts';

/** The history rows of a submission: the final amount ops share, and the payment task recorded by hand. */
async function recordSubmission(deps: Deps, { user, job, program, taskId, data, at }: SubmittedTask) {
  // The final amount ops share is in history (the rebate display moves to it).
  const shared = program.incentives.shared_amount;
  if (shared?.task === taskId) {
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'rebate_amount_shared',
      user_id: user.id,
      at,
      detail: { task_id: taskId, amount_cents: data[shared.amount_field] ?? null },
    });
  }
  // The payment task recorded by hand instead of by the accounts-payment system: an override, said so.
  const pay = program.incentives.payment;
  if (pay?.payable && pay.task === taskId) {
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'payment_recorded_by_hand',
      user_id: user.id,
      at,
      detail: {
        task_id: taskId,
        override: true,
        amount_cents: data[pay.amount_field] ?? null,
        paid_on: data[pay.date_field] ?? null,
      },
    });
  }
}

export const payments: AppWorkflow = {
  name: 'payments',
  fields: [payablePrefill],
  // The payable an approval sends may not be above the rebate without an approved override (a 422 rolls it back).
  afterSubmit: async (deps, s) => {
    await boundPayable(deps, s);
    await recordSubmission(deps, s);
  },
  afterEvaluation: (deps, { program, row, ev, facts }) => queueApprovedPayment(deps, program, row, ev, facts),
  jobDetail: async (deps, job) => ({ payment_pending: await paymentPending(deps.db, job.id) }),
  work: paymentHandlers,
  routes: paymentsRoutes,
  abilities: ['payment.override'],
  history: [
    'rebate_amount_shared',
    'payment_recorded_by_hand',
    'payable_created',
    'payable_approved',
    'payable_amount_differs',
    'payable_paid',
    'payment_rejected',
    'payment_override_requested',
    'payment_override_approved',
    'payment_override_declined',
  ],
};
