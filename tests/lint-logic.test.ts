/**
 * `rebate validate` inside rules and at program level: each row is one mistake a program manager makes in
 * a copy of a real program, and the diagnostic it must give, at the line and column of the mistake itself.
 */

import { describe, expect, it } from 'vitest';
import { OPERATION_ARITY, CUSTOM_OPERATIONS, BUILTIN_OPERATIONS } from '../engine/logic/operations.ts';
import { ACCEPT_ALL, loadCopy, positionOf, programCopy, type Mutation } from './support/definition-copy.ts';

const WI = 'program-defs/wi-hear/program.yaml';
const ELIG = 'program-defs/_shared/eligibility-rules.yaml';
const SAFETY = 'task-schemas/pre_install_home_safety_assessment/form.yaml';
const SITE = 'task-schemas/confirm_site_details/form.yaml';
const FINAL_WHEN = 'final_when: { "==": [{ var: task_status.confirm_project_final_costs }, COMPLETE] }';

/** [what, program, mutation, code, the text the diagnostic points at, a part of its message]. */
type Row = [string, string, Mutation, string, string, string];

const rules: Row[] = [
  [
    '== with one argument',
    'wi-hear',
    { file: WI, from: FINAL_WHEN, to: 'final_when: { "==": [{ var: task_status.confirm_project_final_costs }] }' },
    'logic-arity',
    '"=="',
    "'==' takes 2 arguments, but is given 1",
  ],
  [
    'a custom operation with too many arguments',
    'wi-hear',
    {
      file: WI,
      from: 'min: { percent_of: [{ cents: [{ var: provide_services.estimated_total_project_cost }] }',
      to: 'min: { percent_of: [{ cents: [{ var: provide_services.estimated_total_project_cost }, 100] }',
    },
    'logic-arity',
    'cents',
    "'cents' takes 1 argument, but is given 2",
  ],
  [
    'percent_of with one argument',
    'wi-hear',
    {
      file: WI,
      from: 'percent_of:\n          - { var: confirm_project_final_costs.total_measure_costs.wiring }\n          - lookup: [{ var: constants.hear_percent_by_income_level }, { var: review_income_qualification.income_level }]',
      to: 'percent_of:\n          - { var: confirm_project_final_costs.total_measure_costs.wiring }',
    },
    'logic-arity',
    'percent_of',
    "'percent_of' takes 2 arguments, but is given 1",
  ],
  [
    'a list written as the arguments of a one-argument operation',
    '3c-ren',
    {
      file: SAFETY,
      from: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, false] }',
      to: '{ ">": [{ count: [yes, no] }, 1] }',
    },
    'logic-arity',
    'count',
    'a list is one argument, written inside a second pair of brackets',
  ],
  [
    'count given a list field without brackets (a form rule)',
    'wi-hear',
    {
      file: SITE,
      from: 'applies_if: { ">": [{ count: [{ var: form.heating_distribution }] }, 1] }',
      to: 'applies_if: { ">": [{ count: { var: form.heating_distribution } }, 1] }',
    },
    'logic-list-argument',
    'count',
    "'count' is given 'form.heating_distribution', which holds a list, without brackets",
  ],
  [
    '!! given a list of options without brackets (a program rule)',
    'wi-hear',
    {
      file: WI,
      from: 'applies_if: { any_in: [{ var: provide_services.services_being_installed }, [heat_pump, panel]] }',
      to: 'applies_if: { "!!": { var: provide_services.services_being_installed } }',
    },
    'logic-list-argument',
    '"!!"',
    'json-logic-js (the reference) as its one argument, json-logic-engine and others as its list of arguments',
  ],
  [
    'max given a merge without brackets',
    'wi-hear',
    {
      file: WI,
      from: FINAL_WHEN,
      to: 'final_when: { ">": [{ max: { merge: [[1], [2]] } }, 1] }',
    },
    'logic-list-argument',
    'max',
    'write { "max": [ ... ] }',
  ],
  [
    'a misspelt third segment of a var, in a multi-line rule',
    'wi-hear',
    {
      file: WI,
      from: '{ var: confirm_project_final_costs.total_measure_costs.heat_pump }',
      to: '{ var: confirm_project_final_costs.total_measure_costs.heat_pmup }',
    },
    'unknown-fact',
    'confirm_project_final_costs.total_measure_costs.heat_pmup',
    "has no part 'heat_pmup' (did you mean 'heat_pump'?)",
  ],
  [
    'a part below a field that holds a single value',
    'wi-hear',
    {
      file: WI,
      from: '{ var: provide_homeowner_details.renter_or_owner }, renter]',
      to: '{ var: provide_homeowner_details.renter_or_owner.kind }, renter]',
    },
    'unknown-fact',
    'provide_homeowner_details.renter_or_owner.kind',
    "is a single value with no part 'kind'",
  ],
  [
    'a misspelt key of a constant',
    'wi-hear',
    {
      file: WI,
      from: '{ var: constants.hear_percent_by_income_level }, { var: review_income_qualification.income_level }]\n      estimate',
      to: '{ var: constants.hear_percent_by_income_level.below_ami80 }, { var: review_income_qualification.income_level }]\n      estimate',
    },
    'unknown-fact',
    'constants.hear_percent_by_income_level.below_ami80',
    "(did you mean 'below_ami_80'?)",
  ],
  [
    'a literal that is not one of the enum values',
    'wi-hear',
    { file: WI, from: 'renter_or_owner }, renter] }\n', to: 'renter_or_owner }, rentr] }\n' },
    'unknown-value',
    'rentr',
    "(did you mean 'renter'?)",
  ],
  [
    'a task status in the wrong spelling',
    'wi-hear',
    {
      file: WI,
      from: FINAL_WHEN,
      to: 'final_when: { "==": [{ var: task_status.confirm_project_final_costs }, COMPLETED] }',
    },
    'unknown-value',
    'COMPLETED',
    "(did you mean 'COMPLETE'?)",
  ],
  [
    'a task status that is never stored',
    'wi-hear',
    {
      file: WI,
      from: FINAL_WHEN,
      to: 'final_when: { "!=": [{ var: task_status.confirm_project_final_costs }, READY] }',
    },
    'unknown-value',
    'READY',
    "the status of task 'confirm_project_final_costs'",
  ],
  [
    'a yes/no field compared with a word',
    'wi-hear',
    {
      file: WI,
      from: '{ "===": [{ var: approve_payment.is_payment_approved }, true] }',
      to: '{ "===": [{ var: approve_payment.is_payment_approved }, "yes"] }',
    },
    'unknown-value',
    '"yes"',
    'values: true, false',
  ],
  [
    'a list option misspelt in any_in',
    'wi-hear',
    {
      file: WI,
      from: '[{ var: provide_services.services_being_installed }, [heat_pump, panel]]',
      to: '[{ var: provide_services.services_being_installed }, [heat_pump, panl]]',
    },
    'unknown-value',
    'panl',
    "(did you mean 'panel'?)",
  ],
  [
    'a list option misspelt in in',
    'wi-hear',
    {
      file: WI,
      from: '{ in: [heat_pump_water_heater, { var: provide_services.services_being_installed }] }',
      to: '{ in: [heat_pump_water_heatr, { var: provide_services.services_being_installed }] }',
    },
    'unknown-value',
    'heat_pump_water_heatr',
    "(did you mean 'heat_pump_water_heater'?)",
  ],
  [
    'a var default that is no option',
    'wi-hear',
    {
      file: WI,
      from: '{ var: [provide_income_estimate.income_level, ami_80_to_ami_150] }',
      to: '{ var: [provide_income_estimate.income_level, ami_80_to_ami150] }',
    },
    'unknown-value',
    'ami_80_to_ami150',
    'this default stands for an answer no one can give',
  ],
  [
    'a lookup key not in the table',
    'wi-hear',
    {
      file: WI,
      from: '{ lookup: [{ var: tables.focus_on_energy_other }, smart_thermostat] }',
      to: '{ lookup: [{ var: tables.focus_on_energy_other }, smart_thermostt] }',
    },
    'unknown-lookup-key',
    'smart_thermostt',
    "table 'focus_on_energy_other' has no key 'smart_thermostt' for measure",
  ],
  [
    'a lookup key given by an if',
    'wi-hear',
    { file: WI, from: 'propane, standard]', to: 'propane, standrd]' },
    'unknown-lookup-key',
    'standrd',
    "(did you mean 'standard'?)",
  ],
  [
    'a lookup with more keys than the table has levels',
    'wi-hear',
    {
      file: WI,
      from: '{ lookup: [{ var: tables.focus_on_energy_other }, smart_thermostat] }',
      to: '{ lookup: [{ var: tables.focus_on_energy_other }, smart_thermostat, extra] }',
    },
    'unknown-lookup-key',
    'extra',
    'has 1 key level (measure), but this lookup gives 2 keys',
  ],
  [
    'a lookup key not in a constant map',
    'wi-hear',
    {
      file: WI,
      from: '{ lookup: [{ var: constants.hear_percent_by_income_level }, { var: [review_income_qualification.income_level, { var: [provide_income_estimate.income_level, below_ami_80] }] }] }',
      to: '{ lookup: [{ var: constants.hear_percent_by_income_level }, below_ami_8] }',
    },
    'unknown-lookup-key',
    'below_ami_8',
    "(did you mean 'below_ami_80'?)",
  ],
  [
    'a table key misspelt, so a value the field takes looks up nothing',
    'wi-hear',
    {
      file: WI,
      from: 'hear_percent_by_income_level: { below_ami_80: 100, ami_80_to_ami_150: 50',
      to: 'hear_percent_by_income_level: { below_ami_80: 100, ami_80_to_ami150: 50',
    },
    'unknown-lookup-key',
    'ami_80_to_ami150',
    "(did you mean 'ami_80_to_ami_150'?)",
  ],
  [
    'a constant list of allowed values with a misspelt option',
    'wi-hear',
    {
      file: WI,
      from: 'eligible_building_types: [SINGLE_FAMILY_DETACHED,',
      to: 'eligible_building_types: [SINGLE_FAMILY_DETACHD,',
    },
    'unknown-value',
    'SINGLE_FAMILY_DETACHD',
    "(did you mean 'SINGLE_FAMILY_DETACHED'?)",
  ],
  [
    'a condition written as a string',
    'wi-hear',
    { file: WI, from: FINAL_WHEN, to: 'final_when: "task_status.confirm_project_final_costs == COMPLETE"' },
    'literal-condition',
    '"task_status',
    'always true',
  ],
  [
    'an applies_if written as a boolean',
    'wi-hear',
    {
      file: WI,
      from: 'applies_if: { "==": [{ var: provide_homeowner_details.renter_or_owner }, renter] }\n',
      to: 'applies_if: true\n',
    },
    'literal-condition',
    'true',
    'always true',
  ],
  [
    'a string operand of or',
    'wi-hear',
    {
      file: WI,
      from: '        or:\n          - { "==": [{ var: provide_equipment_catalog_details.new_panel_capacity_amps }, null] }',
      to: '        or:\n          - "new_panel_capacity_amps == null"',
    },
    'literal-condition',
    '"new_panel',
    "operand 1 of 'or'",
  ],
  [
    'an impossible date in a rule',
    'wi-hear',
    { file: WI, from: FINAL_WHEN, to: 'final_when: { ">=": [{ var: derived.today }, "2025-02-30"] }' },
    'invalid-date',
    '"2025-02-30"',
    'month 02 of 2025 has 28 days',
  ],
  [
    'a date operation given a non-date',
    'pce',
    {
      file: 'program-defs/pce/program.yaml',
      from: '{ months_between: [{ var: upload_utility_bills.bill_date }, { var: derived.today }] }',
      to: '{ months_between: [{ var: upload_utility_bills.bill_date }, today] }',
    },
    'invalid-date',
    'today',
    "argument 2 of 'months_between'",
  ],
  [
    'a rule json-logic-engine cannot compile',
    'wi-hear',
    { file: WI, from: FINAL_WHEN, to: 'final_when: { log: [{ var: task_status.confirm_project_final_costs }] }' },
    'compile-error',
    '{ log',
    "Unknown Operator 'log'",
  ],
  [
    'a form rule reading a misspelt field',
    '3c-ren',
    {
      file: SAFETY,
      from: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, false] }',
      to: '{ "===": [{ var: form.safety_checks_disclosed_to_homeownr }, false] }',
    },
    'unknown-fact',
    'form.safety_checks_disclosed_to_homeownr',
    "(did you mean 'safety_checks_disclosed_to_homeowner'?)",
  ],
  [
    'a form rule comparing a yes/no field with a word',
    '3c-ren',
    {
      file: SAFETY,
      from: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, false] }',
      to: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, "no"] }',
    },
    'unknown-value',
    '"no"',
    'values: true, false',
  ],
  [
    'a form rule with == of one argument',
    '3c-ren',
    {
      file: SAFETY,
      from: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, false] }',
      to: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }] }',
    },
    'logic-arity',
    '"==="',
    "'===' takes 2 arguments",
  ],
  [
    'a form rule applies_if written as a string',
    '3c-ren',
    {
      file: SAFETY,
      from: '{ "===": [{ var: form.safety_checks_disclosed_to_homeowner }, false] }',
      to: '"safety_checks_disclosed_to_homeowner is false"',
    },
    'literal-condition',
    '"safety_checks_disclosed_to_homeowner is false"',
    'not a rule',
  ],
];

const programs: Row[] = [
  [
    'a task at stage 1',
    'wi-hear',
    {
      file: WI,
      from: '{ id: submit_job_for_enrollment, form: submit_job_for_enrollment, stage: 5',
      to: '{ id: submit_job_for_enrollment, form: submit_job_for_enrollment, stage: 1',
    },
    'unworkable-stage',
    '1, owner',
    'the stage a job is created into',
  ],
  [
    'a task at the final (Completed) stage',
    'wi-hear',
    {
      file: WI,
      from: '{ id: send_payment, form: send_payment, stage: 6',
      to: '{ id: send_payment, form: send_payment, stage: 7',
    },
    'unworkable-stage',
    '7, owner',
    'the stage of a finished job',
  ],
  [
    'a submission window that ends before it starts',
    'wi-hear',
    {
      file: WI,
      from: 'accept_submissions: { from: "2025-01-01", until: null }',
      to: 'accept_submissions: { from: "2025-06-01", until: "2025-01-31" }',
    },
    'date-order',
    '"2025-01-31"',
    "'until' (2025-01-31) is before 'from' (2025-06-01)",
  ],
  [
    'an install period that ends before it starts',
    'ga-hear',
    {
      file: 'program-defs/ga-hear/program.yaml',
      from: 'install_period_end: "2031-09-30"',
      to: 'install_period_end: "2024-09-30"',
    },
    'date-order',
    '"2024-09-30"',
    "'install_period_end' (2024-09-30) is before 'install_period_start'",
  ],
  [
    'an impossible date in a constant',
    'ga-hear',
    {
      file: 'program-defs/ga-hear/program.yaml',
      from: 'install_period_start: "2025-07-01"',
      to: 'install_period_start: "2025-13-01"',
    },
    'invalid-date',
    '"2025-13-01"',
    'there is no month 13',
  ],
  [
    'a stage beyond the model',
    '3ce',
    {
      file: 'program-defs/3ce/program.yaml',
      from: '{ id: submit_job_for_enrollment, form: submit_job_for_enrollment, stage: 5',
      to: '{ id: submit_job_for_enrollment, form: submit_job_for_enrollment, stage: 7',
    },
    'unknown-stage',
    '7, owner',
    'but six_stage has 6 stages',
  ],
  [
    'on_behalf on a contractor task',
    'wi-hear',
    {
      file: WI,
      from: '{ id: provide_site_details, form: confirm_site_details, stage: 2, owner: contractor }',
      to: '{ id: provide_site_details, form: confirm_site_details, stage: 2, owner: contractor, on_behalf: true }',
    },
    'on-behalf-not-homeowner',
    'true }',
    'on_behalf is for homeowner tasks',
  ],
  [
    'on_behalf on a signature task',
    'wi-hear',
    {
      file: WI,
      from: '    form: sign_ira_tenant_owner_acknowledgment\n    stage: 2\n    owner: homeowner\n',
      to: '    form: sign_ira_tenant_owner_acknowledgment\n    stage: 2\n    owner: homeowner\n    on_behalf: true\n',
    },
    'on-behalf-personal',
    'true\n',
    'collects signatures',
  ],
  [
    'a misspelt ineligibility reason',
    'wi-hear',
    { file: WI, from: 'reason: county_budget_reserved', to: 'reason: county_budget_reservd' },
    'unknown-reason',
    'county_budget_reservd',
    "(did you mean 'county_budget_reserved'?)",
  ],
  [
    'a misspelt shared eligibility rule',
    'wi-hear',
    { file: WI, from: '- use: residence_12_months', to: '- use: residence_12_month' },
    'unknown-rule',
    'residence_12_month',
    "(did you mean 'residence_12_months'?)",
  ],
  [
    "a program rule's field: not in its task's form",
    '3c-ren',
    {
      file: 'program-defs/3c-ren/program.yaml',
      from: '    field: shows_required_discount_line\n',
      to: '    field: shows_required_discount_lne\n',
    },
    'unknown-field',
    'shows_required_discount_lne',
    "(did you mean 'shows_required_discount_line'?)",
  ],
  [
    "a shared rule's field: not in the form of the task it is used for",
    '3ce',
    {
      file: 'program-defs/_shared/rules.yaml',
      from: '    field: new_panel_capacity_amps\n',
      to: '    field: new_panel_capacity_amp\n',
    },
    'unknown-field',
    'new_panel_capacity_amp\n',
    '(in program 3ce)',
  ],
  [
    'a misspelt shared task rule',
    'wi-hear',
    {
      file: WI,
      from: '{ use: final_invoice_signed, task: upload_final_invoice }',
      to: '{ use: final_invoice_sign, task: upload_final_invoice }',
    },
    'unknown-rule',
    'final_invoice_sign',
    "(did you mean 'final_invoice_signed'?)",
  ],
  [
    'a shared constant redefined',
    'wi-hear',
    {
      file: WI,
      from: '  reserved_market_rate_counties: [Menominee]',
      to: '  reserved_market_rate_counties: [Menominee]\n  co_max_ppm: 12',
    },
    'constant-redefined',
    'co_max_ppm',
    'may not be redefined',
  ],
  [
    'an unknown operation',
    'wi-hear',
    {
      file: WI,
      from: '{ any_in: [{ var: provide_services.services_being_installed }, [heat_pump, panel]] }',
      to: '{ any_inn: [{ var: provide_services.services_being_installed }, [heat_pump, panel]] }',
    },
    'unknown-operation',
    'any_inn',
    "unknown operation 'any_inn'",
  ],
  [
    'an after naming no task',
    'wi-hear',
    { file: WI, from: 'after: [provide_services]', to: 'after: [provide_service]' },
    'unknown-task',
    'provide_service]',
    "(did you mean 'provide_services'?)",
  ],
  [
    'a misspelt form',
    'wi-hear',
    { file: WI, from: 'form: confirm_install_dates,', to: 'form: confirm_instal_dates,' },
    'unknown-form',
    'confirm_instal_dates',
    "(did you mean 'confirm_install_dates'?)",
  ],
];

/** The diagnostics of a mutated copy that carry `code`. */
function run(row: Row) {
  const [, program, mutation, code, needle] = row;
  const files = programCopy(program, [mutation]);
  const defs = loadCopy(program, [mutation]);
  return {
    found: defs.diagnostics.filter((d) => d.code === code),
    at: positionOf(files, mutation, needle),
    all: defs.diagnostics,
  };
}

describe.each([
  ['rules (JSON-Logic)', rules],
  ['programs', programs],
] as const)('rebate validate: %s', (_, table) => {
  it.each(table)('%s', (...row) => {
    const { found, at, all } = run(row as Row);
    const [, , mutation, code, , message] = row as Row;
    expect(found, all.map((d) => `${d.code} ${d.range.line}:${d.range.col} ${d.message}`).join('\n')).toHaveLength(1);
    expect(found[0]).toMatchObject({
      code,
      severity: 'error',
      file: mutation.file,
      range: { file: mutation.file, ...at },
    });
    expect(found[0].message).toContain(message);
    expect(found[0].message).not.toContain('[object Object]');
  });
});

describe('rebate validate: what the engine checks where a meta-schema would let it through', () => {
  it.each([
    [
      'an owner that is no role',
      {
        file: WI,
        from: '{ id: provide_site_details, form: confirm_site_details, stage: 2, owner: contractor }',
        to: '{ id: provide_site_details, form: confirm_site_details, stage: 2, owner: contracter }',
      },
      'unknown-owner',
      'contracter',
    ],
    [
      'a stage model that does not exist',
      { file: WI, from: 'stage_model: seven_stage', to: 'stage_model: eight_stage' },
      'unknown-stage-model',
      'eight_stage',
    ],
  ] as const)('%s', (_, mutation, code, needle) => {
    const found = loadCopy('wi-hear', [mutation], { meta_validators: ACCEPT_ALL }).diagnostics.filter(
      (d) => d.code === code,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'error',
      file: WI,
      range: positionOf(programCopy('wi-hear', [mutation]), mutation, needle),
    });
  });
});

describe('rebate validate: shared rules and drafts', () => {
  it('reports a shared rule mistake that depends on the program once, in the shared file, naming the programs', () => {
    const m = {
      file: ELIG,
      from: '{ var: provide_services.existing_heating_plan }, no_plan]',
      to: '{ var: provide_services.existing_heating_plan }, noplan]',
    };
    const found = loadCopy('wi-hear', [m]).diagnostics.filter((d) => d.code === 'unknown-value');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: ELIG, range: positionOf(programCopy('wi-hear', [m]), m, 'noplan') });
    expect(found[0].message).toMatch(/\(in program wi-hear\)$/);
  });

  it('reports a shared rule mistake that does not depend on the program without naming one', () => {
    const m = {
      file: ELIG,
      from: '{ var: provide_services.existing_heating_plan }, no_plan]',
      to: '{ var: provide_services.existing_heating_plan }]',
    };
    const found = loadCopy('wi-hear', [m]).diagnostics.filter((d) => d.code === 'logic-arity');
    expect(found).toHaveLength(1);
    expect(found[0].file).toBe(ELIG);
    expect(found[0].message).not.toContain('in program');
  });

  it('reports a stage model with no submitting stage once, at the model', () => {
    const m = {
      file: 'program-defs/_shared/stage-models.yaml',
      from: 'contractor_action: submit rebate, submits: true }\n      - { number: 3, key: review, label: Review rebate submission',
      to: 'contractor_action: submit rebate }\n      - { number: 3, key: review, label: Review rebate submission',
    };
    const found = loadCopy('wi-hear', [m]).diagnostics.filter((d) => d.code === 'stage-model-submit');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'program-defs/_shared/stage-models.yaml', range: { line: 17, col: 3 } });
    expect(found[0].message).toContain("marks no stage 'submits: true'");
  });

  it('keeps a misspelt form of a draft task a warning', () => {
    const m = { file: WI, from: 'form: confirm_install_dates,', to: 'form: confirm_instal_dates, draft: true,' };
    const found = loadCopy('wi-hear', [m]).diagnostics.filter((d) => d.code === 'unknown-form');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'warning',
      range: positionOf(programCopy('wi-hear', [m]), m, 'confirm_instal_dates'),
    });
  });

  it('the unmutated copy is clean', () => {
    expect(loadCopy('wi-hear').diagnostics).toEqual([]);
  });

  it('knows the arity of every operation, at least the parameters a custom one declares', () => {
    for (const op of [...BUILTIN_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)])
      expect(OPERATION_ARITY, op).toHaveProperty([op]);
    for (const [op, fn] of Object.entries(CUSTOM_OPERATIONS))
      expect(OPERATION_ARITY[op as keyof typeof CUSTOM_OPERATIONS][0], op).toBeGreaterThanOrEqual(fn.length);
  });
});
