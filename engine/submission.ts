/**
 * When a job counts as submitted, and the gate an ineligible job meets there: the stage marked
 * `submits: true` in stage-models.yaml is the submit stage; a job past it is submitted; an ineligible
 * job may not pass it, nor be worked beyond it (unless ops let it go on: the eligibility override, with a reason).
 */

import type { JobEvaluation, Program, TaskResult } from './types.ts';

/** Messages of the submission gate. */
export const SUBMISSION_MESSAGES = {
  ineligible: 'This job is ineligible and cannot be submitted.',
} as const;

/** The number of the stage whose completion submits the rebate (Infinity when a model marks none). */
export function submitStageOf(program: Program): number {
  return program.stage_model.stages.find((s) => s.submits)?.number ?? Infinity;
}

/** Whether a job, as evaluated, is past the submit stage (its rebate submitted). */
export function isPastSubmit(program: Program, ev: Pick<JobEvaluation, 'stage'>): boolean {
  return ev.stage.number > submitStageOf(program);
}

/** Whether a task waits on someone (its owner must act): READY or IN_PROGRESS. */
export function isOpenTask(t: Pick<TaskResult, 'status'>): boolean {
  return t.status === 'READY' || t.status === 'IN_PROGRESS';
}

/**
 * The gate on completing a task of `taskStage`, given the job as it would be after: the refusal's
 * message, or null when it may pass. An ineligible job may correct its submit-stage answers, but not
 * move past the submit stage or complete work of a later one; `overridden` (the job's eligibility override) lifts
 * the gate.
 */
export function submissionRefusal(
  program: Program,
  taskStage: number,
  after: Pick<JobEvaluation, 'stage' | 'eligibility'>,
  overridden: boolean,
): string | null {
  if (overridden || after.eligibility.status !== 'ineligible') return null;
  const submit = submitStageOf(program);
  return taskStage > submit || after.stage.number > submit ? SUBMISSION_MESSAGES.ineligible : null;
}
