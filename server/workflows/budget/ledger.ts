/**
 * Balances as sums of ledger entries (issue 41). Every entry moves money between four places: the allocation (allocate,
 * adjust), reserved for a job (reserve, release), committed by a payment approval (commit, uncommit) and paid (spend,
 * which moves a commitment to paid). Nothing is stored but the entries: a balance is always this arithmetic.
 */

import type { BudgetEntryKind } from '../../db/schema-budget.ts';

/** Sums of a budget's (or a job's) entries by kind. */
export type KindSums = Partial<Record<BudgetEntryKind, number>>;

/** A budget's balances. `available` is what a new reservation may take. */
export interface Balances {
  allocation_cents: number;
  reserved_cents: number;
  committed_cents: number;
  paid_cents: number;
  available_cents: number;
}

const n = (s: KindSums, k: BudgetEntryKind) => s[k] ?? 0;

/** The balances the entries sum to. */
export function balancesOf(s: KindSums): Balances {
  const allocation_cents = n(s, 'allocate') + n(s, 'adjust');
  const reserved_cents = n(s, 'reserve') - n(s, 'release');
  const committed_cents = n(s, 'commit') - n(s, 'uncommit') - n(s, 'spend');
  const paid_cents = n(s, 'spend');
  return {
    allocation_cents,
    reserved_cents,
    committed_cents,
    paid_cents,
    available_cents: allocation_cents - reserved_cents - committed_cents - paid_cents,
  };
}

/** Whether the entries hold anything for the job (a reservation, a commitment or a payment). */
export const holdsAnything = (b: Balances) => b.reserved_cents > 0 || b.committed_cents > 0 || b.paid_cents > 0;
