/** evaluateJob: everything the engine says about a job, in one pure call. */

import { evaluateEligibility } from './eligibility.ts';
import { buildFacts } from './facts.ts';
import { evaluateIncentive } from './incentives.ts';
import { deriveStage } from './stages.ts';
import { evaluateTasks } from './tasks.ts';
import type { EvalContext, JobEvaluation, JobInput, Program } from './types.ts';

/** Evaluates a job under a program: stage, eligibility with reasons, tasks, incentive. */
export function evaluateJob(program: Program, job: JobInput, ctx: EvalContext): JobEvaluation {
  const facts = buildFacts(program, job, ctx);
  const eligibility = evaluateEligibility(program, facts, ctx);
  const { tasks, skipped } = evaluateTasks(program, job, facts, ctx);
  const stage = deriveStage(program, tasks, ctx);
  const incentive = evaluateIncentive(program, facts, ctx);
  return { program: program.id, program_hash: program.hash, stage, eligibility, tasks, skipped_tasks: skipped, incentive };
}
