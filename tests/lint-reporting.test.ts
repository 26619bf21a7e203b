/**
 * program.yaml `reporting:` (issue 44): each mistake in the block is reported at its line and column with its code
 * (what `rebate validate` prints), and the HEAR programs' reporting compiles: every field is one of the tracking
 * tool's, every measure one of the program's.
 */

import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../engine/api/tracking.ts';
import PROGRAM_META from '../engine/schema/program.schema.json' with { type: 'json' };
import { expectRow, loadFiles, programFiles } from './support/lint-rows.ts';

const load = loadFiles;

/** A row: replace `from` by `to` in the program's file; expect `code` where `at` first appears after `reporting:`. */
const ROWS = [
  {
    name: 'a field the tracking tool does not have',
    program: 'ga-hear',
    from: '    claimant_type: {',
    to: '    claimant_kind: {',
    code: 'reporting-unknown-field',
    at: 'claimant_kind',
  },
  {
    name: 'a nested field the tracking tool does not have',
    program: 'wi-hear',
    from: 'safety_checks.gas_leak_detection_test_result:',
    to: 'safety_checks.gas_leak_result:',
    code: 'reporting-unknown-field',
    at: 'safety_checks.gas_leak_result',
  },
  {
    name: 'a field the portal fills from the job itself',
    program: 'ca-heehra',
    from: '    construction_type: EXISTING',
    to: '    reservation_amount: 100',
    code: 'reporting-portal-field',
    at: 'reservation_amount',
  },
  {
    name: 'a measure the incentives do not have',
    program: 'ga-hear',
    from: '    heat_pump_water_heater:\n      upgrade_type: HEAT_PUMP_WATER_HEATER',
    to: '    heat_pump_watr_heater:\n      upgrade_type: HEAT_PUMP_WATER_HEATER',
    code: 'reporting-unknown-measure',
    at: 'heat_pump_watr_heater',
  },
  {
    name: 'an upgrade type the tool does not know',
    program: 'wi-hear',
    from: 'upgrade_type: ELECTRIC_WIRING',
    to: 'upgrade_type: WIRING',
    code: 'schema-enum',
    at: 'WIRING',
  },
  {
    name: 'a field read from a form field that does not exist',
    program: 'ga-hear',
    from: '{ var: review_income_qualification.is_disadvantaged_community }',
    to: '{ var: review_income_qualification.is_dac }',
    code: 'unknown-fact',
    at: 'review_income_qualification.is_dac',
  },
  {
    name: 'a product read from a list item key that does not exist',
    program: 'ca-heehra',
    from: 'model_number: model, ahri_reference_number: ahri_number',
    to: 'model_number: model_no, ahri_reference_number: ahri_number',
    code: 'unknown-fact',
    at: 'model_no',
  },
  {
    name: 'a federal program the tracking tool does not report',
    program: 'ga-hear',
    from: '  program: HEAR',
    to: '  program: HOMES',
    code: 'schema-enum',
    at: 'HOMES',
  },
  {
    name: 'a mode the portal does not know',
    program: 'wi-hear',
    from: '  mode: real_time',
    to: '  mode: weekly',
    code: 'schema-enum',
    at: 'weekly',
  },
] as const;

describe('reporting: mistakes at their lines', () => {
  it.each(ROWS)('$name: $code', (row) => {
    expectRow({ ...row, at: { text: row.at, after: 'reporting:' } });
  });
});

describe('the HEAR programs report', () => {
  it.each(['ga-hear', 'wi-hear', 'ca-heehra'])('%s compiles its reporting with no error', (id) => {
    const { programs, diagnostics } = load(programFiles(id));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const r = programs[id].reporting!;
    expect(Object.keys(r.measures)).toEqual(expect.arrayContaining(['heat_pump', 'panel', 'wiring']));
    expect(r.redemption.find((f) => f.path.join('.') === 'safety_checks.gas_leak_detection_test_result')).toBeDefined();
  });
});

describe('the federal programs a definition may report under', () => {
  it('are the tracking contracts’ programs', () => {
    expect(PROGRAM_META.definitions.reporting.properties.program.enum).toEqual([...PROGRAMS]);
  });
});
