import { describe, expect, it } from 'vitest';
import { evaluateJob } from './evaluate-job.ts';
import { demoProgram, loadDemo } from './testing/fixtures.ts';
import type { TaskState } from './types.ts';

const ctx = { today: '2026-06-01', explain: true };
const site = { state: 'CA', county: 'Alameda' };
const done = (...ids: string[]): Record<string, TaskState> =>
  Object.fromEntries(ids.map((id) => [id, { status: 'COMPLETE' }]));

describe('stage derivation, reading A (six stages)', () => {
  const program = demoProgram('six_stage');
  const stage = (tasks: Record<string, TaskState>) => evaluateJob(program, { site, tasks }, ctx).stage;
  it.each([
    [[], 2, 'Draft', 'Apply', 'submit rebate'],
    [['income', 'services'], 3, 'Pending review', 'Review', 'waiting on review'],
    [['income', 'services', 'review'], 4, 'Ready for install', 'Install', 'submit final rebate'],
    [['income', 'services', 'review', 'dates', 'costs', 'panel_photos'], 5, 'Pending enrollment', 'Enroll', 'waiting'],
    [
      ['income', 'services', 'review', 'dates', 'costs', 'panel_photos', 'send_payment'],
      6,
      'Complete',
      'Pay',
      'waiting',
    ],
  ] as const)('with %j complete: stage %i %s, tab %s', (complete, number, label, tab, action) => {
    const s = stage(done(...complete));
    expect(s).toMatchObject({ model: 'six_stage', number, label, tab, contractor_action: action });
  });
  it('shows the progress pairs: done stages by their past form, the rest by their present form', () => {
    const s = stage(done('income', 'services'));
    expect(s.progress.map((p) => [p.progress_label, p.state])).toEqual([
      ['Created', 'done'],
      ['Submitted', 'done'],
      ['Pending review', 'current'],
      ['Install ready', 'upcoming'],
      ['Pending enrollment', 'upcoming'],
      ['Complete', 'upcoming'],
    ]);
    expect(s.explanation).toBe('stage 3 (Pending review), because task review of stage 3 is READY');
  });
  it('a completed job reads Completed', () => {
    const s = stage(done('income', 'services', 'review', 'dates', 'costs', 'panel_photos', 'send_payment'));
    expect(s.progress.at(-1)).toMatchObject({ progress_label: 'Completed', state: 'done' });
  });
});

describe('stage derivation, reading B (seven stages)', () => {
  const program = demoProgram('seven_stage');
  const stage = (tasks: Record<string, TaskState>) => evaluateJob(program, { site, tasks }, ctx).stage;
  it.each([
    [[], 2, 'Submit the rebate', 'Apply', 'submit rebate'],
    [['income', 'services'], 3, 'Review rebate submission', 'Review', 'waiting on review'],
    [['income', 'services', 'review'], 4, 'Upload final docs', 'Install', 'submit final rebate'],
    [
      ['income', 'services', 'review', 'dates', 'costs', 'panel_photos'],
      5,
      'Review final rebate submission',
      'Enroll',
      'waiting',
    ],
    [
      ['income', 'services', 'review', 'dates', 'costs', 'panel_photos', 'send_payment'],
      7,
      'Completed',
      'Pay',
      'completed',
    ],
  ] as const)('with %j complete: stage %i %s, tab %s', (complete, number, label, tab, action) => {
    expect(stage(done(...complete))).toMatchObject({
      model: 'seven_stage',
      number,
      label,
      tab,
      contractor_action: action,
    });
  });
  it('stage 1 is Create Job with the contractor action create job', () => {
    expect(program.stage_model.stages[0]).toMatchObject({
      number: 1,
      label: 'Create Job',
      tab: 'Apply',
      contractor_action: 'create job',
    });
    expect(program.stage_model.stages[5]).toMatchObject({
      number: 6,
      label: 'Send payment',
      tab: 'Pay',
      contractor_action: 'waiting',
    });
  });
});

describe('a task in the last stage', () => {
  const program = loadDemo({ edit: (t) => t.replace('form: payment_form, stage: 5', 'form: payment_form, stage: 6') })
    .programs.demo;
  const all = ['income', 'services', 'review', 'dates', 'costs', 'panel_photos'];
  it('keeps the last stage current, not done, while it is open', () => {
    const s = evaluateJob(program, { site, tasks: done(...all) }, ctx).stage;
    expect(s.number).toBe(6);
    expect(s.progress.at(-1)).toMatchObject({ state: 'current', progress_label: 'Complete' });
    expect(s.explanation).toBe('stage 6 (Complete), because task send_payment of stage 6 is READY');
  });
  it('marks it done once that task is complete', () => {
    const s = evaluateJob(program, { site, tasks: done(...all, 'send_payment') }, ctx).stage;
    expect(s.progress.at(-1)).toMatchObject({ state: 'done', progress_label: 'Completed' });
  });
  it('shares the precomputed stage results between evaluations, frozen', () => {
    const a = evaluateJob(program, { site, tasks: {} }, { today: '2026-06-01' }).stage;
    const b = evaluateJob(program, { site, tasks: {} }, { today: '2026-06-01' }).stage;
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });
});
