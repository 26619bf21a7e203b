/**
 * POST /api/programs/{id}/impact (ops): proposed definition files in, the impact report out
 * (engine/impact.ts), or 422 with the loader's diagnostics at their lines. JSON Schemas written once.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { ELIGIBILITY_STATUSES } from '../constants.ts';

/** At most this many files, each at most this many characters (a program.yaml is ~20 KB). */
export const IMPACT_MAX_FILES = 20;
export const IMPACT_MAX_FILE_CHARS = 400_000;

/** The body: replacements of definition files (paths as GET /api/definitions/sources names them). */
export const IMPACT_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: {
    files: {
      type: 'array',
      minItems: 1,
      maxItems: IMPACT_MAX_FILES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'text'],
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 300 },
          text: { type: 'string', maxLength: IMPACT_MAX_FILE_CHARS },
        },
      },
    },
  },
} as const;
export type ImpactRequest = FromSchema<typeof IMPACT_REQUEST>;

const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;
const OUTCOME = {
  type: 'object',
  additionalProperties: false,
  required: ['stage', 'eligibility', 'reasons', 'open_tasks', 'rebate_max_cents', 'rebate_final_cents'],
  properties: {
    stage: { type: ['integer', 'null'] },
    eligibility: { type: ['string', 'null'], enum: [...ELIGIBILITY_STATUSES, null] },
    reasons: { type: 'array', items: { type: 'string' } },
    open_tasks: { type: 'array', items: { type: 'string' } },
    rebate_max_cents: { type: ['integer', 'null'] },
    rebate_final_cents: { type: ['integer', 'null'] },
  },
} as const;

/** The answer: engine/impact.ts ImpactReport. */
export const IMPACT_REPORT = {
  type: 'object',
  additionalProperties: false,
  required: ['jobs_evaluated', 'changed', 'dollars', 'jobs'],
  properties: {
    jobs_evaluated: { type: 'integer', minimum: 0 },
    changed: {
      type: 'object',
      additionalProperties: false,
      required: ['eligibility', 'stage', 'tasks', 'rebate'],
      properties: {
        eligibility: {
          type: 'object',
          additionalProperties: false,
          required: ['count', 'by_reason'],
          properties: { count: { type: 'integer' }, by_reason: counts },
        },
        stage: { type: 'integer' },
        tasks: { type: 'integer' },
        rebate: { type: 'integer' },
      },
    },
    dollars: {
      type: 'object',
      additionalProperties: false,
      required: ['total_cents', 'by_program', 'by_county'],
      properties: { total_cents: { type: 'integer' }, by_program: counts, by_county: counts },
    },
    jobs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'code', 'program_id', 'county', 'before', 'after', 'because'],
        properties: {
          id: { type: ['integer', 'string'] },
          code: { type: 'string' },
          program_id: { type: 'string' },
          county: { type: ['string', 'null'] },
          before: OUTCOME,
          after: OUTCOME,
          because: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

/** The answer as the web app reads it (engine/impact.ts ImpactReport is the engine's, the same shape). */
export type ImpactAnswer = FromSchema<typeof IMPACT_REPORT>;

/** A loader diagnostic as a 422 of the impact call carries it. */
export interface ImpactDiagnostic {
  code: string;
  message: string;
  file: string;
  line: number;
}
