/**
 * After every evaluation of a job (the workflow's afterEvaluation, in the write's transaction): the ledger follows the
 * job. Canceled or ineligible, its reservation and waitlist place go back; its payment approved, the reservation
 * becomes a commitment (a rejected payable gives it back); its payment sent, the commitment is paid; and once the
 * program's reserving task or stage is reached, it reserves the estimate's maximum or waits in line; while only
 * reserved, the reservation follows the rebate (the larger of the estimate's maximum and the final amount). A job whose
 * reservation expired does not reserve again by itself.
 */

import type { BudgetDef } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type { EvaluatedJob } from '../types.ts';
import { latestPayment } from '../payments/payments.db.ts';
import * as db from './budget.db.ts';
import { budgetDefOf } from './budget-def.ts';
import { balancesOf, holdsAnything } from './ledger.ts';
import { commitJob, followRebate, releaseJob, reserveOrWait, spendJob, uncommitJob } from './ledger.service.ts';

/** The amount the program reserves for the job now, or null (its reserving event has not happened, or no amount). */
export function reservationDue(def: BudgetDef, e: Pick<EvaluatedJob, 'ev' | 'facts'>): number | null {
  const w = def.reserves;
  const reached =
    w.stage_reached !== undefined
      ? e.ev.stage.number >= w.stage_reached
      : e.ev.tasks.some((t) => t.id === w.task_completed && t.status === 'COMPLETE');
  if (!reached) return null;
  const amount = w.amount === 'estimate_max' ? e.ev.incentive.range.max_cents : w.amount.fn(e.facts);
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : null;
}

/** Brings the job's budget entries in line with its evaluation. */
export async function syncJobBudget(deps: Deps, e: EvaluatedJob): Promise<void> {
  const def = budgetDefOf(deps, e.row.program_id);
  if (!def) return;
  const job = e.row;
  // Before its reserving event a job holds nothing (it never reached it): no query on most evaluations.
  const releasing = job.is_canceled || e.ev.eligibility.status === 'ineligible';
  if (!releasing && reservationDue(def, e) === null) return;
  const mine = balancesOf((await db.jobSums(deps.db, job.id)).sums);
  const wait = await db.openWait(deps.db, job.id);
  const holdsOrWaits = mine.reserved_cents > 0 || !!wait;
  if (job.is_canceled) {
    if (holdsOrWaits && def.releases.includes('cancel')) await releaseJob(deps, job, 'cancel');
    return;
  }
  const ineligible = e.ev.eligibility.status === 'ineligible' && !job.eligibility_override_reason;
  if (ineligible) {
    if (holdsOrWaits && def.releases.includes('ineligible')) await releaseJob(deps, job, 'ineligible');
    return;
  }
  const pay = e.program.incentives.payment;
  if (pay) {
    const payTask = e.ev.tasks.find((t) => t.id === pay.task);
    if (payTask?.status === 'COMPLETE') {
      if (mine.paid_cents === 0 && (holdsAnything(mine) || e.ev.incentive.payment?.amount_cents))
        await spendJob(deps, job, e.ev.incentive.payment?.amount_cents ?? null);
      return;
    }
    if (pay.payable) {
      const latest = await latestPayment(deps.db, job.id);
      if (latest && latest.status !== 'rejected' && mine.committed_cents === 0 && mine.paid_cents === 0) {
        await commitJob(deps, job, latest.amount_cents);
        return;
      }
      if (latest?.status === 'rejected' && mine.committed_cents > 0) {
        await uncommitJob(deps, job);
        return;
      }
    }
  }
  if (mine.reserved_cents > 0 && mine.committed_cents === 0 && mine.paid_cents === 0) {
    const due = reservationDue(def, e) ?? 0;
    const want = Math.max(due, e.ev.incentive.final_cents ?? 0);
    if (want > 0 && want !== mine.reserved_cents) await followRebate(deps, job, want);
    return;
  }
  if (holdsAnything(mine) || wait) return;
  const amount = reservationDue(def, e);
  if (amount === null) return;
  const entries = await db.entriesOfJob(deps.db, job.id);
  const lastRelease = entries.filter((x) => x.kind === 'release').at(-1);
  if (lastRelease?.reason === 'expiry') return;
  await reserveOrWait(deps, job, amount);
}
