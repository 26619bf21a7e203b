/**
 * The job calls' answers, written once: the server's presenters return these types (the compiler checks
 * every field they build, and that none is added unannounced), and the web app reads them. GET
 * /api/jobs (and its search) answer JobListItem pages, GET /api/jobs/{id} a JobDetail, the task calls a
 * JobTask.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { USER_ROLES, type EligibilityStatus, type ExceptionKind } from '../constants.ts';
import { FIELD_MESSAGES, flags, NULLABLE_INTEGER, NULLABLE_STRING } from './schema-parts.ts';
import { JOB_LIST_ITEM } from './job-list.ts';
import type { IncentiveResult, StageResult } from '../types.ts';
import type { MissingAnswers } from '../plain-words.ts';
import { JOB_TASK } from './tasks.ts';
import { JOB_BUDGET } from './budgets.ts';
import { JOB_QUALITY } from './quality.ts';
import { COMPLETION_RECORD_SUMMARY } from './completion.ts';
import { JOB_REPORTING } from './reporting.ts';

export * from './tasks.ts';
export * from './job-list.ts';

/** Ops only: who flagged an exception, when, with which note. */
export type ExceptionNotes = Partial<Record<ExceptionKind, { note?: string; by?: string; at?: string } | null>>;

/** One reason of an eligibility outcome (ops also get the rule, the facts it misses, and why: as traced and in words).
 * */
export interface EligibilityReasonView {
  code: string;
  text: string;
  rule?: string;
  missing?: string[];
  because?: string;
  why?: string;
  /** For a reason that holds the job: the smallest change of an answer that would lift it, in words (issue 44). */
  would_pass?: string;
}

/** What the engine says about a job, as the caller may see it. */
export interface EvaluationView {
  program_hash: string;
  stage: StageResult;
  eligibility: {
    status: EligibilityStatus;
    reasons: EligibilityReasonView[];
    pending: EligibilityReasonView[];
    undetermined: EligibilityReasonView[];
    /** What the pending checks still need, task by task, in words (everyone). */
    missing: MissingAnswers[];
  };
  incentive: IncentiveResult;
}

/** What the signed-in user may do with the job now. */
export const JOB_ABILITIES = flags([
  'history',
  'cancel',
  'restore',
  'clone',
  'claim',
  'set_deemed',
  'undo_deemed',
  'mark_ineligible',
  'undo_ineligible',
  'override_eligibility',
  'undo_eligibility_override',
  'assign_ops_owner',
  'regenerate_documents',
  'delete_any_attachment',
  'invite_homeowner',
]);
export type JobAbilities = FromSchema<typeof JOB_ABILITIES>;

/**
 * Who created or submitted a job, as the caller may see them: ops see everyone; others see the job's own
 * company's people and its homeowner by name, and an ops user as the operations team, without an id.
 */
export const JOB_PERSON = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'role'],
  properties: { id: NULLABLE_INTEGER, name: { type: 'string' }, role: { type: 'string', enum: USER_ROLES } },
} as const;
export type JobPerson = FromSchema<typeof JOB_PERSON>;

/**
 * The job detail (GET /api/jobs/{id}): the list item's columns and the contact, the site, the tasks and
 * the abilities; `evaluation` is the engine's result as the caller may see it (its parts are the engine's
 * own types, checked here for presence).
 */
export const JOB_DETAIL = {
  type: 'object',
  additionalProperties: false,
  required: [
    ...JOB_LIST_ITEM.required,
    'first_name',
    'last_name',
    'email',
    'phone_number',
    'county',
    'lat',
    'lon',
    'electric_utility',
    'gas_utility',
    'submitted_at',
    'submit_terms_id',
    'install_terms_id',
    'cloned_from',
    'created_by',
    'submitted_by',
    'eligibility_overridden',
    'stage_model',
    'evaluation',
    'tasks',
    'abilities',
  ],
  properties: {
    ...JOB_LIST_ITEM.properties,
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: ['string', 'null'] },
    phone_number: { type: ['string', 'null'] },
    county: { type: ['string', 'null'] },
    lat: { type: ['number', 'null'] },
    lon: { type: ['number', 'null'] },
    electric_utility: { type: ['string', 'null'] },
    gas_utility: { type: ['string', 'null'] },
    submitted_at: { type: ['string', 'null'] },
    submit_terms_id: { type: ['integer', 'null'] },
    install_terms_id: { type: ['integer', 'null'] },
    cloned_from: { type: ['integer', 'null'] },
    created_by: { anyOf: [{ type: 'null' }, JOB_PERSON] },
    /** Whose submission took the job past the submit stage (null before). */
    submitted_by: { anyOf: [{ type: 'null' }, JOB_PERSON] },
    /** Ops let the job go on past the submission gate although the rules find it ineligible (an explicit override). */
    eligibility_overridden: { type: 'boolean' },
    /** Ops only: why they let it go on (null when they have not). */
    eligibility_override_reason: { type: ['string', 'null'] },
    stage_model: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'label'],
          properties: { id: { type: 'string' }, label: { type: 'string' } },
        },
      ],
    },
    evaluation: {
      type: 'object',
      additionalProperties: false,
      required: ['program_hash', 'stage', 'eligibility', 'incentive'],
      properties: {
        program_hash: { type: 'string' },
        stage: { type: 'object' },
        eligibility: { type: 'object' },
        incentive: { type: 'object' },
      },
    },
    tasks: { type: 'array', items: JOB_TASK },
    abilities: JOB_ABILITIES,
    /** A payable waits in the accounts-payment system: the page reads the job again until it is decided. */
    payment_pending: { type: 'boolean' },
    /** What the program's budget holds for the job: its reservation, expiry or waitlist position (issue 41). */
    budget: JOB_BUDGET,
    /** Each quality review's sampling decision for the job, once the job reached its point (issue 43). */
    quality: JOB_QUALITY,
    /** Why payment approval waits on quality assurance (a failed review whose corrective action is not closed), or
     * null (issue 43). Ops and the contractor only. */
    quality_hold: { type: ['string', 'null'] },
    /** The task the quality hold stops (the one that approves the payable amount), or null. */
    quality_hold_task: { type: ['string', 'null'] },
    /** The paid job's completion record, once the worker issued it (issue 44). */
    completion_record: COMPLETION_RECORD_SUMMARY,
    /** Ops only: the job's records for DOE's tracking tool, when its program reports (issue 44). */
    reporting: JOB_REPORTING,
    /** The definition version the job is evaluated under (null: the current definitions), and the program's current
     * version (issue 19). */
    pinned_version: { type: ['string', 'null'] },
    current_version: { type: ['string', 'null'] },
  },
} as const;
/** The job detail; its evaluation typed by the engine's own result types. */
export type JobDetail = Omit<FromSchema<typeof JOB_DETAIL>, 'evaluation'> & { evaluation: EvaluationView };

/** GET /api/jobs/code/{short_code}: the job's id (the page then opens /{id}). */
export const JOB_REF = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code'],
  properties: { id: { type: 'integer' }, code: { type: 'string' } },
} as const;
export type JobRef = FromSchema<typeof JOB_REF>;

/** PATCH /api/jobs/{job_id}/regenerate-documents: the envelope sent for signing. */
export const DOCUMENTS_REGENERATED = {
  type: 'object',
  additionalProperties: false,
  required: ['task_name', 'recreate', 'document_status', 'envelope_id'],
  properties: {
    task_name: { type: 'string' },
    recreate: { type: 'boolean' },
    document_status: { type: 'string' },
    envelope_id: { type: 'string' },
  },
} as const;
export type DocumentsRegenerated = FromSchema<typeof DOCUMENTS_REGENERATED>;

/** POST /api/jobs/homeowner/confirm-tasks-done/{job_id}: what was completed, and what still needs answers. */
export const TASKS_CONFIRMED = {
  type: 'object',
  additionalProperties: false,
  required: ['completed', 'incomplete'],
  properties: {
    completed: { type: 'array', items: { type: 'string' } },
    incomplete: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['task_id', 'errors'],
        properties: {
          task_id: { type: 'string' },
          errors: FIELD_MESSAGES,
        },
      },
    },
  },
} as const;
export type TasksConfirmed = FromSchema<typeof TASKS_CONFIRMED>;

/** A 409 stale_version's `current`: the saved copy written since the caller read it, presented like a task read. */
export const STALE_COPY = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'version', 'updated_at', 'updated_by'],
  properties: {
    data: { type: ['object', 'null'] },
    version: { type: 'integer', minimum: 0 },
    updated_at: NULLABLE_STRING,
    updated_by: NULLABLE_INTEGER,
  },
} as const;
export type StaleCopy = FromSchema<typeof STALE_COPY>;
