/**
 * After every evaluation of a job (the workflow's afterEvaluation, in the write's transaction): once the job reaches a
 * quality review's point (program.yaml `quality:`), the review's sampling decision is taken and stored, once, with
 * what it was derived from (the contractor's standing and earlier jobs, the rebate, the measures) and the sentence
 * that explains it (engine/quality.ts), and the job's history says so. A decision is never taken again: a later
 * change of the rule or of the job does not resample it.
 */

import { sampleJob, type QualityReviewDef } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import type { EvaluatedJob } from '../types.ts';
import * as db from './quality.db.ts';

/** Whether the job has reached the review's point. */
function reached(review: QualityReviewDef, e: EvaluatedJob): boolean {
  const w = review.when;
  return w.stage_reached !== undefined
    ? e.ev.stage.number >= w.stage_reached
    : e.ev.tasks.some((t) => t.id === w.task_completed && t.status === 'COMPLETE');
}

/** Takes the decisions of the reviews the job has reached and has none for. */
export async function decideQuality(deps: Deps, e: EvaluatedJob): Promise<void> {
  const quality = e.program.quality;
  if (!quality || e.row.is_canceled) return;
  const due = quality.reviews.filter((r) => reached(r, e));
  // Before its first review's point a job asks nothing: no query on most evaluations.
  if (due.length === 0) return;
  const taken = new Set((await db.decisionsOf(deps.db, e.row.id)).map((d) => d.review_id));
  const job = e.row;
  const incentive = e.ev.incentive;
  const rebate = incentive.final_cents ?? incentive.range.max_cents;
  const measures = incentive.lines.filter((l) => l.kind === 'measure').map((l) => l.id);
  for (const review of due.filter((r) => !taken.has(r.id))) {
    const standing = await db.standingOf(deps.db, job.contractor_id, job.program_id);
    const earlier = await db.decidedCount(deps.db, job.contractor_id, job.program_id, review.id);
    const d = sampleJob(quality.seed, review, {
      job_code: job.code,
      standing,
      earlier_jobs: earlier,
      rebate_cents: rebate,
      measures,
    });
    const at = deps.now().toISOString();
    const stored = await db.insertDecision(deps.db, {
      job_id: job.id,
      contractor_id: job.contractor_id,
      program_id: job.program_id,
      review_id: review.id,
      kind: review.kind,
      sampled: d.sampled ? 1 : 0,
      reason: d.reason,
      explanation: d.explanation,
      draw: d.draw ?? null,
      standing,
      earlier_jobs: earlier,
      decided_at: at,
    });
    if (!stored) continue;
    await addHistory(deps.db, {
      job_id: job.id,
      type: d.sampled ? 'quality_sampled' : 'quality_not_sampled',
      user_id: null,
      at,
      detail: { review: review.label, explanation: d.explanation },
    });
  }
}
