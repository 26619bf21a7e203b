/** Contract tests of the repository's program definitions: every program folder loads cleanly and every case holds. */

import { describe, expect, it } from 'vitest';
import { runCases } from '../engine/index.ts';
import { loadRepo, PROGRAM_IDS } from './load-repo.ts';

const defs = loadRepo();

/** The ten programs of the spec, named as the spec spells them. */
const SPEC_PROGRAMS = {
  '3c-ren': '3C-REN',
  pce: 'PCE',
  reco: 'RECO',
  hiasp: 'HIASP',
  udve: 'UDVE',
  'ca-heehra': 'CA HEEHRA',
  'wi-hear': 'WI HEAR',
  'ga-hear': 'GA HEAR',
  'ca-tech': 'CA TECH',
  '3ce': '3CE',
};

describe('program definitions', () => {
  it('loads a program from every folder of program-defs, the ten of the spec among them, each named as the spec spells it', () => {
    expect(Object.keys(defs.programs).sort()).toEqual([...PROGRAM_IDS].sort());
    const names = Object.fromEntries(Object.values(defs.programs).map((p) => [p.id, p.name]));
    expect(names).toMatchObject(SPEC_PROGRAMS);
  });

  it('loads with no errors (warnings only for forms not written yet, or not used yet: tests/task-graph-definitions.test.ts checks those)', () => {
    const errors = defs.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file}:${d.range.line}:${d.range.col} ${d.message}`);
    expect(errors).toEqual([]);
    const otherWarnings = defs.diagnostics.filter(
      (d) => d.severity === 'warning' && d.code !== 'unknown-form' && d.code !== 'unused-form',
    );
    expect(otherWarnings.map((d) => d.message)).toEqual([]);
  });

  it('uses both stage readings', () => {
    const models = new Set(Object.values(defs.programs).map((p) => p.stage_model.id));
    expect(models).toEqual(new Set(['six_stage', 'seven_stage']));
  });

  it('every program has a cases table with at least 15 cases', () => {
    for (const id of PROGRAM_IDS)
      expect((defs.cases[id]?.value.cases as unknown[] | undefined)?.length ?? 0, id).toBeGreaterThanOrEqual(15);
  });

  it('every ineligibility reason is worded as spec sect. 8 words it', () => {
    expect(defs.shared.ineligibility_reasons).toEqual({
      outside_eligible_area: 'outside eligible area',
      submission_after_install_window: 'submission within a number of days of install completion',
      residence_under_12_months: 'must live in home 12 months with same utility',
      ops_override: 'ops override',
      preapproval_or_enrollment_issue: 'pre-approval or enrollment issue',
      no_rebates_available: 'no rebates available',
      not_hard_to_reach: 'not hard to reach',
      program_not_accepting_submissions: 'program not accepting submissions',
      no_electric_provider: 'no electric provider',
      provider_restrictions: 'provider restrictions',
      new_heating_source_within_year: 'new heating source within a year',
      invalid_heating_source: 'invalid heating source (only electric, natural gas, propane, oil)',
      no_clean_heat_source: 'no clean heat source',
      services_not_eligible: 'services not eligible',
      solar_within_year: 'solar within a year',
      building_type: 'building type',
      equipment_not_eligible: 'equipment not eligible or not Energy Star',
      income_too_high: 'income too high',
      install_date_outside_period: 'install date outside period',
      county_budget_reserved: 'a market-rate county budget fully reserved',
      no_heating_system: 'no heating system',
      no_plan_for_existing_heating: 'no plan for existing primary heating equipment',
    });
  });

  it('encodes the constants of spec sect. 9 once, in _shared/constants.yaml', () => {
    expect(defs.shared.constants).toMatchObject({
      residence_months_required: 12,
      change_lookback_months: 12,
      reinsulation_lookback_years: 10,
      utility_bill_max_age_months: 3,
      manual_j_min_load_percent: 51,
      new_panel_min_amps: 200,
      co_max_ppm: 9,
      geotag_limit_miles: 1,
      invoice_material_percent: 70,
      invoice_labor_percent: 30,
      income_band_by_level: { below_ami_80: 'low', ami_80_to_ami_150: 'moderate', above_ami_150: 'ineligible' },
    });
  });

  it('WI HEAR caps are 8,000 / 1,750 / 2,500 / 4,000 (spec sect. 9), with the federal 1,600 insulation cap and 14,000 household limit (assumed)', () => {
    const wi = defs.programs['wi-hear'];
    const caps = Object.fromEntries(
      wi.incentives.measures.filter((m) => m.cap_cents !== undefined).map((m) => [m.id, m.cap_cents]),
    );
    expect(caps).toEqual({
      heat_pump: 800000,
      heat_pump_water_heater: 175000,
      wiring: 250000,
      panel: 400000,
      insulation: 160000,
    });
    // Per household (the other jobs at the address count), not per job.
    expect(wi.incentives.total_cap).toBeUndefined();
    expect(wi.incentives.household_limits).toEqual([
      {
        id: 'hear_household_limit',
        label: 'HEAR household limit',
        cap_cents: 1400000,
        measures: ['heat_pump', 'heat_pump_water_heater', 'panel', 'wiring', 'insulation'],
        programs: ['wi-hear'],
        max_count: undefined,
      },
    ]);
  });

  it('the Focus on Energy tables hold the spec figures', () => {
    const t = defs.programs['wi-hear'].table_values as Record<string, Record<string, unknown>>;
    expect(t.focus_on_energy_heat_pump).toEqual({
      market_rate: {
        standard: { 1: 40000, 2: 50000, 3: 60000, 4: 70000 },
        propane: { 1: 10000, 2: 10000, 3: 15000, 4: 15000 },
      },
      low_income: {
        standard: { 1: 60000, 2: 70000, 3: 80000, 4: 90000 },
        propane: { 1: 30000, 2: 30000, 3: 35000, 4: 35000 },
      },
    });
    expect(t.focus_on_energy_furnace).toEqual({ market_rate: 10000, low_income: 40000 });
    expect(t.focus_on_energy_water_heater).toEqual({ indirect: 20000, heat_pump: 30000, tankless: 10000 });
    expect(t.focus_on_energy_other).toEqual({ smart_thermostat: 5000 });
  });

  it('RECO caps the homeowner rebate at 75% of the final project cost', () => {
    expect(defs.programs.reco.incentives.percent_cap?.percent).toBe(75);
  });
});

describe.each(PROGRAM_IDS)('cases of %s', (id) => {
  const program = defs.programs[id];
  const cases = defs.cases[id];
  const results = program && cases ? runCases(program, cases, defs.forms) : [];
  it('has a program and cases', () => {
    expect(program, `program ${id} did not load`).toBeDefined();
    expect(cases, `no cases.yaml for ${id}`).toBeDefined();
  });
  it.each(results.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    expect(r.failures).toEqual([]);
  });
});

describe('uploads (task-schemas/_shared uploads:)', () => {
  it('every upload widget a form may name says what it takes, and every upload field of a form names one', async () => {
    const meta = (await import('../engine/schema/task-form.schema.json')).default;
    const uploadWidgets = (meta.definitions.ui_node.properties['ui:widget'].enum as string[]).filter((w) =>
      w.endsWith('_upload'),
    );
    expect(uploadWidgets.length).toBeGreaterThan(0);
    for (const w of uploadWidgets) expect(Object.keys(defs.uploads[w]?.accept ?? {}).length, w).toBeGreaterThan(0);
    for (const form of Object.values(defs.forms)) {
      for (const [field, ui] of Object.entries(form.ui_schema ?? {})) {
        const widget = (ui as Record<string, unknown> | null)?.['ui:widget'];
        if (typeof widget === 'string' && widget.endsWith('_upload'))
          expect(defs.uploads, `${form.key}.${field}`).toHaveProperty(widget);
      }
    }
  });
});
