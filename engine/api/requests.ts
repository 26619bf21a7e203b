/**
 * The request bodies of the job and task calls, as JSON Schemas (draft-07) written once: the server
 * validates bodies with them (422 with the spec's messages per field), openapi.json carries them, and the
 * TypeScript types of both sides are derived from them (json-schema-to-ts), never written beside them.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { CANCEL_REASONS, PHONE_PATTERN, PRODUCT_CONSTANTS } from '../constants.ts';

/** POST /api/jobs: Add new job (spec sect. 2). */
export const NEW_JOB = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name', 'last_name'],
  properties: {
    first_name: { type: 'string', minLength: 1, maxLength: PRODUCT_CONSTANTS.name_max_chars },
    last_name: { type: 'string', minLength: 1, maxLength: PRODUCT_CONSTANTS.name_max_chars },
    email: { type: 'string', format: 'email', maxLength: 254 },
    phone_number: { type: 'string', pattern: PHONE_PATTERN.source },
    address: { type: 'string', minLength: 1, maxLength: 200 },
    city: { type: 'string', maxLength: 100 },
    county: { type: 'string', maxLength: 100 },
    state: { type: 'string', maxLength: 2 },
    zip: { type: 'string', pattern: '^\\d{5}(-\\d{4})?$' },
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    electric_utility: { type: 'string', maxLength: 100 },
    gas_utility: { type: 'string', maxLength: 100 },
    place_id: { type: 'string', maxLength: 200 },
    program_id: { type: 'string' },
    contractor_id: { type: 'integer' },
    external_id: { type: 'string', maxLength: 100 },
    create_anyway: { type: 'boolean' },
  },
} as const;
export type NewJob = FromSchema<typeof NEW_JOB>;

/** PUT .../draft and POST .../submit: the answers and the version they were made from. */
export const TASK_SAVE = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'version'],
  properties: { data: { type: 'object' }, version: { type: 'integer', minimum: 0 } },
} as const;
export type TaskSave = FromSchema<typeof TASK_SAVE>;

/** POST .../exceptions/{kind}: the note (required for an ops exception: the service says so per field). */
export const EXCEPTION_FLAG = {
  type: 'object',
  additionalProperties: false,
  properties: { note: { type: 'string', maxLength: 2000 } },
} as const;
export type ExceptionFlag = FromSchema<typeof EXCEPTION_FLAG>;

/** POST .../transfer: the new owner role, why, and optional comments. */
export const TASK_TRANSFER = {
  type: 'object',
  additionalProperties: false,
  required: ['role', 'reason'],
  properties: {
    role: { type: 'string' },
    reason: { type: 'string', minLength: 1, maxLength: 500 },
    comments: { type: 'string', maxLength: 2000 },
  },
} as const;
export type TaskTransfer = FromSchema<typeof TASK_TRANSFER>;

/**
 * PATCH /api/jobs/{job_id}/cancel: a reason of the list, and a note ('other' needs one: the call says so).
 * Other fields and a note of any length are accepted, as the call always did.
 */
export const JOB_CANCEL = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', enum: CANCEL_REASONS }, note: { type: 'string' } },
} as const;
export type JobCancel = FromSchema<typeof JOB_CANCEL>;

/** POST /api/jobs/{job_id}/clone: the program to clone to (an empty or unknown one is refused by the call, 422). */
export const JOB_CLONE = {
  type: 'object',
  required: ['program_id'],
  properties: { program_id: { type: 'string' } },
} as const;
export type JobClone = FromSchema<typeof JOB_CLONE>;

/** PATCH /api/jobs/{job_id}/mark-ineligible: why (required; a blank one is refused by the call, 422). */
export const JOB_MARK_INELIGIBLE = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: { type: 'string', maxLength: 2000 } },
} as const;
export type JobMarkIneligible = FromSchema<typeof JOB_MARK_INELIGIBLE>;

/** PUT /api/jobs/{job_id}/eligibility-override: why ops let an ineligible job go on (required, as above). */
export const JOB_ELIGIBILITY_OVERRIDE = JOB_MARK_INELIGIBLE;
export type JobEligibilityOverride = JobMarkIneligible;

/** PUT /api/jobs/{job_id}/ops-owner: the ops user who owns the job now, or null for none (anyone not in ops: 422). */
export const JOB_OPS_OWNER = {
  type: 'object',
  additionalProperties: false,
  required: ['user_id'],
  properties: { user_id: { type: ['integer', 'null'] } },
} as const;
export type JobOpsOwner = FromSchema<typeof JOB_OPS_OWNER>;
