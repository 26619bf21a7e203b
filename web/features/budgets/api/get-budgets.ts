/** GET /api/budgets (ops): every program's budgets by territory, with the waitlist and the allocation's history. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Budget, BudgetList } from '../../../../engine/api/budgets.ts';
import { api } from '../../../lib/api-client.ts';

export type { Budget };

export const budgetKeys = { all: ['budgets'] as const };

/** How often the page reads the budgets again: reservations, releases and promotions happen while it is open. */
export const BUDGET_POLL_MS = 3_000;

export function getBudgets(): Promise<BudgetList> {
  return api<BudgetList>('GET', '/api/budgets');
}

export const budgetsQuery = queryOptions({
  queryKey: budgetKeys.all,
  queryFn: getBudgets,
  refetchInterval: BUDGET_POLL_MS,
});

export function useBudgets() {
  return useQuery(budgetsQuery);
}
