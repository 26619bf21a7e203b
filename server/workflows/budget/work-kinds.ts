/** The background work kinds of budgets (server/workflows/budget/budget-work.ts handles them). */
export const BUDGET_WORK = { expire: 'budget.expire' } as const;
