/** Answers of the program calls (read-only definitions over the API), as JSON Schemas written once. */

import type { FromSchema } from 'json-schema-to-ts';
import { ACTION_OWNER_ROLES, STAGE_TABS } from '../constants.ts';
import { pageOf } from './schema-parts.ts';

const PROGRAM_SUMMARY_PROPERTIES = {
  id: { type: 'string' },
  name: { type: 'string' },
  description: { type: ['string', 'null'] },
  active: { type: 'boolean' },
  /** The period the program takes submissions in (from/until dates). */
  accept_submissions: {
    type: 'object',
    additionalProperties: false,
    required: ['from', 'until'],
    properties: { from: { type: ['string', 'null'] }, until: { type: ['string', 'null'] } },
  },
  stage_model: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'label'],
    properties: { id: { type: 'string' }, label: { type: 'string' } },
  },
  task_count: { type: 'integer', minimum: 0 },
  definition_hash: { type: 'string' },
} as const;
const SUMMARY_REQUIRED = [
  'id',
  'name',
  'description',
  'active',
  'accept_submissions',
  'stage_model',
  'task_count',
  'definition_hash',
] as const;

/** A program in the list. */
export const PROGRAM_SUMMARY = {
  type: 'object',
  additionalProperties: false,
  required: SUMMARY_REQUIRED,
  properties: PROGRAM_SUMMARY_PROPERTIES,
} as const;
export type ProgramSummary = FromSchema<typeof PROGRAM_SUMMARY>;
export const PROGRAM_PAGE = pageOf(PROGRAM_SUMMARY);
export type ProgramPage = FromSchema<typeof PROGRAM_PAGE>;

const criterion = <const Extra>(extra: Extra) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['name', 'description', 'order_index'],
    properties: {
      name: { type: 'string' },
      description: { type: 'string' },
      order_index: { type: 'integer' },
      ...extra,
    },
  }) as const;

/** A program with its stages, criteria and tasks in words (spec sect. 3). */
export const PROGRAM_DETAIL = {
  type: 'object',
  additionalProperties: false,
  required: [
    ...SUMMARY_REQUIRED,
    'service_area',
    'stages',
    'eligibility_criteria',
    'incentive_criteria',
    'tasks',
    'reporting',
  ],
  properties: {
    ...PROGRAM_SUMMARY_PROPERTIES,
    /** What the program reports to DOE's tracking tool (program.yaml `reporting:`), or null: it reports nothing. */
    reporting: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['program', 'state', 'mode'],
      properties: {
        program: { type: 'string' },
        state: { type: 'string' },
        mode: { type: 'string', enum: ['real_time', 'monthly'] },
      },
    },
    service_area: { type: 'object' },
    stages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['number', 'key', 'label', 'tab', 'progress'],
        properties: {
          number: { type: 'integer' },
          key: { type: 'string' },
          label: { type: 'string' },
          tab: { type: 'string', enum: STAGE_TABS },
          progress: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
        },
      },
    },
    eligibility_criteria: {
      type: 'array',
      /** `values`: the program constants the rule reads, labelled and in words. */
      items: criterion({
        reason: { type: 'string' },
        values: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['label', 'value'],
            properties: { label: { type: 'string' }, value: { type: 'string' } },
          },
        },
      }),
    },
    incentive_criteria: { type: 'array', items: criterion({ cap_cents: { type: ['integer', 'null'] } }) },
    tasks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'stage', 'owner', 'after', 'form', 'applies_when'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          stage: { type: 'integer' },
          owner: { type: 'string', enum: ACTION_OWNER_ROLES },
          after: { type: 'array', items: { type: 'string' } },
          form: { type: 'string' },
          applies_when: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
export type ProgramDetail = FromSchema<typeof PROGRAM_DETAIL>;

/** GET /api/programs/{id}/definition (ops): the raw loaded definition with its hash and file. */
export const PROGRAM_DEFINITION = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'hash', 'file', 'definition'],
  properties: {
    id: { type: 'string' },
    hash: { type: 'string' },
    file: { type: 'string' },
    definition: { type: 'object' },
  },
} as const;
