/** Which budget a job draws on: its program's `budget:` (the current definition) and its territory. */

import { WHOLE_PROGRAM, type BudgetDef } from '../../../engine/types-budget.ts';
import type { Deps } from '../../context.ts';

/** The program's budget, or undefined when it has none. */
export const budgetDefOf = (deps: Pick<Deps, 'defs'>, programId: string): BudgetDef | undefined =>
  deps.defs.programs[programId]?.budget;

/** What a job's territory is read from. */
export interface TerritoryFacts {
  county?: string | null;
  electric_utility?: string | null;
  gas_utility?: string | null;
}

/**
 * The territory a job's money comes from: the whole program, or the site's county or electric utility; per funding
 * utility, the electric utility when the program allocates to it, else the gas utility when it does, else the electric
 * utility (a territory with no money: the job waits).
 */
export function territoryOf(def: BudgetDef, job: TerritoryFacts): string {
  if (def.per === 'county') return job.county ?? '';
  if (def.per === 'electric_utility') return job.electric_utility ?? '';
  if (def.per === 'utility') {
    const funded = [job.electric_utility, job.gas_utility].find((u) => !!u && Object.hasOwn(def.allocations, u));
    return funded ?? job.electric_utility ?? job.gas_utility ?? '';
  }
  return WHOLE_PROGRAM;
}
