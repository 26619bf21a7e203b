/** The tables of budgets (migration 030): server/workflows/budget/budget.db.ts. */

import type { Generated } from 'kysely';

/** One budget: a program's money in one territory ('' for the whole program). Its row is what writes lock. */
export interface BudgetsTable {
  id: Generated<number>;
  program_id: string;
  territory: string;
  created_at: string;
}

/** The kinds of ledger entry; each moves money between allocation, reserved, committed and paid. */
export const BUDGET_ENTRY_KINDS = ['allocate', 'adjust', 'reserve', 'release', 'commit', 'uncommit', 'spend'] as const;
/** One kind of ledger entry. */
export type BudgetEntryKind = (typeof BUDGET_ENTRY_KINDS)[number];

/** One ledger entry, only ever appended. `amount_cents` is signed only for `adjust`. */
export interface BudgetEntriesTable {
  id: Generated<number>;
  budget_id: number;
  job_id: number | null;
  kind: BudgetEntryKind;
  amount_cents: number;
  reason: string | null;
  user_id: number | null;
  /** A reservation: when it lapses unless payment was approved. */
  expires_at: string | null;
  at: string;
}

/** A job waiting for money, in order of id; it leaves once (promoted, canceled, ineligible). */
export interface BudgetWaitlistTable {
  id: Generated<number>;
  budget_id: number;
  job_id: number;
  amount_cents: number;
  queued_at: string;
  left_at: string | null;
  outcome: string | null;
}
