/**
 * Budgets, reservations and waitlists (program.yaml `budget:`, issue 41): a ledger of entries only ever appended per
 * program territory; a submitted job reserves its estimate's maximum or waits in line; cancel, expiry (on the worker)
 * and ineligibility release it and promote who waits (mail to the contractor); payment approval commits it and payment
 * sent spends it. Ops see and adjust budgets on the Budgets page; the job page shows what the budget holds for it.
 */

import type { AppWorkflow } from '../../context.ts';
import { budgetRoutes } from './budget.routes.ts';
import { syncJobBudget } from './budget-sync.ts';
import { budgetHandlers } from './budget-work.ts';
import { jobBudget } from './budgets.service.ts';
import { boundApprovalByBudget } from './approval-bound.ts';

export const budget: AppWorkflow = {
  name: 'budget',
  afterSubmit: boundApprovalByBudget,
  afterEvaluation: syncJobBudget,
  jobDetail: async (deps, job) => ({ budget: await jobBudget(deps, job) }),
  work: budgetHandlers,
  routes: budgetRoutes,
  abilities: ['budget.view', 'budget.adjust'],
  history: [
    'budget_reserved',
    'budget_waitlisted',
    'budget_promoted',
    'budget_released',
    'budget_reservation_expired',
    'budget_committed',
    'budget_spent',
  ],
};
