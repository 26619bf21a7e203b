/**
 * The shared amount follows the rules (issue 41), on the real WI HEAR definition: a shared amount above the caps is
 * bounded by them; when the final costs bring the rules' amount below the shared one, the result says so
 * (shared_above_rules) until ops share again or confirm the amount with a reason.
 */

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { evaluateJob, type TaskState } from '../engine/index.ts';
import { loadRepo, ROOT } from './load-repo.ts';

const defs = loadRepo();
const program = defs.programs['wi-hear'];
const base = parse(readFileSync(join(ROOT, 'program-defs/wi-hear/cases.yaml'), 'utf8')).base as {
  site: Record<string, unknown>;
  tasks: Record<string, TaskState>;
};
const ctx = { today: '2026-06-01', explain: false };

/** The WI HEAR base job (a heat pump and a panel, low income), ops having shared `shared`, the final costs given. */
function incentive(shared: number, costs?: { heat_pump: number; panel: number }, confirm?: string) {
  const tasks: Record<string, TaskState> = {
    ...base.tasks,
    review_income_qualification: { status: 'COMPLETE', data: { income_level: 'below_ami_80' } },
    determine_and_share_rebate_amount: {
      status: 'COMPLETE',
      data: {
        program_final_amount: shared,
        ...(confirm !== undefined ? { above_estimate_confirmed: true, above_estimate_reason: confirm } : {}),
      },
    },
    ...(costs
      ? { confirm_project_final_costs: { status: 'COMPLETE', data: { total_measure_costs: costs } } as TaskState }
      : {}),
  };
  return evaluateJob(program, { site: base.site as never, tasks }, ctx).incentive;
}

describe('the shared amount follows the rules', () => {
  it('the caps bound it: shared above them, the rebate is the caps’ total (heat pump 8,000 + panel 4,000)', () => {
    const r = incentive(1_300_000);
    expect(r.cap_cents).toBe(1_200_000);
    expect(r).toMatchObject({ shared: true, final_cents: 1_200_000 });
    expect(r.shared_capped).toEqual({ shared_cents: 1_300_000, cap_cents: 1_200_000 });
  });

  it('within the caps it stands while the costs are not final', () => {
    const r = incentive(1_000_000);
    expect(r).toMatchObject({ shared: true, final_cents: 1_000_000 });
    expect(r.shared_capped).toBeUndefined();
    expect(r.shared_above_rules).toBeUndefined();
  });

  it('final costs bringing the rules below it are said, with both figures; the shared amount stays shown', () => {
    const r = incentive(1_000_000, { heat_pump: 700_000, panel: 100_000 });
    expect(r.final_cents).toBe(1_000_000);
    expect(r.shared_above_rules).toEqual({ rules_cents: 800_000, shared_cents: 1_000_000 });
  });

  it('confirmed with a reason, or shared again at the rules’ amount, it is not said any more', () => {
    expect(
      incentive(1_000_000, { heat_pump: 700_000, panel: 100_000 }, 'Invoice corrected on site').shared_above_rules,
    ).toBeUndefined();
    expect(incentive(1_000_000, { heat_pump: 700_000, panel: 100_000 }, '  ').shared_above_rules).toBeDefined();
    expect(incentive(800_000, { heat_pump: 700_000, panel: 100_000 }).shared_above_rules).toBeUndefined();
  });
});
