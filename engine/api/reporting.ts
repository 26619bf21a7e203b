/**
 * Federal reporting on the wire (issue 44): a job's records as ops see them on the job (each measure's reservation
 * and redemption, what it still misses, the tool's id or its reasons for refusing it), and the month's bulk file.
 */

import type { FromSchema } from 'json-schema-to-ts';

export const TRACKING_STATES = ['incomplete', 'pending', 'accepted', 'refused'] as const;

const REASON = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'message'],
  properties: { path: { type: 'string' }, message: { type: 'string' } },
} as const;

/** One record of the job (ops only). */
export const TRACKING_RECORD = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'measure', 'kind', 'state', 'moment', 'missing', 'tool_id', 'errors', 'sent_at'],
  properties: {
    id: { type: 'integer' },
    /** The program's measure (its incentive line). */
    measure: { type: 'string' },
    kind: { enum: ['reservation', 'redemption'] },
    /** incomplete: it misses what `missing` says; pending: ready, not answered yet; accepted or refused by the tool. */
    state: { enum: TRACKING_STATES },
    /** The day of its moment (the budget's reservation, the payment). */
    moment: { type: 'string' },
    missing: { type: 'array', items: { type: 'string' } },
    tool_id: { type: ['string', 'null'] },
    /** The tool's reasons for refusing it. */
    errors: { type: 'array', items: REASON },
    sent_at: { type: ['string', 'null'] },
  },
} as const;
export type TrackingRecordView = FromSchema<typeof TRACKING_RECORD>;

/** The job detail's `reporting` (ops only; absent for a program that reports nothing). */
export const JOB_REPORTING = { type: 'array', items: TRACKING_RECORD } as const;

export const REPORTING_MESSAGES = {
  bad_month: 'Give the month as YYYY-MM.',
  no_reporting: 'This program reports nothing to the federal tracking tool.',
  empty_month: (month: string) => `No record of this program is ready for ${month}.`,
} as const;
