/**
 * program.yaml `quality:` (issue 43): each mistake in the block is reported at its line and column with its code (what
 * `rebate validate` prints), and the ten programs' quality rules compile, each unknown rate marked as an assumption.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './load-repo.ts';
import { expectRow, loadFiles, P, programFiles } from './support/lint-rows.ts';

const load = loadFiles;

/** A row: replace `from` by `to` in the program's file; expect `code` where `at` first appears after `quality:`. */
const ROWS = [
  {
    name: 'a misspelt key',
    program: 'reco',
    from: '        first_jobs: 3\n        share: 0.1',
    to: '        firstjobs: 3\n        share: 0.1',
    code: 'schema-additionalProperties',
    at: 'firstjobs',
  },
  {
    name: 'a rate above 1',
    program: 'pce',
    from: 'share: 0.2',
    to: 'share: 1.5',
    code: 'schema-maximum',
    at: '1.5',
  },
  {
    name: 'a negative rate',
    program: 'udve',
    from: 'share: 0.1',
    to: 'share: -0.1',
    code: 'schema-minimum',
    at: '-0.1',
  },
  {
    name: 'a standing the portal does not know',
    program: 'hiasp',
    from: 'every_job_while: [probation]\n    # assumption: a field',
    to: 'every_job_while: [on_notice]\n    # assumption: a field',
    code: 'schema-enum',
    at: 'on_notice',
  },
  {
    name: 'a kind of review the portal does not know',
    program: 'ca-tech',
    from: 'kind: field_inspection',
    to: 'kind: phone_survey',
    code: 'schema-enum',
    at: 'phone_survey',
  },
  {
    name: 'a measure the incentives do not have',
    program: 'udve',
    from: 'measures: [insulation]\n  # assumption: provisional',
    to: 'measures: [insulaton]\n  # assumption: provisional',
    code: 'quality-unknown-measure',
    at: 'insulaton',
  },
  {
    name: 'a stage past the model',
    program: 'ga-hear',
    from: '          measures: [heat_pump_water_heater]\n      when: { stage_reached: 5 }',
    to: '          measures: [heat_pump_water_heater]\n      when: { stage_reached: 12 }',
    code: 'unknown-stage',
    at: '12 }',
  },
  {
    name: 'a deciding task the program does not have',
    program: 'wi-hear',
    from: '        - form: qa_desk_review\n      when: { stage_reached: 5 }',
    to: '        - form: qa_desk_review\n      when: { task_completed: upload_final_invoce }',
    code: 'unknown-task',
    at: 'upload_final_invoce',
  },
  {
    name: 'a review without a sample',
    program: '3ce',
    from: '      sample:\n        first_jobs: 3\n        share: 0.2',
    to: '      sampled:\n        first_jobs: 3\n        share: 0.2',
    code: 'schema-additionalProperties',
    at: 'sampled',
  },
  {
    name: 'a checklist form that is not in task-schemas',
    program: 'reco',
    from: '        - form: qa_field_inspection',
    to: '        - form: qa_field_inspecton',
    code: 'quality-unknown-form',
    at: 'qa_field_inspecton',
  },
  {
    name: 'a checklist for a measure the incentives do not have',
    program: 'ca-tech',
    from: '          measures: [heat_pump_water_heater]',
    to: '          measures: [heat_pump_watr_heater]',
    code: 'quality-unknown-measure',
    at: 'heat_pump_watr_heater',
  },
  {
    name: 'a checklist form with no item to pass or fail',
    program: 'wi-hear',
    from: '        - form: qa_desk_review',
    to: '        - form: review_income_qualification',
    code: 'quality-checklist-without-items',
    at: 'review_income_qualification',
  },
  {
    name: 'a review without its checklists',
    program: 'pce',
    from: '      checklists:\n        - form: qa_desk_review',
    to: '      checklist:\n        - form: qa_desk_review',
    code: 'schema-additionalProperties',
    at: 'checklist:',
  },
  {
    name: 'a payment hold that is not one',
    program: 'udve',
    from: '      kind: field_inspection\n',
    to: '      kind: field_inspection\n      holds_payment: always\n',
    code: 'schema-enum',
    at: 'always',
  },
  {
    name: 'an install date read from a field no form has',
    program: 'ga-hear',
    from: 'installed_on: { var: confirm_install_dates.install_completion_date }',
    to: 'installed_on: { var: confirm_install_dates.install_completed_on }',
    code: 'unknown-fact',
    at: 'confirm_install_dates.install_completed_on',
  },
  {
    name: 'an install date by an operation that does not exist',
    program: 'hiasp',
    from: 'installed_on: { var: confirm_install_dates.install_completion_date }',
    to: 'installed_on: { latest_of: [{ var: confirm_install_dates.install_completion_date }] }',
    code: 'unknown-operation',
    at: 'latest_of',
  },
] as const;

describe('quality: mistakes at their lines', () => {
  it.each(ROWS)('$name: $code', (row) => {
    expectRow({ ...row, at: { text: row.at, after: 'quality:' } });
  });
});

describe('the programs quality rules', () => {
  const ids = readdirSync(join(ROOT, 'program-defs')).filter((d) => !d.startsWith('_'));

  it('every program compiles its quality rules without an error, with the standing and deadline its file says', () => {
    expect(ids).toHaveLength(10);
    for (const id of ids) {
      const { programs, diagnostics } = load(programFiles(id));
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const q = programs[id].quality!;
      expect(q.standing, id).toEqual({
        full_after_passes: 3,
        probation_after: { failures: 2, of_last: 10 },
        suspend_after: { failures: 4, of_last: 10 },
        reinstate_after_passes: 3,
      });
      expect(q.corrective_action_days, id).toBe(14);
    }
  });

  it('CA TECH reviews every claim at the desk and inspects 5% of sites', () => {
    const q = load(programFiles('ca-tech')).programs['ca-tech'].quality!;
    expect(q.reviews.map((r) => [r.id, r.label, r.sample.share])).toEqual([
      ['desk_review', 'Desk review', 1],
      ['field_inspection', 'Field inspection', 0.05],
    ]);
  });

  it('a rate the program does not state is marked as an assumption in every program file', () => {
    for (const id of ids) {
      const text = readFileSync(join(ROOT, P(id)), 'utf8');
      const block = text.slice(text.indexOf('\nquality:'));
      expect(block, id).toMatch(/# assumption: .*\n(.*\n)*? {4}field_inspection:/);
      expect(block, id).toMatch(/# assumption: .*\n(.*\n)*? {2}standing:/);
    }
  });
});
