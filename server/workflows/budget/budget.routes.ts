/** Budgets for ops: every program's money per territory, and adjusting an allocation with a reason. */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import { BUDGET, BUDGET_ADJUSTMENT, BUDGET_LIST } from '../../../engine/api/budgets.ts';
import type { AppRouter } from '../../context.ts';
import { notFound } from '../../errors.ts';
import * as svc from './budgets.service.ts';

export function budgetRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/budgets',
      ability: 'budget.view',
      tag: 'budgets',
      summary:
        'Every program’s budgets by territory: allocation, reserved, committed, paid, available, the waitlist in order and the allocation’s history',
      response: BUDGET_LIST,
    },
    (ctx) => svc.listBudgets(ctx.deps, userOf(ctx)),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/programs/:program_id/budget-adjustments',
      ability: 'budget.adjust',
      tag: 'budgets',
      summary:
        'Move a territory’s allocation up or down with a reason (never below what it holds for jobs); waiting jobs take what came free',
      body: BUDGET_ADJUSTMENT,
      errors: [404, 422],
      response: BUDGET,
      load: async (ctx) => {
        const p = ctx.deps.defs.programs[ctx.params.program_id];
        if (!p) throw notFound();
        return p;
      },
    },
    (ctx, body, p) => svc.adjustBudget(ctx.deps, userOf(ctx), p.id, body),
  );
}
