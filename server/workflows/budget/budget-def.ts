/** Which budget a job draws on: its program's `budget:` (the current definition) and its territory. */

import { WHOLE_PROGRAM, type BudgetDef } from '../../../engine/types-budget.ts';
import type { Deps } from '../../context.ts';

/** The program's budget, or undefined when it has none. */
export const budgetDefOf = (deps: Pick<Deps, 'defs'>, programId: string): BudgetDef | undefined =>
  deps.defs.programs[programId]?.budget;

/** The territory a job's money comes from: the whole program, or the site's county or electric utility. */
export function territoryOf(def: BudgetDef, job: { county?: string | null; electric_utility?: string | null }): string {
  if (def.per === 'county') return job.county ?? '';
  if (def.per === 'electric_utility') return job.electric_utility ?? '';
  return WHOLE_PROGRAM;
}
