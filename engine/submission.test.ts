import { describe, expect, it } from 'vitest';
import { evaluateJob } from './evaluate-job.ts';
import { isOpenTask, isPastSubmit, submissionRefusal, submitStageOf, SUBMISSION_MESSAGES } from './submission.ts';
import { demoProgram, loadDefinitionsWith } from './testing/fixtures.ts';

const ctx = { today: '2026-06-01' };
const site = { state: 'CA', county: 'Alameda' };

describe('the submit stage, as marked in stage-models.yaml', () => {
  it.each(['six_stage', 'seven_stage'] as const)('%s: stage 2 submits', (model) => {
    expect(submitStageOf(demoProgram(model))).toBe(2);
  });

  it('a job is past it once its submit-stage tasks are complete', () => {
    const program = demoProgram('six_stage');
    expect(isPastSubmit(program, evaluateJob(program, { site, tasks: {} }, ctx))).toBe(false);
    expect(
      isPastSubmit(
        program,
        evaluateJob(
          program,
          { site, tasks: { income: { status: 'COMPLETE' }, services: { status: 'COMPLETE' } } },
          ctx,
        ),
      ),
    ).toBe(true);
  });

  it('a model that marks no stage, or two, is an error of the definitions', () => {
    for (const [edit, n] of [
      [(t: string) => t.replace(/, submits: true/g, ''), 0],
      [
        (t: string) =>
          t.replace('contractor_action: waiting on review }', 'contractor_action: waiting on review, submits: true }'),
        2,
      ],
    ] as const) {
      const defs = loadDefinitionsWith(edit);
      const d = defs.diagnostics.find((x) => x.code === 'stage-model-submit');
      expect(d?.message).toContain(n ? "'submits: true' too" : "marks no stage 'submits: true'");
    }
  });
});

describe('the submission gate', () => {
  const program = demoProgram('six_stage');
  const ineligible = { stage: { number: 3 }, eligibility: { status: 'ineligible' } } as Parameters<
    typeof submissionRefusal
  >[2];
  it('refuses an ineligible job moving past the submit stage, or work of a later stage', () => {
    expect(submissionRefusal(program, 2, ineligible, false)).toBe(SUBMISSION_MESSAGES.ineligible);
    expect(submissionRefusal(program, 4, { ...ineligible, stage: { number: 2 } } as typeof ineligible, false)).toBe(
      SUBMISSION_MESSAGES.ineligible,
    );
  });
  it('lets an ineligible job correct its submit-stage answers while it stays there', () => {
    expect(
      submissionRefusal(program, 2, { ...ineligible, stage: { number: 2 } } as typeof ineligible, false),
    ).toBeNull();
  });
  it('lets an eligible job, or someone who may override eligibility, pass', () => {
    expect(
      submissionRefusal(program, 2, { ...ineligible, eligibility: { status: 'eligible' } } as typeof ineligible, false),
    ).toBeNull();
    expect(submissionRefusal(program, 4, ineligible, true)).toBeNull();
  });
});

describe('open tasks', () => {
  it.each([
    ['READY', true],
    ['IN_PROGRESS', true],
    ['LOCKED', false],
    ['COMPLETE', false],
  ] as const)('%s: %s', (status, open) => {
    expect(isOpenTask({ status })).toBe(open);
  });
});
