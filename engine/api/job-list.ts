/**
 * The lists' answers (GET /api/jobs and its search: JobListItem pages) and the values their filters can take (the
 * jobs list's, the contractor list's). Re-exported by jobs.ts with the job detail's.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { ACTION_OWNER_ROLES, ELIGIBILITY_STATUSES, STAGE_TABS } from '../constants.ts';
import { idName, pageOf } from './schema-parts.ts';

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
export const JOB_PAGE = {
  ...pageOf(JOB_LIST_ITEM),
  properties: {
    ...pageOf(JOB_LIST_ITEM).properties,
    /** The `after` of the next page (keyset paging, issue 47); null on the last page. */
    next_cursor: { type: ['string', 'null'] },
    /** The `before` of the previous page; null on the first. */
    previous_cursor: { type: ['string', 'null'] },
  },
} as const;
export type JobPage = FromSchema<typeof JOB_PAGE>;

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

/** POST /api/contractor/filters: the values the contractor list's filters can take. */
export const CONTRACTOR_FILTER_OPTIONS = {
  type: 'object',
  additionalProperties: false,
  required: ['programs'],
  properties: { programs: { type: 'array', items: idName({ type: 'string' }) } },
} as const;
export type ContractorFilterOptions = FromSchema<typeof CONTRACTOR_FILTER_OPTIONS>;
