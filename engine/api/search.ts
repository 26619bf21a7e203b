/**
 * Answers of the search and the jobs list's counts, as JSON Schemas written once (openapi.json, the API
 * tests' answer check, and both sides' types).
 */

import { itemsOf, NULLABLE_STRING } from './schema-parts.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { ELIGIBILITY_STATUSES, STAGE_TABS } from '../constants.ts';

/** A job result of the search (spec sect. 2). */
export const JOB_HIT = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'code',
    'external_id',
    'full_name',
    'is_canceled',
    'address',
    'city',
    'contractor',
    'stage',
    'program',
    'eligibility',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    external_id: NULLABLE_STRING,
    full_name: { type: 'string' },
    is_canceled: { type: 'boolean' },
    address: { type: 'string' },
    city: NULLABLE_STRING,
    contractor: NULLABLE_STRING,
    stage: {
      type: 'object',
      additionalProperties: false,
      required: ['number', 'label'],
      properties: { number: { type: 'integer' }, label: { type: 'string' } },
    },
    program: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    eligibility: { type: 'string', enum: ELIGIBILITY_STATUSES },
  },
} as const;
export type JobHit = FromSchema<typeof JOB_HIT>;
export const JOB_HITS = itemsOf(JOB_HIT);
export type JobHits = FromSchema<typeof JOB_HITS>;

/** A contractor result of the search (spec sect. 2). */
export const CONTRACTOR_HIT = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'primary_contact', 'address', 'city', 'phone', 'email'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    primary_contact: NULLABLE_STRING,
    address: NULLABLE_STRING,
    city: NULLABLE_STRING,
    phone: NULLABLE_STRING,
    email: NULLABLE_STRING,
  },
} as const;
export type ContractorHit = FromSchema<typeof CONTRACTOR_HIT>;
export const CONTRACTOR_HITS = itemsOf(CONTRACTOR_HIT);
export type ContractorHits = FromSchema<typeof CONTRACTOR_HITS>;

/** GET /api/jobs/summary: counts per stage (with the tab each stage falls under), per tab, and canceled. */
export const JOB_SUMMARY = {
  type: 'object',
  additionalProperties: false,
  required: ['stages', 'tabs', 'total', 'canceled'],
  properties: {
    stages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['stage', 'count', 'tab'],
        properties: {
          stage: { type: 'integer' },
          count: { type: 'integer', minimum: 0 },
          tab: { anyOf: [{ type: 'null' }, { type: 'string', enum: STAGE_TABS }] },
        },
      },
    },
    tabs: {
      type: 'object',
      additionalProperties: false,
      required: STAGE_TABS,
      properties: Object.fromEntries(STAGE_TABS.map((t) => [t, { type: 'integer', minimum: 0 }])) as {
        [T in (typeof STAGE_TABS)[number]]: { type: 'integer'; minimum: 0 };
      },
    },
    total: { type: 'integer', minimum: 0 },
    canceled: { type: 'integer', minimum: 0 },
  },
} as const;
export type JobSummary = FromSchema<typeof JOB_SUMMARY>;
