/**
 * Quality assurance (program.yaml `quality:`, issue 43): whether a review samples a job, and how a contractor's
 * standing moves with the outcomes of its reviews. Pure and deterministic: a decision is derived from the job, the
 * rule and the program's seed alone, so it can be recomputed and shown, on the server and in the browser.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { formatCents } from './explain.ts';
import type { ContractorStanding, QualityReviewDef, StandingRules } from './types-quality.ts';

/** What a sampling decision reads of the job and its contractor when the job reaches the review's point. */
export interface SampleInput {
  /** The job's code (what the random draw is keyed by). */
  job_code: string;
  /** The contractor's standing in the program at that moment. */
  standing: ContractorStanding;
  /** How many of the contractor's jobs of the program reached this review's point before this one. */
  earlier_jobs: number;
  /** The job's rebate (final, else the top of its range); null when unknown. */
  rebate_cents: number | null;
  /** The incentive measures the job has a line for. */
  measures: string[];
}

/** Why a job was (or was not) sampled. */
export type SampleReason = 'standing' | 'first_jobs' | 'amount' | 'measure' | 'share' | 'not_sampled';

/** A review's decision for one job, with what it was derived from and the sentence that explains it. */
export interface SampleDecision {
  review: string;
  sampled: boolean;
  reason: SampleReason;
  /** The job's draw in [0, 1) (compared with the share), when the review samples a share. */
  draw?: number;
  explanation: string;
}

const STANDING_WORDS: Record<ContractorStanding, string> = {
  provisional: 'provisional',
  full: 'in full standing',
  probation: 'on probation',
  suspended: 'suspended',
};

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The job's draw for a review: the first 52 bits of sha256(seed, review, job code) as a number in [0, 1). The same
 * inputs always give the same draw; a different seed, review or job gives an independent one.
 */
export function qualityDraw(seed: string, review: string, jobCode: string): number {
  const hex = bytesToHex(sha256(utf8ToBytes(`${seed}\u0000${review}\u0000${jobCode}`))).slice(0, 13);
  return parseInt(hex, 16) / 2 ** 52;
}

/**
 * Whether the review samples the job, and why. The clauses in order: the contractor's standing, its first jobs, the
 * rebate's size, a named measure, then the random share; the first that takes the job decides.
 */
export function sampleJob(seed: string, review: QualityReviewDef, job: SampleInput): SampleDecision {
  const s = review.sample;
  const decided = (reason: SampleReason, explanation: string, draw?: number): SampleDecision => ({
    review: review.id,
    sampled: reason !== 'not_sampled',
    reason,
    ...(draw === undefined ? {} : { draw }),
    explanation,
  });
  if (s.every_job_while?.includes(job.standing))
    return decided('standing', `Sampled: the contractor is ${STANDING_WORDS[job.standing]}, so every job is checked.`);
  if (s.first_jobs && job.earlier_jobs < s.first_jobs)
    return decided(
      'first_jobs',
      `Sampled: the contractor is ${STANDING_WORDS[job.standing]}; this is job ${job.earlier_jobs + 1} of its first ` +
        `${s.first_jobs}, all of which are checked.`,
    );
  if (s.above_cents !== undefined && job.rebate_cents !== null && job.rebate_cents > s.above_cents)
    return decided(
      'amount',
      `Sampled: the rebate of $${formatCents(job.rebate_cents)} is above $${formatCents(s.above_cents)}.`,
    );
  const measure = s.measures?.find((m) => job.measures.includes(m));
  if (measure) return decided('measure', `Sampled: every job with the measure '${measure}' is checked.`);
  if (s.share !== undefined && s.share >= 1) return decided('share', 'Sampled: every job of the program is checked.');
  if (s.share) {
    const draw = qualityDraw(seed, review.id, job.job_code);
    const shown = draw.toFixed(3);
    return draw < s.share
      ? decided('share', `Sampled at random: its draw ${shown} is under the ${percent(s.share)} share.`, draw)
      : decided('not_sampled', `Not sampled: its draw ${shown} is not under the ${percent(s.share)} share.`, draw);
  }
  return decided('not_sampled', 'Not sampled: no clause of the review takes this job.');
}

/** A review's outcome as standing reads it. */
export type ReviewOutcome = 'pass' | 'fail';

/** A standing and the sentence that gives its cause (undefined cause: unchanged). */
export interface StandingChange {
  standing: ContractorStanding;
  cause?: string;
}

const failuresIn = (outcomes: ReviewOutcome[], last: number) =>
  outcomes.slice(-last).filter((o) => o === 'fail').length;
const passesInARow = (outcomes: ReviewOutcome[]) => {
  let n = 0;
  for (let i = outcomes.length - 1; i >= 0 && outcomes[i] === 'pass'; i--) n++;
  return n;
};

/**
 * The standing after the outcomes (every review of the contractor in the program, oldest first, the newest last),
 * from the standing before the newest one. A failure is read first: suspension or probation when it brings the
 * failures among the last few outcomes to the rule's count; a provisional contractor reaches full standing after
 * enough passes in all; probation ends after enough passes in a row. A suspended contractor stays suspended until ops
 * lift it by hand.
 */
export function nextStanding(
  rules: StandingRules,
  current: ContractorStanding,
  outcomes: ReviewOutcome[],
): StandingChange {
  if (current === 'suspended') return { standing: current };
  // Only a failure lowers a standing: the failures it completes among the last few outcomes, not ones a probation
  // already answered for.
  const failed = outcomes.at(-1) === 'fail';
  const s = rules.suspend_after;
  const failing = (rule: { failures: number; of_last: number }) =>
    `${failuresIn(outcomes, rule.of_last)} of the last ${Math.min(rule.of_last, outcomes.length)} reviews failed`;
  if (failed && s && failuresIn(outcomes, s.of_last) >= s.failures)
    return { standing: 'suspended', cause: `${failing(s)} (suspended at ${s.failures}).` };
  const p = rules.probation_after;
  if (failed && current !== 'probation' && failuresIn(outcomes, p.of_last) >= p.failures)
    return { standing: 'probation', cause: `${failing(p)} (probation at ${p.failures}).` };
  if (current === 'provisional') {
    const passes = outcomes.filter((o) => o === 'pass').length;
    if (passes >= rules.full_after_passes)
      return { standing: 'full', cause: `${passes} reviews passed (full standing at ${rules.full_after_passes}).` };
  }
  if (current === 'probation' && passesInARow(outcomes) >= rules.reinstate_after_passes)
    return {
      standing: 'full',
      cause: `${passesInARow(outcomes)} reviews in a row passed (probation ends at ${rules.reinstate_after_passes}).`,
    };
  return { standing: current };
}
