/**
 * A program's budget as compiled from program.yaml `budget:` (issue 41): where its money is allocated, what reserves
 * it for a job and for how long, what releases a reservation, and which payment events commit and spend it.
 * A leaf like types-base.ts; re-exported by types.ts.
 */

import type { RuleBase, SourceRange } from './types-base.ts';

/**
 * How a program divides its allocation: one pot, or one per county or electric utility territory, or per funding
 * utility (`utility`: the job's electric utility when the program allocates to it, else its gas utility).
 */
export const BUDGET_TERRITORY_KINDS = ['program', 'county', 'electric_utility', 'utility'] as const;
/** How a program divides its allocation. */
export type BudgetTerritoryKind = (typeof BUDGET_TERRITORY_KINDS)[number];

/** What gives a reservation (or a place on the waitlist) back. */
export const BUDGET_RELEASES = ['cancel', 'expiry', 'ineligible'] as const;
/** One release event. */
export type BudgetRelease = (typeof BUDGET_RELEASES)[number];

/** The territory name of a program allocated as one pot. */
export const WHOLE_PROGRAM = '';

/** A compiled budget. */
export interface BudgetDef {
  per: BudgetTerritoryKind;
  /** Cents by territory name (WHOLE_PROGRAM when `per` is program). */
  allocations: Record<string, number>;
  reserves: {
    /** The task whose completion reserves, or the stage whose reaching does (exactly one is set). */
    task_completed?: string;
    stage_reached?: number;
    /** The amount: the top of the rebate range, or a rule answering cents. */
    amount: 'estimate_max' | RuleBase;
  };
  hold_days: number;
  releases: BudgetRelease[];
  commits: 'payment_approval';
  spends: 'payment_sent';
  source: SourceRange;
}
