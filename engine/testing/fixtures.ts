/** Test fixtures: a small program over the real shared definitions (imported as text, so tests run the same in a
 * browser). */

import stageModels from '../../program-defs/_shared/stage-models.yaml?raw';
import reasons from '../../program-defs/_shared/ineligibility-reasons.yaml?raw';
import constants from '../../program-defs/_shared/constants.yaml?raw';
import eligibilityRules from '../../program-defs/_shared/eligibility-rules.yaml?raw';
import rules from '../../program-defs/_shared/rules.yaml?raw';
import { loadDefinitions } from '../load/load-definitions.ts';
import type { Program, SourceFile } from '../types.ts';

/** The real shared files. */
export const SHARED_FILES: SourceFile[] = [
  { path: 'program-defs/_shared/stage-models.yaml', text: stageModels },
  { path: 'program-defs/_shared/ineligibility-reasons.yaml', text: reasons },
  { path: 'program-defs/_shared/constants.yaml', text: constants },
  { path: 'program-defs/_shared/eligibility-rules.yaml', text: eligibilityRules },
  { path: 'program-defs/_shared/rules.yaml', text: rules },
];

/** A small program: three tasks in a chain, one stage-3 task, eligibility, a capped measure. */
export const DEMO_PROGRAM = `id: demo
name: DEMO
stage_model: STAGE_MODEL
active: true
accept_submissions: { from: "2025-01-01", until: "2026-12-31" }
service_area: { states: [CA], counties: [Alameda], zip_codes: ["94110"] }
constants:
  cost_share_percent: 50
eligibility:
  - use: ops_override
  - use: outside_eligible_area
  - id: income_check
    reason: income_too_high
    ineligible_if: { "==": [{ var: income.income_level }, above_ami_150] }
  - id: broken_date
    reason: install_date_outside_period
    ineligible_if: { ">": [{ days_between: [{ var: dates.install_start_date }, { var: derived.today }] }, 30] }
    needs: []
tasks:
  - { id: income, form: income_form, stage: 2, owner: homeowner }
  - { id: services, form: services_form, stage: 2, owner: contractor }
  - { id: review, form: review_form, stage: 3, owner: ops, after: [income] }
  - { id: dates, form: dates_form, stage: 4, owner: contractor, after: [review] }
  - id: panel_photos
    form: photos_form
    stage: 4
    owner: contractor
    applies_if: { in: [panel, { var: services.services_being_installed }] }
  - { id: costs, form: costs_form, stage: 4, owner: contractor, after: [dates] }
  - { id: send_payment, form: payment_form, stage: 5, owner: finance }
incentives:
  final_when: { "==": [{ var: task_status.costs }, COMPLETE] }
  payment: { task: send_payment, amount_field: payment_amount, date_field: payment_sent_date }
  invoice_split: true
  caps: { heat_pump: 800000 }
  percent_cap: { id: seventy_five_percent, label: Capped at 75% of project cost, percent: 75, of: { var: costs.total_project_cost } }
  minimum: { id: minimum_rebate, label: Minimum rebate, amount_cents: 50000, when: { "<": [{ var: costs.savings_kwh }, 1000] } }
  measures:
    heat_pump:
      label: Heat pump
      applies_if: { in: [heat_pump, { var: services.services_being_installed }] }
      amount: { percent_of: [{ var: costs.heat_pump_cost }, { var: constants.cost_share_percent }] }
      estimate: { min: 100000, max: { cents: [{ var: services.estimated_total_project_cost }] } }
rules:
  - id: heat_pump_cost_positive
    task: costs
    field: heat_pump_cost
    valid_if: { ">": [{ var: costs.heat_pump_cost }, 0] }
    message: Please enter a valid number
  - { use: final_invoice_signed, task: costs }
`;

/** Minimal forms for the demo program's tasks. */
export const DEMO_FORMS: SourceFile[] = [
  ['income_form', ['income_level']],
  ['services_form', ['services_being_installed', 'estimated_total_project_cost']],
  ['review_form', ['income_level']],
  ['dates_form', ['install_start_date', 'install_completion_date']],
  ['photos_form', ['photos']],
  ['costs_form', ['heat_pump_cost', 'total_project_cost', 'savings_kwh', 'signed_by_homeowner']],
  ['payment_form', ['payment_amount', 'payment_sent_date']],
].map(([key, fields]) => ({
  path: `task-schemas/${key}/form.yaml`,
  text: `key: ${key}\ntitle: ${key}\nschema:\n  type: object\n  properties:\n${(fields as string[]).map((f) => `    ${f}: {}`).join('\n')}\n`,
}));

/** Loads the demo program (with a stage model of choice and optional text edits). */
export function loadDemo(
  opts: { stageModel?: 'six_stage' | 'seven_stage'; edit?: (text: string) => string; forms?: boolean } = {},
) {
  const text = (opts.edit ?? ((t) => t))(DEMO_PROGRAM.replace('STAGE_MODEL', opts.stageModel ?? 'six_stage'));
  return loadDefinitions([
    ...SHARED_FILES,
    ...(opts.forms === false ? [] : DEMO_FORMS),
    { path: 'program-defs/demo/program.yaml', text },
  ]);
}

/** The demo program, loaded without errors. */
export function demoProgram(stageModel: 'six_stage' | 'seven_stage' = 'six_stage'): Program {
  const defs = loadDemo({ stageModel });
  const errors = defs.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(errors.map((d) => `${d.range.line}:${d.range.col} ${d.message}`).join('\n'));
  return defs.programs.demo;
}

/** The demo program over the shared files, with the stage-models text edited. */
export function loadDefinitionsWith(editStageModels: (text: string) => string) {
  const shared = SHARED_FILES.map((f) =>
    f.path.endsWith('stage-models.yaml') ? { ...f, text: editStageModels(f.text) } : f,
  );
  return loadDefinitions([
    ...shared,
    ...DEMO_FORMS,
    { path: 'program-defs/demo/program.yaml', text: DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage') },
  ]);
}
