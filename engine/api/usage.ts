/**
 * Energy usage collection (spec sect. 4), as JSON Schemas written once: a job's collection as each role
 * reads it (internal users the detailed wording and the meters; contractors the softer wording; a
 * homeowner what to do next), the staff actions, and the homeowner's collection page (no account: the
 * link from the invite mail is the credential).
 */

import type { FromSchema } from 'json-schema-to-ts';
import { NULLABLE_STRING } from './schema-parts.ts';
import { ENERGY_HISTORY, USAGE_OVERALL, USAGE_STEP_STATUSES, USAGE_STEPS } from '../usage.ts';

const LABELLED = <const E extends readonly string[]>(values: E) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['status', 'label'],
    properties: { status: { enum: values }, label: { type: 'string' } },
  }) as const;

const STEP = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'label', 'status', 'at', 'words'],
  properties: {
    key: { enum: USAGE_STEPS },
    label: { type: 'string' },
    status: { enum: USAGE_STEP_STATUSES },
    at: NULLABLE_STRING,
    /** The step as the reader's audience reads it. */
    words: { type: 'string' },
  },
} as const;

const METER = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'service',
    'meter_number',
    'said',
    'selected',
    'subscribed',
    'readings',
    'collected_before_withdrawal',
  ],
  properties: {
    id: { type: 'string' },
    service: { enum: ['electric', 'gas'] },
    meter_number: { type: 'string' },
    said: { type: 'string' },
    selected: { type: 'boolean' },
    subscribed: { type: 'boolean' },
    readings: { type: 'integer', minimum: 0 },
    /** Its readings were collected before the homeowner withdrew consent. */
    collected_before_withdrawal: { type: 'boolean' },
  },
} as const;

/** A month of the usage profile its readings cover only in part (local time). */
const PARTIAL_MONTH = {
  type: 'object',
  additionalProperties: false,
  required: ['service', 'month', 'days_covered', 'days'],
  properties: {
    service: { enum: ['electric', 'gas'] },
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
    days_covered: { type: 'number', minimum: 0 },
    days: { type: 'integer', minimum: 28, maximum: 31 },
  },
} as const;

/** The staff actions of spec sect. 4, and a new invite. */
export const USAGE_ACTIONS = [
  'select_meters',
  'process_historical',
  'subscribe_meters',
  'process_ongoing',
  'resend_invite',
] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

/** GET /api/jobs/{id}/usage. */
export const JOB_USAGE = {
  type: 'object',
  additionalProperties: false,
  required: [
    'collects',
    'overall',
    'history',
    'stages',
    'consent',
    'withdrawn_at',
    'homeowner_next_step',
    'months_required',
    'profile',
    'meters',
    'actions',
    'in_progress',
  ],
  properties: {
    /** The program collects usage (false: nothing else here means anything). */
    collects: { type: 'boolean' },
    overall: LABELLED(USAGE_OVERALL),
    history: LABELLED(ENERGY_HISTORY),
    stages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label', 'steps'],
        properties: { key: { type: 'string' }, label: { type: 'string' }, steps: { type: 'array', items: STEP } },
      },
    },
    consent: { type: ['boolean', 'null'] },
    /** When the homeowner withdrew a consent given (what was collected before stays, marked so); null otherwise. */
    withdrawn_at: NULLABLE_STRING,
    /** What the homeowner must do next, in their words (what their collection page says); null before an invite. */
    homeowner_next_step: NULLABLE_STRING,
    months_required: { type: ['integer', 'null'] },
    /** The derived usage profile once set (usage.* facts). */
    profile: {
      type: ['object', 'null'],
      properties: {
        /** Months at the edges of the data its readings cover only in part, and what was done with them. */
        partial_months: { type: 'array', items: PARTIAL_MONTH },
        partial_month_handling: { enum: ['left_out'] },
      },
      additionalProperties: { type: ['number', 'string', 'null'] },
    },
    /** Internal users only (empty for others). */
    meters: { type: 'array', items: METER },
    /** The staff actions the caller may take now. */
    actions: { type: 'array', items: { enum: USAGE_ACTIONS } },
    /** Work is queued or a check is running: the page polls while true. */
    in_progress: { type: 'boolean' },
  },
} as const;
export type JobUsage = FromSchema<typeof JOB_USAGE>;

/** POST /api/jobs/{id}/usage/actions. */
export const USAGE_ACTION_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    action: { enum: USAGE_ACTIONS },
    /** select_meters: the meters to use (ids from GET .../usage). */
    meter_ids: {
      type: 'array',
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
} as const;
export type UsageActionRequest = FromSchema<typeof USAGE_ACTION_REQUEST>;

/** Where the homeowner's collection stands, as the page shows it. */
export const CONNECT_STATES = ['connect', 'verifying', 'retry', 'collecting', 'complete', 'declined'] as const;
export type ConnectState = (typeof CONNECT_STATES)[number];

/** GET /api/usage-connect/{token}: the homeowner's collection page. */
export const CONNECT_VIEW = {
  type: 'object',
  additionalProperties: false,
  required: ['job_code', 'program_name', 'homeowner_name', 'state', 'message', 'can_connect'],
  properties: {
    job_code: { type: 'string' },
    program_name: { type: 'string' },
    homeowner_name: { type: 'string' },
    state: { enum: CONNECT_STATES },
    /** What to do next, in the homeowner's words. */
    message: { type: 'string' },
    /** The connect button is offered (not while verifying, collecting or done). */
    can_connect: { type: 'boolean' },
  },
} as const;
export type ConnectView = FromSchema<typeof CONNECT_VIEW>;

/** POST /api/usage-connect/{token}/connect: consent given; where the utility's sign-in page is. */
export const CONNECT_START_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['consent'],
  properties: { consent: { const: true } },
} as const;
export const CONNECT_START = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: { type: 'string' } },
} as const;
export type ConnectStart = FromSchema<typeof CONNECT_START>;

/** The messages of the collection page and the staff actions (ours: the spec gives none). */
export const USAGE_MESSAGES = {
  link_invalid:
    'This link is not valid. It may have been replaced by a newer invite: please use the link in your latest email.',
  link_expired: 'This link has expired. Please ask your contractor for a new invite.',
  not_collecting: 'This job’s program does not collect energy usage.',
  not_connected: 'The homeowner has not connected a utility account yet.',
  no_meters: 'Choose at least one of the meters found.',
  unknown_meter: 'One of the meters is not on this utility account.',
  already_decided: 'Your answer is already recorded.',
  already_connected: 'Your utility account is already connected.',
  declined: 'The homeowner declined to share usage: nothing more is collected for this job.',
  service_unavailable: 'The utility data service is not available right now. Please try again in a few minutes.',
} as const;
