/**
 * The task calls' answers, written once (re-exported by engine/api/jobs.ts): a task of a job as the
 * caller may see and work it, what a submit answers, and a job's task list.
 */

import type { FromSchema } from 'json-schema-to-ts';
import {
  ACTION_OWNER_ROLES,
  ELIGIBILITY_STATUSES,
  EXCEPTION_KINDS,
  JOB_SECTIONS,
  TASK_STATUSES,
  type EligibilityStatus,
} from '../constants.ts';
import { FIELD_MESSAGES, flags, itemsOf } from './schema-parts.ts';
import type { StageResult } from '../types.ts';

/** What the signed-in user may do with a task now (besides working it: `can_edit`). */
export const TASK_ABILITIES = flags(['flag_contractor_exception', 'flag_ops_exception', 'transfer', 'reset']);
export type TaskAbilities = FromSchema<typeof TASK_ABILITIES>;

const ownerRole = { type: 'string', enum: ACTION_OWNER_ROLES } as const;
const note = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      properties: { note: { type: 'string' }, by: { type: 'string' }, at: { type: 'string' } },
    },
  ],
} as const;

/** A task of a job as the API answers it. */
export const JOB_TASK = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'form',
    'form_version',
    'section',
    'produces_documents',
    'stage',
    'status',
    'owner',
    'default_owner',
    'blocked_by',
    'exceptions',
    'owner_override',
    'can_edit',
    'abilities',
    'data',
    'has_unsubmitted_changes',
    'version',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    form: { type: 'string' },
    /**
     * null: the form is GET /api/forms/{form}'s. Else the job keeps an earlier definition version whose form
     * differs: read it from GET /api/jobs/{job}/tasks/{task}/form (the value: that form's hash).
     */
    form_version: { type: ['string', 'null'] },
    /** The job-detail tab it shows under (its form's `section:`), or null: Program progress only. */
    section: { anyOf: [{ type: 'null' }, { type: 'string', enum: JOB_SECTIONS }] },
    /** Its form produces documents to sign (ops may regenerate them). */
    produces_documents: { type: 'boolean' },
    stage: { type: 'integer' },
    status: { type: 'string', enum: TASK_STATUSES },
    owner: ownerRole,
    default_owner: ownerRole,
    blocked_by: { type: 'array', items: { type: 'string' } },
    exceptions: flags(EXCEPTION_KINDS),
    /** Ops only: who flagged, when, with which note. */
    exception_notes: {
      anyOf: [
        { type: 'null' },
        { type: 'object', additionalProperties: false, properties: { contractor: note, ops: note } },
      ],
    },
    owner_override: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['role', 'reason'],
          properties: { role: ownerRole, reason: { type: 'string' }, comments: { type: 'string' } },
        },
      ],
    },
    can_edit: { type: 'boolean' },
    abilities: TASK_ABILITIES,
    data: { type: ['object', 'null'] },
    has_unsubmitted_changes: { type: 'boolean' },
    version: { type: 'integer', minimum: 0 },
    updated_at: { type: ['string', 'null'] },
    /** Answering a draft save: the upload references left out of the draft (not stored for this field), and why. */
    dropped: FIELD_MESSAGES,
  },
} as const;
export type JobTask = FromSchema<typeof JOB_TASK>;
/** POST .../submit: the task as saved, the warnings it passed with, and where the job stands now. */
export const TASK_SUBMITTED = {
  type: 'object',
  additionalProperties: false,
  required: ['task', 'warnings', 'job'],
  properties: {
    task: JOB_TASK,
    warnings: FIELD_MESSAGES,
    job: {
      type: 'object',
      additionalProperties: false,
      required: ['stage', 'eligibility'],
      properties: { stage: { type: 'object' }, eligibility: { type: 'string', enum: ELIGIBILITY_STATUSES } },
    },
  },
} as const;
/** A submit's answer; where the job stands is the engine's own stage type. */
export type TaskSubmitted = Omit<FromSchema<typeof TASK_SUBMITTED>, 'job'> & {
  job: { stage: StageResult; eligibility: EligibilityStatus };
};
/** GET /api/jobs/{job_id}/tasks. */
export const JOB_TASKS = itemsOf(JOB_TASK);
