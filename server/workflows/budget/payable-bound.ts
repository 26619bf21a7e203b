/**
 * A payable bound to the budget (issue 41): payment approval may not send more than the budget holds for the job
 * (its reservation) unless a second ops user approved paying more (payments/overrides.ts), and even then only what is
 * available besides; more would overspend. Checked after the approval's submission, in its transaction.
 */

import { BUDGET_MESSAGES } from '../../../engine/api/budgets.ts';
import type { Deps } from '../../context.ts';
import { validationError } from '../../errors.ts';
import * as db from './budget.db.ts';
import { budgetDefOf, territoryOf, type TerritoryFacts } from './budget-def.ts';
import { balancesOf } from './ledger.ts';
import { jobBalances } from './ledger.service.ts';

/** The job as the bound needs it. */
type JobRef = { id: number; program_id: string } & TerritoryFacts;

/** The most an approved override lets the job be paid (the newest approval), or null. */
async function approvedUpTo(deps: Deps, jobId: number): Promise<number | null> {
  const r = await deps.db
    .selectFrom('payment_overrides')
    .select('amount_cents')
    .where('job_id', '=', jobId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r?.amount_cents ?? null;
}

/** The most a job may be paid without an override: the rebate, or less when the budget holds less for it. */
export async function budgetLimit(deps: Deps, job: JobRef, rebateCents: number): Promise<number> {
  if (!budgetDefOf(deps, job.program_id)) return rebateCents;
  const mine = await jobBalances(deps, job.id);
  if (mine.committed_cents > 0 || mine.paid_cents > 0) return rebateCents;
  return Math.min(rebateCents, mine.reserved_cents);
}

/** Refuses (422 under `field`) a payable above what the budget holds for the job, unless overridden and available. */
export async function boundByBudget(deps: Deps, job: JobRef, amount: number, field: string): Promise<void> {
  const def = budgetDefOf(deps, job.program_id);
  if (!def) return;
  const mine = await jobBalances(deps, job.id);
  if (mine.committed_cents > 0 || mine.paid_cents > 0 || amount <= mine.reserved_cents) return;
  const approved = await approvedUpTo(deps, job.id);
  if (approved === null || amount > approved) {
    const message = BUDGET_MESSAGES.above_held(amount, mine.reserved_cents);
    throw validationError([{ path: field, message }], message);
  }
  const { budget_id } = await db.jobSums(deps.db, job.id);
  const wait = await db.openWait(deps.db, job.id);
  const id = budget_id ?? wait?.budget_id;
  const territory = id ? (await db.budgetById(deps.db, id))?.territory : territoryOf(def, job);
  const b = (await db.budgetsOf(deps.db, job.program_id)).find((x) => x.territory === territory);
  const available = b ? balancesOf(await db.budgetSums(deps.db, b.id)).available_cents : 0;
  if (amount - mine.reserved_cents > available) {
    const message = BUDGET_MESSAGES.budget_short(amount, mine.reserved_cents, available);
    throw validationError([{ path: field, message }], message);
  }
}
