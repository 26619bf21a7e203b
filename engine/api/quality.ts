/**
 * Quality assurance on the wire (issue 43): the job detail's `quality`, each review's sampling decision for the job
 * with the sentence that explains it.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { FIELD_MESSAGES } from './schema-parts.ts';

/** The states of a corrective action: waiting on the contractor, answered, waiting on a re-inspection, closed. */
export const CORRECTIVE_ACTION_STATES = ['open', 'answered', 'reinspection', 'closed'] as const;

/** A corrective action a failed review opened: what was found, by when the contractor answers, and how it ended. */
export const CORRECTIVE_ACTION = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'review_id',
    'state',
    'finding',
    'opened_at',
    'due_at',
    'overdue',
    'answer_note',
    'answer_attachments',
    'answered_at',
    'resolution',
    'closed_at',
  ],
  properties: {
    id: { type: 'integer' },
    review_id: { type: 'string' },
    state: { enum: CORRECTIVE_ACTION_STATES },
    /** What the failed review found (its outcome's note). */
    finding: { type: ['string', 'null'] },
    opened_at: { type: 'string' },
    /** The contractor answers by then (the program's corrective_action_days after it opened). */
    due_at: { type: 'string' },
    /** Still open past its deadline. */
    overdue: { type: 'boolean' },
    answer_note: { type: ['string', 'null'] },
    /** The job's attachments (photos) the answer points at. */
    answer_attachments: { type: 'array', items: { type: 'string' } },
    answered_at: { type: ['string', 'null'] },
    /** accepted (ops took the answer) or passed_reinspection; null while not closed. */
    resolution: { enum: ['accepted', 'passed_reinspection', null] },
    closed_at: { type: ['string', 'null'] },
  },
} as const;
export type CorrectiveAction = FromSchema<typeof CORRECTIVE_ACTION>;

/** POST /api/jobs/{job_id}/quality/actions/{action_id}/answer: the contractor's answer. */
export const CORRECTIVE_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: {
    note: { type: 'string', maxLength: 4000 },
    /** Ids of the job's attachments (photos uploaded to its tasks) that show the correction. */
    attachment_ids: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
  },
} as const;
export type CorrectiveAnswer = FromSchema<typeof CORRECTIVE_ANSWER>;

/** POST /api/jobs/{job_id}/quality/actions/{action_id}/decision: ops accept the answer or ask for a re-inspection. */
export const CORRECTIVE_DECISION = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: {
    decision: { enum: ['accept', 'reinspect'] },
    note: { type: 'string', maxLength: 2000 },
  },
} as const;
export type CorrectiveDecision = FromSchema<typeof CORRECTIVE_DECISION>;

/** One review's decision for the job. */
export const QUALITY_DECISION = {
  type: 'object',
  additionalProperties: false,
  required: [
    'review_id',
    'review',
    'kind',
    'sampled',
    'reason',
    'explanation',
    'standing',
    'decided_at',
    'outcome',
    'corrective_action',
  ],
  properties: {
    /** The review's id in program.yaml (what an outcome is recorded under). */
    review_id: { type: 'string' },
    /** Its name on screens. */
    review: { type: 'string' },
    kind: { enum: ['desk_review', 'field_inspection'] },
    sampled: { type: 'boolean' },
    /** Which clause decided: standing, first_jobs, amount, measure, share, or not_sampled. */
    reason: { enum: ['standing', 'first_jobs', 'amount', 'measure', 'share', 'not_sampled'] },
    explanation: { type: 'string' },
    /** The contractor's standing in the program when the decision was taken. */
    standing: { enum: ['provisional', 'full', 'probation', 'suspended'] },
    decided_at: { type: 'string' },
    /** The latest outcome recorded for a sampled review (null: none yet). */
    outcome: { enum: ['pass', 'fail', null] },
    /** The latest corrective action the review's failure opened (null: none). */
    corrective_action: { anyOf: [{ type: 'null' }, CORRECTIVE_ACTION] },
  },
} as const;
export type QualityDecision = FromSchema<typeof QUALITY_DECISION>;

/** The job detail's `quality`: the decisions taken so far (none before the job reaches a review's point). */
export const JOB_QUALITY = { type: 'array', items: QUALITY_DECISION } as const;

/**
 * POST /api/jobs/{job_id}/quality/{review_id}/outcome: a sampled review, recorded by ops or its inspector as the
 * answers of each of its checklists for the job (checklist form key -> answers, as GET .../quality/{review_id} lists
 * them); the outcome follows from them (a failed item fails the review), with an optional note.
 */
export const QUALITY_OUTCOME = {
  type: 'object',
  additionalProperties: false,
  required: ['checklists'],
  properties: {
    checklists: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 100 },
      additionalProperties: { type: 'object' },
    },
    note: { type: 'string', maxLength: 2000 },
  },
} as const;
export type QualityOutcome = FromSchema<typeof QUALITY_OUTCOME>;

/** The answer to a recorded review: the outcome its checklists gave, what failed (the finding) and the minor issues. */
export const RECORDED_OUTCOME = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'finding', 'minor_issues', 'warnings'],
  properties: {
    outcome: { enum: ['pass', 'fail'] },
    /** The failed items and the reviewer's note (what the corrective action asks to correct); the note on a pass. */
    finding: { type: ['string', 'null'] },
    /** The items passed with minor issues (noted; no corrective action). */
    minor_issues: { type: 'array', items: { type: 'string' } },
    /**
     * What the photos' files say against the job (taken far from the site, before the install was completed, with no
     * time or place), under `checklists/<form>/<field>.<i>`: recorded with the outcome, never blocking it.
     */
    warnings: FIELD_MESSAGES,
  },
} as const;
export type RecordedOutcome = FromSchema<typeof RECORDED_OUTCOME>;

/** PUT /api/contractors/{contractor_id}/standing: ops set a contractor's standing in a program by hand. */
export const STANDING_CHANGE = {
  type: 'object',
  additionalProperties: false,
  required: ['program_id', 'standing', 'reason'],
  properties: {
    program_id: { type: 'string', maxLength: 100 },
    standing: { enum: ['provisional', 'full', 'probation', 'suspended'] },
    reason: { type: 'string', maxLength: 2000 },
  },
} as const;
export type StandingChangeBody = FromSchema<typeof STANDING_CHANGE>;

/** A contractor's quality record: its standing in each program with quality rules, its pass rate, and the changes. */
export const CONTRACTOR_QUALITY = {
  type: 'object',
  additionalProperties: false,
  required: ['programs', 'changes', 'open_actions'],
  properties: {
    programs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['program_id', 'program_name', 'standing', 'passed', 'failed', 'pass_rate'],
        properties: {
          program_id: { type: 'string' },
          program_name: { type: 'string' },
          standing: { enum: ['provisional', 'full', 'probation', 'suspended'] },
          passed: { type: 'integer' },
          failed: { type: 'integer' },
          /** passed / (passed + failed); null before any outcome. */
          pass_rate: { type: ['number', 'null'] },
        },
      },
    },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['program_id', 'standing', 'cause', 'at'],
        properties: {
          program_id: { type: 'string' },
          standing: { enum: ['provisional', 'full', 'probation', 'suspended'] },
          cause: { type: 'string' },
          at: { type: 'string' },
        },
      },
    },
    /** The corrective actions not yet closed, on the contractor's jobs, the oldest deadline first. */
    open_actions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'job_id',
          'job_code',
          'program_id',
          'review_id',
          'review',
          'state',
          'finding',
          'due_at',
          'overdue',
        ],
        properties: {
          id: { type: 'integer' },
          job_id: { type: 'integer' },
          job_code: { type: 'string' },
          program_id: { type: 'string' },
          review_id: { type: 'string' },
          /** The review's name on screens. */
          review: { type: 'string' },
          state: { enum: ['open', 'answered', 'reinspection'] },
          finding: { type: ['string', 'null'] },
          due_at: { type: 'string' },
          /** Still waiting on the contractor past its deadline. */
          overdue: { type: 'boolean' },
        },
      },
    },
  },
} as const;
export type ContractorQuality = FromSchema<typeof CONTRACTOR_QUALITY>;
