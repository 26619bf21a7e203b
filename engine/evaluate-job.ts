/** evaluateJob: everything the engine says about a job, in one pure call. */

import { evaluateEligibility } from './eligibility.ts';
import { buildFacts } from './facts.ts';
import { evaluateIncentive } from './incentives.ts';
import { deriveStage } from './stages.ts';
import { evaluateTasks } from './tasks.ts';
import type { Facts } from './facts.ts';
import type { EvalContext, JobEvaluation, JobInput, Program } from './types.ts';

/**
 * Evaluates a job and gives the facts it was evaluated on, so a caller that also validates a form
 * (a submission) validates it against exactly these facts, without building them a second time.
 */
export function evaluateJobWithFacts(
  program: Program,
  job: JobInput,
  ctx: EvalContext,
): { facts: Facts; evaluation: JobEvaluation } {
  const facts = buildFacts(program, job, ctx);
  const eligibility = evaluateEligibility(program, facts, ctx);
  const { tasks, skipped } = evaluateTasks(program, job, facts, ctx);
  const stage = deriveStage(program, tasks, ctx);
  const incentive = evaluateIncentive(program, facts, ctx, job.household);
  return {
    facts,
    evaluation: {
      program: program.id,
      program_hash: program.hash,
      stage,
      eligibility,
      tasks,
      skipped_tasks: skipped,
      incentive,
    },
  };
}

/** Evaluates a job under a program: stage, eligibility with reasons, tasks, incentive. */
export function evaluateJob(program: Program, job: JobInput, ctx: EvalContext): JobEvaluation {
  return evaluateJobWithFacts(program, job, ctx).evaluation;
}
