/** The income limits a job's income estimate shows (engine/income-limits.ts). */

import type { FromSchema } from 'json-schema-to-ts';

const INCOME_BAND = {
  type: 'object',
  additionalProperties: false,
  required: ['level', 'min_cents', 'max_cents'],
  properties: {
    level: { type: 'string' },
    min_cents: { type: ['integer', 'null'] },
    max_cents: { type: ['integer', 'null'] },
  },
} as const;

/** GET /api/jobs/{job_id}/income-limits: each income level's dollar range by household size for the job's county, and
 * where to apply. */
export const INCOME_LIMITS = {
  type: 'object',
  additionalProperties: false,
  required: ['county', 'bands_by_size', 'verification'],
  properties: {
    county: { type: ['string', 'null'] },
    /** By household size ("1".."8"); empty when the program has no figures for the county. */
    bands_by_size: { type: 'object', additionalProperties: { type: 'array', items: INCOME_BAND } },
    verification: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['service', 'url'],
          properties: { service: { type: 'string' }, url: { type: 'string' } },
        },
      ],
    },
  },
} as const;
export type IncomeLimitsAnswer = FromSchema<typeof INCOME_LIMITS>;
