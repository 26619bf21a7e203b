/**
 * The job calls' answers, written once: the server's presenters return these types (the compiler checks
 * every field they build, and that none is added unannounced), and the web app reads them. GET
 * /api/jobs (and its search) answer JobListItem pages, GET /api/jobs/{id} a JobDetail, the task calls a
 * JobTask.
 */

import type { FromSchema } from 'json-schema-to-ts';
import {
  ACTION_OWNER_ROLES,
  ELIGIBILITY_STATUSES,
  STAGE_TABS,
  USER_ROLES,
  type EligibilityStatus,
  type ExceptionKind,
} from '../constants.ts';
import { FIELD_MESSAGES, flags, idName, NULLABLE_INTEGER, NULLABLE_STRING, pageOf } from './schema-parts.ts';
import type { IncentiveResult, StageResult } from '../types.ts';
import type { MissingAnswers } from '../plain-words.ts';
import { JOB_TASK } from './tasks.ts';
import { JOB_BUDGET } from './budgets.ts';
import { JOB_QUALITY } from './quality.ts';

export * from './tasks.ts';

/** Ops only: who flagged an exception, when, with which note. */
export type ExceptionNotes = Partial<Record<ExceptionKind, { note?: string; by?: string; at?: string } | null>>;

/** A job in a list: its stored columns, no evaluation (GET /api/jobs, /api/jobs/internal). */
export const JOB_LIST_ITEM = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'code',
    'external_id',
    'full_name',
    'address',
    'city',
    'state',
    'zip',
    'contractor_id',
    'contractor',
    'program',
    'stage',
    'is_canceled',
    'cancel_reason',
    'eligibility',
    'is_eligible',
    'action_owners',
    'has_contractor_task_exception',
    'has_ops_task_exception',
    'is_claimed',
    'is_deemed',
    'rebate',
    'created_at',
    'stage_entered_at',
    'days_in_stage',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    external_id: { type: ['string', 'null'] },
    full_name: { type: 'string' },
    address: { type: 'string' },
    city: { type: ['string', 'null'] },
    state: { type: ['string', 'null'] },
    zip: { type: ['string', 'null'] },
    contractor_id: { type: ['integer', 'null'] },
    contractor: { type: ['string', 'null'] },
    program: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    /** key and tab are null for a stage the program's model no longer has. */
    stage: {
      type: 'object',
      additionalProperties: false,
      required: ['number', 'key', 'label', 'tab'],
      properties: {
        number: { type: 'integer' },
        key: { type: ['string', 'null'] },
        label: { type: 'string' },
        tab: { anyOf: [{ type: 'null' }, { type: 'string', enum: STAGE_TABS }] },
      },
    },
    is_canceled: { type: 'boolean' },
    cancel_reason: { type: ['string', 'null'] },
    eligibility: { type: 'string', enum: ELIGIBILITY_STATUSES },
    is_eligible: { type: 'boolean' },
    action_owners: { type: 'array', items: { type: 'string', enum: ACTION_OWNER_ROLES } },
    has_contractor_task_exception: { type: 'boolean' },
    has_ops_task_exception: { type: 'boolean' },
    is_claimed: { type: 'boolean' },
    is_deemed: { type: 'boolean' },
    /** Null until the engine has an estimate (min/max) or a final amount. */
    rebate: {
      type: 'object',
      additionalProperties: false,
      required: ['min_cents', 'max_cents', 'final_cents'],
      properties: {
        min_cents: { type: ['integer', 'null'] },
        max_cents: { type: ['integer', 'null'] },
        final_cents: { type: ['integer', 'null'] },
      },
    },
    created_at: { type: 'string' },
    stage_entered_at: { type: 'string' },
    days_in_stage: { type: 'integer', minimum: 0 },
    /**
     * The job's next step as the caller reads it (the jobs list): the caller's own first open task, else the first
     * open task of whoever the job waits on (`yours` false); null when no task is open.
     */
    next_step: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['task_id', 'title', 'owner', 'yours'],
          properties: {
            task_id: { type: 'string' },
            title: { type: 'string' },
            owner: { type: 'string', enum: ACTION_OWNER_ROLES },
            yours: { type: 'boolean' },
          },
        },
      ],
    },
    /** Ops only. */
    ops_owner: { type: ['integer', 'null'] },
    /** Ops only. */
    claimed_by: { type: ['integer', 'null'] },
    /** Ops only: the notes of the job's flagged task exceptions ("Task title: note"; server/services/evaluation.ts). */
    exception_notes: { type: ['string', 'null'] },
    /** Ops only: why ops marked the job ineligible (the ops override), null when not marked. */
    ops_ineligible_reason: { type: ['string', 'null'] },
  },
} as const;
export type JobListItem = FromSchema<typeof JOB_LIST_ITEM>;
/** A page of the jobs list. */
export const JOB_PAGE = pageOf(JOB_LIST_ITEM);
export type JobPage = FromSchema<typeof JOB_PAGE>;

/** One reason of an eligibility outcome (ops also get the rule, the facts it misses, and why: as traced and in words).
 * */
export interface EligibilityReasonView {
  code: string;
  text: string;
  rule?: string;
  missing?: string[];
  because?: string;
  why?: string;
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
    /** The definition version the job is evaluated under (null: the current definitions), and the program's current
     * version (issue 19). */
    pinned_version: { type: ['string', 'null'] },
    current_version: { type: ['string', 'null'] },
  },
} as const;
/** The job detail; its evaluation typed by the engine's own result types. */
export type JobDetail = Omit<FromSchema<typeof JOB_DETAIL>, 'evaluation'> & { evaluation: EvaluationView };

/** POST /api/jobs/filters: the values each filter of the jobs list can take, for the role. */
export const JOB_FILTER_OPTIONS = {
  type: 'object',
  additionalProperties: false,
  required: [
    'contractors',
    'ops_users',
    'contractor_users',
    'programs',
    'eligibility',
    'action_owners',
    'exceptions',
    'sort_by',
  ],
  properties: {
    contractors: { type: 'array', items: idName({ type: 'integer' }) },
    ops_users: { type: 'array', items: idName({ type: 'integer' }) },
    contractor_users: { type: 'array', items: idName({ type: 'integer' }) },
    programs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'stages'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          stages: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['number', 'label', 'tab'],
              properties: {
                number: { type: 'integer' },
                label: { type: 'string' },
                tab: { type: 'string', enum: STAGE_TABS },
              },
            },
          },
        },
      },
    },
    eligibility: { type: 'array', items: { type: 'string', enum: ELIGIBILITY_STATUSES } },
    action_owners: { type: 'array', items: { type: 'string', enum: ACTION_OWNER_ROLES } },
    exceptions: { type: 'array', items: { type: 'string' } },
    sort_by: { type: 'array', items: { type: 'string' } },
  },
} as const;
export type JobFilterOptions = FromSchema<typeof JOB_FILTER_OPTIONS>;

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

/** POST /api/contractor/filters: the values the contractor list's filters can take. */
export const CONTRACTOR_FILTER_OPTIONS = {
  type: 'object',
  additionalProperties: false,
  required: ['programs'],
  properties: { programs: { type: 'array', items: idName({ type: 'string' }) } },
} as const;
export type ContractorFilterOptions = FromSchema<typeof CONTRACTOR_FILTER_OPTIONS>;

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
