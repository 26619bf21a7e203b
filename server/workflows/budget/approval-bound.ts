/**
 * The payment approval bound to the budget (the workflow's afterSubmit, after the payments workflow's own bound to the
 * rebate, in the submission's transaction): its payable may not be above what the budget holds for the job.
 */

import type { Deps } from '../../context.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { jobState } from '../../services/evaluation.ts';
import { payableAmountField } from '../payments/overrides.ts';
import { payableOf } from '../payments/queue.ts';
import type { SubmittedTask } from '../types.ts';
import { budgetDefOf } from './budget-def.ts';
import { boundByBudget } from './payable-bound.ts';

/**
 * After a submission (the workflow's afterSubmit, after the payments workflow's own bound to the rebate): the payable
 * the payment approval sends may not be above what the budget holds for the job (a 422 rolls the submission back).
 */
export async function boundApprovalByBudget(deps: Deps, s: SubmittedTask): Promise<void> {
  const target = payableAmountField(s.program);
  if (!target || target.task !== s.taskId || !budgetDefOf(deps, s.job.program_id)) return;
  const row = (await jobsDb.getJob(deps.db, s.job.id))!;
  const { facts } = await jobState(deps, row);
  const payable = payableOf(s.program, facts);
  if (payable) await boundByBudget(deps, row, payable.amount_cents, target.field);
}
