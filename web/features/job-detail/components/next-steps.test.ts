/**
 * The job page's next steps: the viewer's open tasks in order, and who the job waits on otherwise; the
 * one tag each stage of Program progress shows.
 */

import { describe, expect, it } from 'vitest';
import type { JobTask } from '../api/get-job.ts';
import { stageTag } from './job-text.ts';
import { NEXT_STEP_MESSAGES, signingWaits, tabOfTask, waitingSentence, yourSteps } from './next-steps.ts';

type T = Pick<JobTask, 'id' | 'title' | 'stage' | 'status' | 'owner' | 'can_edit' | 'exceptions'>;
const task = (
  id: string,
  stage: number,
  owner: JobTask['owner'],
  status: JobTask['status'] = 'READY',
  can_edit = owner === 'contractor',
): T => ({
  id,
  title: id.replace(/_/g, ' '),
  stage,
  status,
  owner,
  can_edit,
  exceptions: { contractor: false, ops: false },
});

// A WI HEAR-like job just created: the homeowner's tasks the contractor may fill in, the contractor's own,
// a locked one, and the review stage's ops tasks.
const NEW_JOB: T[] = [
  task('review_income', 3, 'ops', 'LOCKED', true),
  task('provide_homeowner_details', 2, 'homeowner', 'READY', true),
  task('apply_for_income_verification', 2, 'homeowner', 'READY', false),
  task('provide_site_details', 2, 'contractor', 'IN_PROGRESS'),
  task('scope_of_work', 2, 'contractor', 'LOCKED'),
  task('provide_services', 2, 'contractor'),
];

describe('next steps', () => {
  it("a contractor's are the open tasks they may answer, by stage then in the program's order", () => {
    expect(yourSteps(NEW_JOB, 'contractor', true).map((t) => t.id)).toEqual([
      'provide_homeowner_details',
      'provide_site_details',
      'provide_services',
    ]);
  });
  it("a homeowner's are their open tasks; ops' the program side's (not the contractor's, though ops may answer them)", () => {
    const forHomeowner = NEW_JOB.map((t) => ({ ...t, can_edit: t.owner === 'homeowner' }));
    expect(yourSteps(forHomeowner, 'homeowner', true).map((t) => t.id)).toEqual([
      'provide_homeowner_details',
      'apply_for_income_verification',
    ]);
    const review = [
      task('review_income', 3, 'ops', 'READY', true),
      task('approve_payment', 6, 'finance', 'READY', true),
      task('provide_site_details', 2, 'contractor', 'READY', true),
    ];
    expect(yourSteps(review, 'ops', true).map((t) => t.id)).toEqual(['review_income', 'approve_payment']);
  });
  it('a preview (ops as the contractor) shows the open tasks that role owns', () => {
    expect(
      yourSteps(
        NEW_JOB.map((t) => ({ ...t, can_edit: true })),
        'contractor',
        false,
      ).map((t) => t.id),
    ).toEqual(['provide_site_details', 'provide_services']);
  });
  it('a task opens on its form’s tab, or Program progress when its form names none', () => {
    expect(tabOfTask({ section: 'basic' })).toBe('basic');
    expect(tabOfTask({ section: null })).toBe('progress');
  });
  it('with nothing to do, says who the job waits on and for what', () => {
    const submitted = [
      task('provide_services', 2, 'contractor', 'COMPLETE'),
      task('review_income', 3, 'ops'),
      task('determine_rebate', 3, 'ops', 'LOCKED', true),
    ];
    expect(waitingSentence(submitted, 'contractor', true)).toBe(
      'Waiting for the program’s operations team to complete review income.',
    );
    const many = [
      task('a', 2, 'homeowner'),
      task('b', 2, 'homeowner'),
      task('c', 2, 'homeowner'),
      task('d', 2, 'homeowner'),
      task('e', 3, 'finance'),
    ];
    expect(waitingSentence(many, 'contractor', true)).toBe(
      'Waiting for the homeowner to complete a, b and 2 more tasks; and for the program’s finance team to complete e.',
    );
    expect(waitingSentence(many.slice(0, 2), 'contractor', true)).toBe(
      'Waiting for the homeowner to complete a and b.',
    );
    expect(waitingSentence(many.slice(0, 3), 'contractor', true)).toBe(
      'Waiting for the homeowner to complete a, b and 1 more task.',
    );
  });
  it('with no open task, says the job is done, or that the next tasks open later', () => {
    expect(waitingSentence([task('a', 2, 'contractor', 'COMPLETE')], 'contractor', true)).toBe(
      NEXT_STEP_MESSAGES.all_done,
    );
    expect(
      waitingSentence(
        [task('a', 2, 'contractor', 'COMPLETE'), task('b', 4, 'contractor', 'LOCKED')],
        'contractor',
        true,
      ),
    ).toBe(NEXT_STEP_MESSAGES.none_open);
  });
  it('on the homeowner’s page (their own tasks only), with theirs done, says where the job is, not that the job is done', () => {
    const theirs = [task('a', 2, 'homeowner', 'COMPLETE', true)];
    expect(waitingSentence(theirs, 'homeowner', true, { stage: 'Review rebate submission' })).toBe(
      'Nothing for you to do right now. Where your job is: Review rebate submission.',
    );
  });
});

describe('a stage’s one tag in Program progress', () => {
  it('an exception first, then complete, preview, and for the current stage in progress or in review', () => {
    expect(
      stageTag('current', [{ ...task('a', 2, 'contractor'), exceptions: { contractor: true, ops: false } }]).text,
    ).toBe('Exception');
    expect(stageTag('done', [task('a', 2, 'contractor', 'COMPLETE')]).text).toBe('Complete');
    expect(stageTag('upcoming', [task('a', 4, 'contractor', 'LOCKED')]).text).toBe('Preview');
    // A new job: the contractor's and the homeowner's tasks are open: in progress, not also "in review".
    expect(
      stageTag(
        'current',
        NEW_JOB.filter((t) => t.stage === 2),
      ).text,
    ).toBe('In progress');
    expect(stageTag('current', [task('review_income', 3, 'ops')]).text).toBe('In review');
    expect(stageTag('current', []).text).toBe('In review');
  });

  it('an open signing task waits on its next signer, not on its owner (ops never read "the contractor" then)', () => {
    const signing = [task('collect_document_signatures', 4, 'contractor')];
    const waits = signingWaits([
      {
        task_id: 'collect_document_signatures',
        signers: [
          { role: 'homeowner', status: 'pending' },
          { role: 'contractor', status: 'not_attempted' },
        ] as never,
      },
    ]);
    expect(waitingSentence(signing, 'ops', true, undefined, waits)).toBe(
      'Waiting for the homeowner to sign the documents of collect document signatures.',
    );
    // Without documents read yet, the owner as before.
    expect(waitingSentence(signing, 'ops', true)).toBe(
      'Waiting for the contractor to complete collect document signatures.',
    );
  });
});
