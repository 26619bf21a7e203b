import { describe, expect, it } from 'vitest';
import { evaluateJob } from './evaluate-job.ts';
import { formatCents } from './explain.ts';
import { INCENTIVE_ERROR } from './incentives.ts';
import { demoProgram, loadDemo } from './testing/fixtures.ts';
import type { TaskState } from './types.ts';

const program = demoProgram();
const ctx = { today: '2026-06-01', explain: true };
const site = { state: 'CA', county: 'Alameda' };
const incentive = (tasks: Record<string, TaskState>) => evaluateJob(program, { site, tasks }, ctx).incentive;
const services = { data: { services_being_installed: ['heat_pump'], estimated_total_project_cost: 12000 } };
const costs = (data: Record<string, unknown>): Record<string, TaskState> => ({
  services,
  costs: { status: 'COMPLETE', data: { savings_kwh: 5000, ...data } },
});

describe('incentives in integer cents', () => {
  it('shows the initial range before the final amount is known, each end capped', () => {
    const inc = incentive({ services });
    expect(inc.phase).toBe('range');
    expect(inc.final_cents).toBeNull();
    expect(inc.range).toEqual({ min_cents: 100000, max_cents: 800000 });
    expect(inc.lines[0].capped_by).toEqual({ cap: 'caps.heat_pump', cap_cents: 800000, uncapped_cents: 1200000 });
  });

  it('gives the final amount once final_when holds', () => {
    const inc = incentive(costs({ heat_pump_cost: 1000000, total_project_cost: 5000000 }));
    expect(inc).toMatchObject({ phase: 'final', final_cents: 500000, range: { min_cents: 500000, max_cents: 500000 } });
    expect(inc.lines[0].explanation).toBe(
      'Heat pump line 5,000.00 from heat_pump.amount, because costs.heat_pump_cost = 1000000, constants.cost_share_percent = 50',
    );
  });

  it('caps a line at its measure cap and says which cap', () => {
    const inc = incentive(costs({ heat_pump_cost: 1600004, total_project_cost: 5000000 }));
    expect(inc.final_cents).toBe(800000);
    expect(inc.lines[0].capped_by?.cap).toBe('caps.heat_pump');
    expect(inc.lines[0].explanation).toBe(
      'Heat pump line capped at 8,000.00 by demo caps.heat_pump (computed 8,000.02)',
    );
  });

  it('does not cap a line exactly at the cap', () => {
    const inc = incentive(costs({ heat_pump_cost: 1600000, total_project_cost: 5000000 }));
    expect(inc.final_cents).toBe(800000);
    expect(inc.lines[0].capped_by).toBeUndefined();
  });

  it('applies the percentage cap on the total as its own line', () => {
    // 50% of 1,000,000 = 500,000; 75% of 600,000 = 450,000.
    const inc = incentive(costs({ heat_pump_cost: 1000000, total_project_cost: 600000 }));
    expect(inc.final_cents).toBe(450000);
    expect(inc.lines.map((l) => [l.id, l.kind, l.amount_cents])).toEqual([
      ['heat_pump', 'measure', 500000],
      ['seventy_five_percent', 'percent_cap', -50000],
    ]);
    expect(inc.lines[1].explanation).toBe(
      'total capped at 4,500.00, 75% of 6,000.00, by demo incentives.percent_cap seventy_five_percent',
    );
  });

  it('does not add a percentage-cap line when the total is exactly at the limit', () => {
    const inc = incentive(costs({ heat_pump_cost: 900000, total_project_cost: 600000 }));
    expect(inc.final_cents).toBe(450000);
    expect(inc.lines).toHaveLength(1);
  });

  it('tops up to the minimum when its condition holds, and not otherwise', () => {
    const low = incentive(costs({ heat_pump_cost: 40000, total_project_cost: 5000000, savings_kwh: 999 }));
    expect(low.final_cents).toBe(50000);
    expect(low.lines.at(-1)).toMatchObject({ id: 'minimum_rebate', kind: 'minimum', amount_cents: 30000 });
    const atThreshold = incentive(costs({ heat_pump_cost: 40000, total_project_cost: 5000000, savings_kwh: 1000 }));
    expect(atThreshold.final_cents).toBe(20000);
  });

  it('never lets the minimum lift the rebate above the percentage cap', () => {
    // Minimum 500.00 applies (savings under 1000 kWh), but 75% of 400.00 is 300.00.
    const inc = incentive(costs({ heat_pump_cost: 40000, total_project_cost: 40000, savings_kwh: 10 }));
    expect(inc.final_cents).toBe(30000);
    expect(inc.lines.map((l) => l.kind)).toEqual(['measure', 'minimum', 'percent_cap']);
  });

  it('splits every line 70% material, 30% labor, summing exactly', () => {
    const inc = incentive(costs({ heat_pump_cost: 333335, total_project_cost: 5000000 }));
    const line = inc.lines[0];
    expect(line.amount_cents).toBe(166667);
    expect([line.material_cents, line.labor_cents]).toEqual([116667, 50000]);
    expect(line.material_cents! + line.labor_cents!).toBe(line.amount_cents);
  });

  it('reports the spec message when a final amount cannot be computed', () => {
    const inc = incentive(costs({ total_project_cost: 5000000 }));
    expect(inc.error).toBe(INCENTIVE_ERROR);
    expect(INCENTIVE_ERROR).toBe('The incentive could not be calculated. Please check the job details and try again.');
    expect(inc.final_cents).toBeNull();
  });

  it('shows payment sent once the payment task is complete', () => {
    const inc = incentive({
      ...costs({ heat_pump_cost: 1000000, total_project_cost: 5000000 }),
      send_payment: { status: 'COMPLETE', data: { payment_amount: 500000, payment_sent_date: '2026-05-30' } },
    });
    expect(inc.phase).toBe('payment_sent');
    expect(inc.payment).toEqual({ amount_cents: 500000, sent_date: '2026-05-30', paid_to: 'contractor' });
  });

  describe('a total cap over some measures (e.g. the HEAR household limit)', () => {
    // Heat pump and panel count toward a 10,000.00 limit; a state rebate reported beside them does not.
    const withTotalCap = (cap: string) =>
      loadDemo({
        edit: (t) =>
          t
            .replace('  minimum:', `  total_cap: ${cap}\n  minimum:`)
            .replace(
              '  measures:\n',
              '  measures:\n    panel: { label: Panel, amount: 400000 }\n    state_rebate: { label: State rebate, amount: 50000 }\n',
            ),
      });
    const capped = withTotalCap(
      '{ id: household_limit, label: Household limit, cap_cents: 1000000, measures: [heat_pump, panel] }',
    ).programs.demo;
    const run = (tasks: Record<string, TaskState>) => evaluateJob(capped, { site, tasks }, ctx).incentive;

    it('brings the counted lines down to the limit with a line naming the cap, leaving the others whole', () => {
      const inc = run(costs({ heat_pump_cost: 1600000, total_project_cost: 5000000 }));
      expect(inc.lines.map((l) => [l.id, l.kind, l.amount_cents])).toEqual([
        ['panel', 'measure', 400000],
        ['state_rebate', 'measure', 50000],
        ['heat_pump', 'measure', 800000],
        ['household_limit', 'total_cap', -200000],
      ]);
      expect(inc.final_cents).toBe(1050000);
      expect(inc.lines[3].explanation).toBe(
        'Household limit: heat_pump, panel capped at 10,000.00 in total by demo incentives.total_cap household_limit (computed 12,000.00)',
      );
    });

    it('adds no line when the counted lines are exactly at the limit', () => {
      const inc = run(costs({ heat_pump_cost: 1200000, total_project_cost: 5000000 }));
      expect(inc.final_cents).toBe(1050000);
      expect(inc.lines.map((l) => l.kind)).toEqual(['measure', 'measure', 'measure']);
    });

    it('bounds the top of the initial range, and its bottom only when that is above the limit', () => {
      const inc = run({ services });
      // Counted: heat pump 1,000.00-8,000.00 (capped) + panel 4,000.00 = 5,000.00-12,000.00.
      expect(inc.range).toEqual({ min_cents: 550000, max_cents: 1050000 });
      expect(inc.lines.at(-1)).toMatchObject({ id: 'household_limit', min_cents: 0, max_cents: -200000 });
    });

    it('counts every measure when none are named', () => {
      const all = withTotalCap('{ id: household_limit, label: Household limit, cap_cents: 1000000 }').programs.demo;
      const inc = evaluateJob(
        all,
        { site, tasks: costs({ heat_pump_cost: 1600000, total_project_cost: 5000000 }) },
        ctx,
      ).incentive;
      expect(inc.final_cents).toBe(1000000);
      expect(inc.lines.at(-1)?.explanation).toContain('all measures capped at 10,000.00 in total');
    });

    it('refuses a measure the program does not have, at its line', () => {
      const defs = withTotalCap(
        '{ id: household_limit, label: Household limit, cap_cents: 1000000, measures: [heat_pump, insulation] }',
      );
      expect(defs.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.message])).toEqual([
        ['unknown-measure', "total_cap counts unknown measure 'insulation'"],
      ]);
    });
  });

  it('formats cents as dollars with separators', () => {
    expect(formatCents(800000)).toBe('8,000.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-50000)).toBe('-500.00');
    expect(formatCents(123456789)).toBe('1,234,567.89');
  });
});
