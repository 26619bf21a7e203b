/**
 * Money written in the wrong unit or shape (issue 45): amounts are whole cents and percentages whole numbers,
 * declared once in the meta-schemas (`cents`, `wholePercent`, `centsTree`, `percentTree`), so a string or a fraction
 * of a cent is a schema error at its line; a figure that looks like dollars (`amount-in-dollars`) or a fraction where
 * a whole percent belongs (`percent-as-fraction`) is a warning at its line; two incentive lines with one id are a
 * `duplicate-id` at the second.
 */

import { describe, expect, it } from 'vitest';
import { expectRow, loadFiles, programFiles, type LintRow } from './support/lint-rows.ts';

const SHARED = 'program-defs/_shared/constants.yaml';

const DOLLARS: LintRow[] = [
  {
    name: 'a per-measure cap in dollars beside caps in cents',
    program: 'udve',
    from: '    heat_pump_water_heater: 200000',
    to: '    heat_pump_water_heater: 2000',
    code: 'amount-in-dollars',
    at: { text: '2000', after: '  caps:' },
  },
  {
    name: 'a minimum in dollars',
    program: 'reco',
    from: '    amount_cents: 50000',
    to: '    amount_cents: 500',
    code: 'amount-in-dollars',
    at: { text: '500', after: '  minimum:' },
  },
  {
    name: 'a cents constant in dollars beside the program caps',
    program: 'ca-heehra',
    from: 'heehra_household_limit_cents: 1400000',
    to: 'heehra_household_limit_cents: 14000',
    code: 'amount-in-dollars',
    at: { text: '14000' },
  },
  {
    name: 'a flat incentive constant in dollars beside the other in cents',
    program: '3c-ren',
    from: 'heat_pump_incentive_cents: 300000',
    to: 'heat_pump_incentive_cents: 3000',
    code: 'amount-in-dollars',
    at: { text: '3000' },
  },
  {
    name: 'a county allocation in dollars beside the others in cents',
    program: 'udve',
    from: 'Fresno: 60000000',
    to: 'Fresno: 600000',
    code: 'amount-in-dollars',
    at: { text: '600000', after: 'budget:' },
  },
  {
    name: 'a whole-program budget in dollars',
    program: 'pce',
    from: 'cents: 100000000 }',
    to: 'cents: 1000000 }',
    code: 'amount-in-dollars',
    at: { text: '1000000 }', after: 'budget:' },
  },
  {
    name: 'a cents table value in dollars',
    program: 'wi-hear',
    from: 'values: { smart_thermostat: 5000 }',
    to: 'values: { smart_thermostat: 50 }',
    code: 'amount-in-dollars',
    at: { text: '50 }', after: '  focus_on_energy_other:' },
  },
  {
    name: 'a literal amount of a measure rule in dollars',
    program: '3c-ren',
    from: 'amount: { var: constants.heat_pump_incentive_cents }',
    to: 'amount: { if: [{ var: constants.heat_pump_incentive_cents }, { var: constants.heat_pump_incentive_cents }, 300] }',
    code: 'amount-in-dollars',
    at: { text: '300] }' },
  },
  {
    name: 'a household limit in dollars',
    program: 'ga-hear',
    from: '      cap_cents: 1400000',
    to: '      cap_cents: 14000',
    code: 'amount-in-dollars',
    at: { text: '14000', after: '  household_limits:' },
  },
];

const FRACTIONS: LintRow[] = [
  {
    name: 'a percent cap as a fraction',
    program: 'reco',
    from: '    percent: 75',
    to: '    percent: 0.75',
    code: 'percent-as-fraction',
    at: { text: '0.75' },
  },
  {
    name: 'a cost share constant as a fraction',
    program: 'udve',
    from: 'udve_cost_share_percent: 90',
    to: 'udve_cost_share_percent: 0.9',
    code: 'percent-as-fraction',
    at: { text: '0.9' },
  },
  {
    name: 'one level of a percent-by-income constant as a fraction',
    program: 'wi-hear',
    from: 'hear_percent_by_income_level: { below_ami_80: 100, ami_80_to_ami_150: 50,',
    to: 'hear_percent_by_income_level: { below_ami_80: 100, ami_80_to_ami_150: 0.5,',
    code: 'percent-as-fraction',
    at: { text: '0.5,' },
  },
  {
    name: 'a shared percent constant as a fraction',
    program: 'ga-hear',
    file: SHARED,
    from: 'invoice_labor_percent: 30',
    to: 'invoice_labor_percent: 0.3',
    code: 'percent-as-fraction',
    at: { text: '0.3' },
  },
  {
    name: 'a literal percentage of percent_of as a fraction',
    program: 'udve',
    from: 'total_measure_costs.insulation }, { var: constants.udve_cost_share_percent }] }',
    to: 'total_measure_costs.insulation }, 0.9] }',
    code: 'percent-as-fraction',
    at: { text: '0.9] }' },
  },
];

const SHAPES: LintRow[] = [
  {
    name: 'a cap as a dollar string',
    program: 'wi-hear',
    from: '    panel: 400000',
    to: '    panel: "$4,000"',
    code: 'schema-type',
    at: { text: '"$4,000"' },
  },
  {
    name: 'a total of a household limit as a quoted number',
    program: 'wi-hear',
    from: '      cap_cents: 1400000',
    to: '      cap_cents: "1400000"',
    code: 'schema-type',
    at: { text: '"1400000"' },
  },
  {
    name: 'a minimum in dollars and cents',
    program: 'reco',
    from: '    amount_cents: 50000',
    to: '    amount_cents: 500.50',
    code: 'schema-type',
    at: { text: '500.50' },
  },
  {
    name: 'a cents constant as text',
    program: '3c-ren',
    from: 'heat_pump_water_heater_incentive_cents: 150000',
    to: 'heat_pump_water_heater_incentive_cents: "1,500.00"',
    code: 'schema-type',
    at: { text: '"1,500.00"' },
  },
  {
    name: 'a value of a cents table as text',
    program: 'wi-hear',
    from: 'values: { indirect: 20000,',
    to: 'values: { indirect: "200 dollars",',
    code: 'schema-type',
    at: { text: '"200 dollars"' },
  },
  {
    name: 'a percent cap with a percent sign',
    program: 'reco',
    from: '    percent: 75',
    to: '    percent: 75%',
    code: 'schema-type',
    at: { text: 'percent: 75%', offset: 9 },
  },
  {
    name: 'a shared percent constant with a percent sign',
    program: 'ga-hear',
    file: SHARED,
    from: 'manual_j_min_load_percent: 51',
    to: 'manual_j_min_load_percent: 51%',
    code: 'schema-type',
    at: { text: '51%' },
  },
  {
    name: 'a sampled share as a whole percent (the reverse)',
    program: 'ga-hear',
    from: '        share: 0.15',
    to: '        share: 15',
    code: 'schema-maximum',
    at: { text: 'share: 15', offset: 7 },
  },
];

const IDS: LintRow[] = [
  {
    name: 'a household limit with the id of a measure',
    program: 'wi-hear',
    from: '    - id: hear_household_limit',
    to: '    - id: heat_pump',
    code: 'duplicate-id',
    at: { text: 'heat_pump', after: '  household_limits:' },
  },
  {
    name: 'a minimum with the id of the percent cap',
    program: 'reco',
    from: '    id: minimum_rebate_below_savings_threshold',
    to: '    id: final_project_cost_75_percent',
    code: 'duplicate-id',
    at: { text: 'final_project_cost_75_percent', after: '  minimum:' },
  },
  {
    name: 'an exclusion with the id of a measure',
    program: 'ca-heehra',
    from: '    - id: heat_pump_under_tech',
    to: '    - id: panel',
    code: 'duplicate-id',
    at: { text: 'panel', after: '  exclusions:' },
  },
  {
    name: 'a percent cap with the id of a measure',
    program: 'ca-heehra',
    from: '    id: heehra_household_limit',
    to: '    id: wiring',
    code: 'duplicate-id',
    at: { text: 'wiring', after: '  percent_cap:' },
  },
];

describe('money in dollars where the DSL takes cents: at the amount', () => {
  it.each(DOLLARS)('$name: $code', (row) => {
    const found = expectRow(row);
    expect(found.every((d) => d.severity === 'warning' && /cents/.test(d.message))).toBe(true);
  });
});

describe('a percentage as a fraction: at the percentage', () => {
  it.each(FRACTIONS)('$name: $code', (row) => {
    const found = expectRow(row);
    expect(found.some((d) => /whole numbers \(write \d+ for \d+%\)/.test(d.message))).toBe(true);
  });
});

describe('an amount or a percentage in the wrong shape: a schema error at its line, in words', () => {
  it.each(SHAPES)('$name: $code', (row) => {
    const found = expectRow(row);
    expect(found.some((d) => /whole cents|percentages are numbers|a share is a fraction/.test(d.message))).toBe(true);
  });
});

describe('two incentive lines with one id: at the second', () => {
  it.each(IDS)('$name: $code', (row) => {
    const found = expectRow(row);
    expect(found.some((d) => /already the id of/.test(d.message))).toBe(true);
  });
});

describe('the programs as written', () => {
  it.each(['3c-ren', '3ce', 'ca-heehra', 'ca-tech', 'ga-hear', 'hiasp', 'pce', 'reco', 'udve', 'wi-hear'])(
    '%s has no money diagnostics',
    (id) => {
      const codes = ['amount-in-dollars', 'percent-as-fraction', 'duplicate-id', 'schema-type'];
      expect(loadFiles(programFiles(id)).diagnostics.filter((d) => codes.includes(d.code))).toEqual([]);
    },
  );
});
