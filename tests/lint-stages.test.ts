/**
 * Stage models and order (issue 45): a model's submitting stage doubled, moved or dropped is reported once, at the
 * model's line, not at every program using it; a rule reading an answer of a later stage than the one it is needed
 * at, and an item dedented out of an `and:`/`or:`, are reported at the line to change.
 */

import { describe, expect, it } from 'vitest';
import { expectRow, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const MODELS = 'program-defs/_shared/stage-models.yaml';
const CODES = ['stage-model-submit', 'reads-later-stage', 'logic-dedented'];

const STAGE_MODEL_ROWS: LintRow[] = [
  {
    name: 'a second submitting stage at install',
    program: 'wi-hear',
    file: MODELS,
    from: '{ number: 4, key: final_docs,',
    to: '{ number: 4, submits: true, key: final_docs,',
    code: 'stage-model-submit',
    at: { text: 'submits: true, key: final_docs' },
  },
  {
    name: 'the submitting stage moved to review',
    program: 'ca-tech',
    file: MODELS,
    from: 'contractor_action: submit rebate, submits: true }\n      - { number: 3, key: review, label: Pending review,',
    to: 'contractor_action: submit rebate }\n      - { number: 3, key: review, label: Pending review, submits: true,',
    code: 'stage-model-submit',
    at: { text: 'submits: true, progress: [Pending review' },
  },
  {
    name: 'the mark dropped from seven_stage',
    program: 'wi-hear',
    file: MODELS,
    from: 'contractor_action: submit rebate, submits: true }\n      - { number: 3, key: review, label: Review',
    to: 'contractor_action: submit rebate }\n      - { number: 3, key: review, label: Review',
    code: 'stage-model-submit',
    at: { text: 'seven_stage:' },
  },
  {
    name: 'the mark dropped from six_stage',
    program: 'ca-tech',
    file: MODELS,
    from: 'contractor_action: submit rebate, submits: true }\n      - { number: 3, key: review, label: Pending review,',
    to: 'contractor_action: submit rebate }\n      - { number: 3, key: review, label: Pending review,',
    code: 'stage-model-submit',
    at: { text: 'six_stage:' },
  },
];
STAGE_MODEL_ROWS.push(
  {
    name: 'the mark moved to the create stage',
    program: 'wi-hear',
    file: MODELS,
    from: '{ number: 1, key: create, label: Create Job,',
    to: '{ number: 1, submits: true, key: create, label: Create Job,',
    code: 'stage-model-submit',
    at: { text: 'submits: true, key: create, label: Create Job' },
  },
  {
    name: 'the mark on the payment stage as well',
    program: 'ca-tech',
    file: MODELS,
    from: '{ number: 6, key: complete,',
    to: '{ number: 6, submits: true, key: complete,',
    code: 'stage-model-submit',
    at: { text: 'submits: true, key: complete' },
  },
);

const ORDER_ROWS: LintRow[] = [
  {
    name: "a stage 2 task applying on ops' verified income level (stage 3)",
    program: 'wi-hear',
    from: 'applies_if: { "==": [{ var: provide_homeowner_details.renter_or_owner }, renter] }\n  # Stage 3',
    to: 'applies_if: { "==": [{ var: review_income_qualification.income_level }, below_ami_80] }\n  # Stage 3',
    code: 'reads-later-stage',
    at: { text: 'var: review_income_qualification.income_level', offset: 5 },
  },
  {
    name: 'a stage 2 task applying on the status of a stage 4 task',
    program: '3ce',
    from: '    applies_if: { in: [heat_pump, { var: provide_services.services_being_installed }] }',
    to: '    applies_if: { "==": [{ var: task_status.confirm_project_final_costs }, COMPLETE] }',
    code: 'reads-later-stage',
    at: { text: 'task_status.confirm_project_final_costs }, COMPLETE] }' },
  },
  {
    name: 'a measure applying on the payment approval (after the incentives are final)',
    program: 'wi-hear',
    from: '      applies_if: { in: [heat_pump, { var: provide_services.services_being_installed }] }\n      amount:',
    to: '      applies_if: { "==": [{ var: approve_payment.is_payment_approved }, true] }\n      amount:',
    code: 'reads-later-stage',
    at: { text: 'approve_payment.is_payment_approved', after: '  measures:' },
  },
  {
    name: "a stage 2 document's signer named from a stage 3 answer",
    program: 'wi-hear',
    from: '      - { role: property_manager, name: { var: provide_homeowner_details.property_manager_name }',
    to: '      - { role: property_manager, name: { var: review_income_qualification.notes }',
    code: 'reads-later-stage',
    at: { text: 'review_income_qualification.notes' },
  },
  // Dedented items.
  {
    name: "an item dedented out of an and: inside an or:, now the or's",
    program: 'ca-tech',
    from: '            - { in: [{ var: provide_site_details.primary_fuel_type }',
    to: '        - { in: [{ var: provide_site_details.primary_fuel_type }',
    code: 'logic-dedented',
    at: { text: '- { in: [{ var: provide_site_details.primary_fuel_type }', offset: 2 },
  },
  {
    name: 'an and: dedented beside or:, two operations in one condition',
    program: '3c-ren',
    from: '        - { "==": [{ var: cas_testing_review.post_cas_results_review }, needs_correction] }',
    to: '      and: [{ "==": [{ var: cas_testing_review.post_cas_results_review }, needs_correction] }]',
    code: 'logic-dedented',
    at: { text: 'and: [{ "==": [{ var: cas_testing_review.post_cas_results_review }' },
  },
  {
    name: 'a comparison dedented out of a qualifies_if or:',
    program: '3ce',
    from: '          - { ">=": [{ var: provide_equipment_catalog_details.new_panel_capacity_amps }, { var: constants.new_panel_min_amps }] }',
    to: '        ">=": [{ var: provide_equipment_catalog_details.new_panel_capacity_amps }, { var: constants.new_panel_min_amps }]',
    code: 'logic-dedented',
    at: { text: '">=": [{ var: provide_equipment_catalog_details.new_panel_capacity_amps }' },
  },
];

describe('stage models are checked once, at the model', () => {
  it.each(STAGE_MODEL_ROWS)('$name', (row) => {
    const found = expectRow(row);
    // Reported once, in the model's file: no program repeats it.
    expect(found.map((d) => d.file)).toEqual([MODELS]);
  });
});

describe('rules are known when they are needed, and keep their indentation', () => {
  it.each(ORDER_ROWS)('$name', (row) => {
    expectRow(row);
  });

  it('a later answer with an earlier one as its default is fine', () => {
    const files = programFiles('wi-hear').map((f) =>
      f.path === P('wi-hear')
        ? {
            ...f,
            text: f.text.replace(
              'applies_if: { "==": [{ var: provide_homeowner_details.renter_or_owner }, renter] }\n  # Stage 3',
              'applies_if: { "==": [{ var: [review_income_qualification.income_level, { var: provide_income_estimate.income_level }] }, below_ami_80] }\n  # Stage 3',
            ),
          }
        : f,
    );
    expect(loadFiles(files).diagnostics.filter((d) => d.code === 'reads-later-stage')).toEqual([]);
  });

  it('the programs used here have none of these mistakes', () => {
    for (const program of ['wi-hear', 'ca-tech', '3c-ren', '3ce'])
      expect(loadFiles(programFiles(program)).diagnostics.filter((d) => CODES.includes(d.code))).toEqual([]);
  });
});
