/**
 * Definition versions (issue 19, ops): a program's stored versions, one version's files, the diff between
 * two versions, and moving jobs pinned to an old version to the current one. JSON Schemas written once.
 */

import type { FromSchema } from 'json-schema-to-ts';

const HASH = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;

/** GET /api/programs/{id}/versions: newest first. */
export const VERSION_LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['hash', 'first_loaded_at', 'current', 'pinned_jobs'],
        properties: {
          hash: HASH,
          first_loaded_at: { type: 'string' },
          current: { type: 'boolean' },
          pinned_jobs: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
} as const;

/** GET /api/programs/{id}/versions/{hash}. */
export const VERSION_DETAIL = {
  type: 'object',
  additionalProperties: false,
  required: ['hash', 'program_id', 'first_loaded_at', 'files'],
  properties: {
    hash: HASH,
    program_id: { type: 'string' },
    first_loaded_at: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'text'],
        properties: { path: { type: 'string' }, text: { type: 'string' } },
      },
    },
  },
} as const;

/** GET /api/programs/{id}/versions/{hash}/diff: each changed value of each file (before/after absent: the value was
 * absent). */
export const VERSION_DIFF = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'changes'],
  properties: {
    from: HASH,
    to: HASH,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'path', 'text'],
        properties: {
          file: { type: 'string' },
          path: { type: 'string' },
          before: {},
          after: {},
          text: { type: 'string' },
        },
      },
    },
  },
} as const;

const OUTCOME_PROPERTIES = {
  stage: { type: 'integer' },
  eligibility: { type: 'string' },
  rebate_max_cents: { type: ['integer', 'null'] },
  rebate_final_cents: { type: ['integer', 'null'] },
} as const;

/** A job's outcome before or after a migration (history `definition_migrated`). */
export const VERSION_OUTCOME = {
  type: 'object',
  additionalProperties: false,
  required: ['stage', 'eligibility', 'rebate_max_cents', 'rebate_final_cents'],
  properties: OUTCOME_PROPERTIES,
} as const;

/** POST /api/jobs/{job_id}/migrate-version: the job's new evaluation summary and the version it is now pinned to. */
export const JOB_MIGRATED = {
  type: 'object',
  additionalProperties: false,
  required: ['job_id', 'pinned_version', ...VERSION_OUTCOME.required],
  properties: { job_id: { type: 'integer' }, pinned_version: { type: ['string', 'null'] }, ...OUTCOME_PROPERTIES },
} as const;

/** POST /api/programs/{id}/migrate-jobs. */
export const MIGRATE_JOBS_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['from'],
  properties: {
    from: HASH,
    stage: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 100 } },
  },
} as const;
export type MigrateJobsRequest = FromSchema<typeof MIGRATE_JOBS_REQUEST>;

export const JOBS_MIGRATED = {
  type: 'object',
  additionalProperties: false,
  required: ['moved'],
  properties: { moved: { type: 'integer', minimum: 0 } },
} as const;

export type VersionList = FromSchema<typeof VERSION_LIST>;
export type VersionDetail = FromSchema<typeof VERSION_DETAIL>;
export type VersionDiff = FromSchema<typeof VERSION_DIFF>;
export type JobsMigrated = FromSchema<typeof JOBS_MIGRATED>;
