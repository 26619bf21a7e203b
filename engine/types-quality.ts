/**
 * A program's quality assurance as compiled from program.yaml `quality:` (issue 43): which jobs a desk review or a
 * field inspection samples, how a contractor's standing moves with the outcomes, and how long a corrective action
 * may take. A leaf like types-base.ts; re-exported by types.ts.
 */

import type { RuleBase, SourceRange } from './types-base.ts';

/** Days a sampled review is due within when its program does not say. */
export const DEFAULT_REVIEW_DUE_DAYS = 14;

/** The kinds of review: at the desk (photos, invoice, equipment beside a checklist) or on site. */
export const QUALITY_REVIEW_KINDS = ['desk_review', 'field_inspection'] as const;
/** A kind of review. */
export type QualityReviewKind = (typeof QUALITY_REVIEW_KINDS)[number];

/**
 * A contractor's standing in a program: provisional until it passed enough inspections, then full; on probation after
 * too many failures; suspended (no new jobs in the program).
 */
export const CONTRACTOR_STANDINGS = ['provisional', 'full', 'probation', 'suspended'] as const;
/** A contractor's standing in a program. */
export type ContractorStanding = (typeof CONTRACTOR_STANDINGS)[number];

/** Who a review samples; a job is sampled when any clause takes it. */
export interface QualitySample {
  /** Every job of a contractor's first N jobs of the program that reach the review's point. */
  first_jobs?: number;
  /** After those, a random share (0..1), drawn from the program's seed, the review and the job's code. */
  share?: number;
  /** Every job while the contractor's standing is one of these. */
  every_job_while?: ContractorStanding[];
  /** Every job whose rebate is above this many cents. */
  above_cents?: number;
  /** Every job with a line for one of these incentive measures. */
  measures?: string[];
}

/** One review of the program. */
export interface QualityReviewDef {
  id: string;
  kind: QualityReviewKind;
  label: string;
  /** Days from the sampling decision within which the review is due (the inspection queue's due date). */
  due_days: number;
  /** The point where the decision is taken, once: a task completed or a stage reached (exactly one is set). */
  when: { task_completed?: string; stage_reached?: number };
  sample: QualitySample;
  /** The checklist forms the reviewer fills in (task-schemas/): each for every job, or for jobs with these measures. */
  checklists: QualityChecklist[];
  /** When it holds payment approval: after a failure until its action closes, or also while no outcome is recorded. */
  holds_payment: 'failed' | 'open_or_failed';
  source: SourceRange;
}

/** A review's checklist: a form, for every job or only for jobs with a line for one of `measures`. */
export interface QualityChecklist {
  form: string;
  measures?: string[];
}

/** The options of a checklist item (task-schemas/_shared/definitions.yaml `checklist_item`). */
export const CHECKLIST_RESULTS = ['pass', 'minor', 'fail'] as const;
/** One item's result: passed, passed with minor issues, failed. */
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

/** How standing moves with outcomes (each passed or failed review, oldest first). */
export interface StandingRules {
  /** Passed reviews that take a provisional contractor to full standing. */
  full_after_passes: number;
  /** Failures among the last `of_last` outcomes that put a contractor on probation. */
  probation_after: { failures: number; of_last: number };
  /** Failures among the last `of_last` outcomes that suspend a contractor, when the program suspends. */
  suspend_after?: { failures: number; of_last: number };
  /** Passes in a row that end a probation (back to full). */
  reinstate_after_passes: number;
}

/** A compiled `quality:` block. */
export interface QualityDef {
  /** The program's sampling seed: with the review and the job's code, it decides a random share, reproducibly. */
  seed: string;
  reviews: QualityReviewDef[];
  standing: StandingRules;
  /** Days a contractor has to answer a corrective action request. */
  corrective_action_days: number;
  /** The day the installation was completed (YYYY-MM-DD, null while unknown): photos taken before it are flagged. */
  installed_on?: RuleBase;
  source: SourceRange;
}
