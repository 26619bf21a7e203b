/**
 * Inspections on the wire (issue 43): each sampled review of a job as the inspection queue shows it, who inspects it,
 * by when, and how it ended; the inspectors ops assign. An inspector reads only the inspections assigned to them, and
 * only what a visit needs of the job (its address, program, contractor and the homeowner to call), never the job.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { PRODUCT_CONSTANTS } from '../constants.ts';

/** How many times an inspector may offer the homeowner for a visit. */
export const VISIT_MAX_TIMES = 3;
/** How far ahead a visit may be proposed or picked (days). */
export const VISIT_MAX_DAYS_AHEAD = 90;
/** Where a visit's arrangement stands: times offered to the homeowner, or a time they confirmed. */
export const VISIT_STATES = ['proposed', 'confirmed'] as const;

/** A field inspection's visit as the inspector and ops see it (null before any time was proposed). */
export const VISIT = {
  type: 'object',
  additionalProperties: false,
  required: ['state', 'times', 'time_zone', 'visit_at', 'chosen_by_homeowner', 'note', 'proposed_at', 'answered_at'],
  properties: {
    state: { enum: VISIT_STATES },
    /** The times offered (ISO instants), soonest first. */
    times: { type: 'array', items: { type: 'string' } },
    /** The IANA zone the times were offered in (the mail writes them in it). */
    time_zone: { type: 'string' },
    /** The confirmed time (null while the homeowner has not answered). */
    visit_at: { type: ['string', 'null'] },
    /** The homeowner picked a time of their own rather than one offered. */
    chosen_by_homeowner: { type: 'boolean' },
    /** What the homeowner added (gate code, dog, parking). */
    note: { type: ['string', 'null'] },
    proposed_at: { type: 'string' },
    answered_at: { type: ['string', 'null'] },
  },
} as const;
export type Visit = FromSchema<typeof VISIT>;

/** PUT /api/jobs/{job_id}/quality/{review_id}/visit: the times offered to the homeowner, in the proposer's zone. */
export const VISIT_PROPOSAL = {
  type: 'object',
  additionalProperties: false,
  required: ['times', 'time_zone'],
  properties: {
    times: {
      type: 'array',
      minItems: 1,
      maxItems: VISIT_MAX_TIMES,
      items: { type: 'string', format: 'date-time' },
    },
    time_zone: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;
export type VisitProposal = FromSchema<typeof VISIT_PROPOSAL>;

/** GET /api/visits/{token}: the homeowner's page of a proposed visit (the mailed link is the credential). */
export const VISIT_VIEW = {
  type: 'object',
  additionalProperties: false,
  required: ['job_code', 'program', 'review', 'address', 'inspector', 'visit', 'open'],
  properties: {
    job_code: { type: 'string' },
    program: { type: 'string' },
    review: { type: 'string' },
    address: { type: 'string' },
    /** Who comes (the inspector's name; null when ops have not named one). */
    inspector: { type: ['string', 'null'] },
    visit: VISIT,
    /** The homeowner may still answer (the inspection has no outcome yet). */
    open: { type: 'boolean' },
  },
} as const;
export type VisitView = FromSchema<typeof VISIT_VIEW>;

/** POST /api/visits/{token}: the homeowner takes an offered time or picks another, with an optional note. */
export const VISIT_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: ['at'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    note: { type: 'string', maxLength: 500 },
  },
} as const;
export type VisitAnswer = FromSchema<typeof VISIT_ANSWER>;

/** Where an inspection stands: nobody assigned, assigned and waiting on its outcome, passed, failed. */
export const INSPECTION_STATES = ['unassigned', 'assigned', 'passed', 'failed'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];

const PERSON = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** One sampled review of a job, as the queue and the inspector's day show it. */
export const INSPECTION = {
  type: 'object',
  additionalProperties: false,
  required: [
    'job_id',
    'job_code',
    'review_id',
    'review',
    'kind',
    'program_id',
    'program',
    'contractor',
    'address',
    'homeowner',
    'explanation',
    'decided_at',
    'due_at',
    'overdue',
    'inspector',
    'assigned_at',
    'state',
    'outcome_note',
    'outcome_at',
    'visit',
  ],
  properties: {
    job_id: { type: 'integer' },
    job_code: { type: 'string' },
    review_id: { type: 'string' },
    /** The review's name on screens. */
    review: { type: 'string' },
    kind: { enum: ['desk_review', 'field_inspection'] },
    program_id: { type: 'string' },
    /** The program's name. */
    program: { type: 'string' },
    /** The contractor company whose work is inspected (null: a job without one). */
    contractor: { anyOf: [{ type: 'null' }, PERSON] },
    /** Where the work is: street, city, state and ZIP in one line. */
    address: { type: 'string' },
    /** Whom a field inspector calls to arrange the visit (name and phone). */
    homeowner: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'phone'],
      properties: { name: { type: 'string' }, phone: { type: ['string', 'null'] } },
    },
    /** Why the job was sampled, in a sentence. */
    explanation: { type: 'string' },
    decided_at: { type: 'string' },
    /** The review's due_days after the decision. */
    due_at: { type: 'string' },
    /** Due and not yet passed or failed. */
    overdue: { type: 'boolean' },
    inspector: { anyOf: [{ type: 'null' }, PERSON] },
    assigned_at: { type: ['string', 'null'] },
    state: { enum: INSPECTION_STATES },
    /** The latest outcome's note and time (null before any). */
    outcome_note: { type: ['string', 'null'] },
    outcome_at: { type: ['string', 'null'] },
    /** A field inspection's visit with the homeowner (null before times were proposed; a desk review has none). */
    visit: { anyOf: [{ type: 'null' }, VISIT] },
    /** One inspection only (GET .../quality/{review_id}): the checklists to fill in for this job, each a form's key
     * (GET /api/forms/{form}) and title: every job's, and those of the measures its rebate has a line for. */
    checklists: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['form', 'title'],
        properties: { form: { type: 'string' }, title: { type: 'string' } },
      },
    },
  },
} as const;
export type Inspection = FromSchema<typeof INSPECTION>;

/** GET /api/inspections: the queue, soonest due first. */
export const INSPECTION_LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: INSPECTION } },
} as const;
export type InspectionList = FromSchema<typeof INSPECTION_LIST>;

/** GET /api/inspections filters (ops; an inspector's list is always their own). */
export const INSPECTION_FILTERS = ['program_id', 'contractor_id', 'inspector_id', 'state', 'due'] as const;
/** `due`: overdue, or due within the next 7 days (overdue included). */
export const INSPECTION_DUE = ['overdue', 'week'] as const;

/** PUT /api/jobs/{job_id}/quality/{review_id}/inspector: ops assign or reassign a sampled review. */
export const INSPECTOR_ASSIGNMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['inspector_id'],
  properties: { inspector_id: { type: 'integer', minimum: 1 } },
} as const;
export type InspectorAssignment = FromSchema<typeof INSPECTOR_ASSIGNMENT>;

/** An inspector's account, as ops see it. */
export const INSPECTOR = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'email', 'assigned'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    /** Inspections assigned to them and not yet passed or failed. */
    assigned: { type: 'integer' },
  },
} as const;
export type Inspector = FromSchema<typeof INSPECTOR>;

/** GET /api/inspectors. */
export const INSPECTOR_LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: INSPECTOR } },
} as const;
export type InspectorList = FromSchema<typeof INSPECTOR_LIST>;

/** POST /api/inspectors: ops give a third-party inspector a sign-in (mailed a one-time sign-in link). */
export const INSPECTOR_CREATE = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: {
    email: { type: 'string', format: 'email' },
    name: { type: 'string', minLength: 1, maxLength: PRODUCT_CONSTANTS.name_max_chars },
  },
} as const;
export type InspectorCreate = FromSchema<typeof INSPECTOR_CREATE>;
