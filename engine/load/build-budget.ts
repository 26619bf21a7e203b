/**
 * A program's budget (program.yaml `budget:`, issue 41), checked and compiled while the program is built: the
 * territories it allocates to are ones the program serves, the task or stage that reserves exists, and the amount
 * rule compiles. The meta-schema has already checked keys, enums and that every amount is integer cents.
 */

import type { BudgetDef, BudgetRelease, BudgetTerritoryKind, Program } from '../types.ts';
import { WHOLE_PROGRAM } from '../types-budget.ts';
import type { DocumentTools } from './build-documents.ts';
import { closest } from './suggest.ts';
import { checkJobPoint } from './job-point.ts';
import type { ParsedFile } from './yaml-source.ts';
import { lintBudgetMoney } from './lint-money.ts';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KIND_WORDS: Record<BudgetTerritoryKind, string> = {
  program: 'the program',
  county: 'county',
  electric_utility: 'electric utility',
  utility: 'utility',
};

/** The territories a program names for a kind of allocation (undefined: it names none, so any is accepted). */
function servedTerritories(area: Program['service_area'] | undefined, per: BudgetTerritoryKind): string[] | undefined {
  if (per === 'county') return area?.counties;
  if (per === 'electric_utility') return area?.utilities?.electric;
  if (per === 'utility' && (area?.utilities?.electric || area?.utilities?.gas))
    return [...(area.utilities.electric ?? []), ...(area.utilities.gas ?? [])];
  return undefined;
}

/** Builds `budget:` when the program has one. */
export function buildBudget(
  raw: Raw,
  parsed: ParsedFile,
  taskIds: Set<string>,
  stageCount: number,
  t: DocumentTools,
): BudgetDef | undefined {
  const b = raw.budget as Raw | undefined;
  if (!b) return undefined;
  const { diag, rule } = t;
  const per = b.allocation.per as BudgetTerritoryKind;
  const allocations: Record<string, number> =
    per === 'program' ? { [WHOLE_PROGRAM]: b.allocation.cents } : { ...b.allocation.cents };
  const served = servedTerritories(raw.service_area, per);
  if (served) {
    for (const name of Object.keys(allocations)) {
      if (served.includes(name)) continue;
      const hint = closest(name, served);
      diag(
        'budget-unknown-territory',
        `budget allocates to ${KIND_WORDS[per]} '${name}', which service_area does not list` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        ['budget', 'allocation', 'cents', name],
        'error',
        true,
      );
    }
  }
  lintBudgetMoney(b, diag);
  const when = b.reserves.when as { task_completed?: string; stage_reached?: number };
  const program = { taskIds, stageCount, stageModel: String(raw.stage_model) };
  checkJobPoint(when, ['budget', 'reserves', 'when'], 'budget reserves', program, diag);
  const amount =
    b.reserves.amount === 'estimate_max'
      ? ('estimate_max' as const)
      : rule('budget.reserves.amount', b.reserves.amount, ['budget', 'reserves', 'amount'], parsed, 'budget amount');
  return {
    per,
    allocations,
    reserves: { ...when, amount },
    hold_days: b.hold_days,
    releases: b.releases as BudgetRelease[],
    commits: b.commits,
    spends: b.spends,
    source: parsed.locate(['budget']),
  };
}
