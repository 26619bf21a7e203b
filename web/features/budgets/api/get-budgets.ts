/** GET /api/budgets (ops): every program's budgets by territory, with the waitlist and the allocation's history. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Budget, BudgetList } from '../../../../engine/api/budgets.ts';
import { api } from '../../../lib/api-client.ts';

export type { Budget };

export const budgetKeys = { all: ['budgets'] as const };

export function getBudgets(): Promise<BudgetList> {
  return api<BudgetList>('GET', '/api/budgets');
}

export const budgetsQuery = queryOptions({
  queryKey: budgetKeys.all,
  queryFn: getBudgets,
  // No timer: reservations, releases and promotions change their jobs, and the change feed reads budgets again.
});

export function useBudgets() {
  return useQuery(budgetsQuery);
}
