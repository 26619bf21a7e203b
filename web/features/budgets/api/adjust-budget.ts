/** POST /api/programs/{program_id}/budget-adjustments (ops): a territory's allocation up or down, with a reason. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Budget, BudgetAdjustment } from '../../../../engine/api/budgets.ts';
import { api } from '../../../lib/api-client.ts';
import { budgetKeys } from './get-budgets.ts';

export function adjustBudget(programId: string, body: BudgetAdjustment): Promise<Budget> {
  return api<Budget>('POST', `/api/programs/${encodeURIComponent(programId)}/budget-adjustments`, { body });
}

export function useAdjustBudget(programId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetAdjustment) => adjustBudget(programId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}
