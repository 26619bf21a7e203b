/**
 * The job calls' answers, written once: the server's presenters return these types (the compiler checks
 * every field they build, and that none is added unannounced), and the web app reads them. GET
 * /api/jobs (and its search) answer JobListItem pages, GET /api/jobs/{id} a JobDetail, the task calls a
 * JobTask.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { ACTION_OWNER_ROLES, ELIGIBILITY_STATUSES, STAGE_TABS, type ActionOwnerRole, type EligibilityStatus, type ExceptionKind, type JobSection, type TaskStatus } from '../constants.ts';
import { pageOf } from './admin-responses.ts';
import type { IncentiveResult, StageResult } from '../types.ts';

/** Ops only: who flagged an exception, when, with which note. */
export type ExceptionNotes = Partial<Record<ExceptionKind, { note?: string; by?: string; at?: string } | null>>;

/** A job in a list: its stored columns, no evaluation (GET /api/jobs, /api/jobs/internal). */
export const JOB_LIST_ITEM = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'code', 'external_id', 'full_name', 'address', 'city', 'state', 'zip', 'contractor_id', 'contractor', 'program', 'stage', 'is_canceled', 'cancel_reason',
    'eligibility', 'is_eligible', 'action_owners', 'has_contractor_task_exception', 'has_ops_task_exception', 'is_claimed', 'is_deemed', 'rebate', 'created_at',
    'stage_entered_at', 'days_in_stage',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    external_id: { type: ['string', 'null'] },
    full_name: { type: 'string' },
    address: { type: 'string' },
    city: { type: ['string', 'null'] },
    state: { type: ['string', 'null'] },
    zip: { type: ['string', 'null'] },
    contractor_id: { type: ['integer', 'null'] },
    contractor: { type: ['string', 'null'] },
    program: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
    /** key and tab are null for a stage the program's model no longer has. */
    stage: {
      type: 'object',
      additionalProperties: false,
      required: ['number', 'key', 'label', 'tab'],
      properties: { number: { type: 'integer' }, key: { type: ['string', 'null'] }, label: { type: 'string' }, tab: { anyOf: [{ type: 'null' }, { type: 'string', enum: STAGE_TABS }] } },
    },
    is_canceled: { type: 'boolean' },
    cancel_reason: { type: ['string', 'null'] },
    eligibility: { type: 'string', enum: ELIGIBILITY_STATUSES },
    is_eligible: { type: 'boolean' },
    action_owners: { type: 'array', items: { type: 'string', enum: ACTION_OWNER_ROLES } },
    has_contractor_task_exception: { type: 'boolean' },
    has_ops_task_exception: { type: 'boolean' },
    is_claimed: { type: 'boolean' },
    is_deemed: { type: 'boolean' },
    /** Null until the engine has an estimate (min/max) or a final amount. */
    rebate: {
      type: 'object',
      additionalProperties: false,
      required: ['min_cents', 'max_cents', 'final_cents'],
      properties: { min_cents: { type: ['integer', 'null'] }, max_cents: { type: ['integer', 'null'] }, final_cents: { type: ['integer', 'null'] } },
    },
    created_at: { type: 'string' },
    stage_entered_at: { type: 'string' },
    days_in_stage: { type: 'integer', minimum: 0 },
    /** Ops only. */
    ops_owner: { type: ['integer', 'null'] },
    /** Ops only. */
    claimed_by: { type: ['integer', 'null'] },
    /** Ops only. */
    exception_notes: { type: ['string', 'null'] },
  },
} as const;
export type JobListItem = FromSchema<typeof JOB_LIST_ITEM>;
/** A page of the jobs list. */
export const JOB_PAGE = pageOf(JOB_LIST_ITEM);

/** What the signed-in user may do with a task now (besides working it: `can_edit`). */
export interface TaskAbilities {
  flag_contractor_exception: boolean;
  flag_ops_exception: boolean;
  transfer: boolean;
  reset: boolean;
}

/** A task of a job as the API answers it. */
export interface JobTask {
  id: string;
  title: string;
  form: string;
  /** The job-detail tab it shows under (its form's `section:`), or null: Program progress only. */
  section: JobSection | null;
  /** Its form produces documents to sign (ops may regenerate them). */
  produces_documents: boolean;
  stage: number;
  status: TaskStatus;
  owner: ActionOwnerRole;
  default_owner: ActionOwnerRole;
  blocked_by: string[];
  exceptions: Record<ExceptionKind, boolean>;
  /** Ops only. */
  exception_notes?: ExceptionNotes | null;
  owner_override: { role: ActionOwnerRole; reason: string; comments?: string } | null;
  can_edit: boolean;
  abilities: TaskAbilities;
  data: Record<string, unknown> | null;
  has_unsubmitted_changes: boolean;
  version: number;
  updated_at: string | null;
}

/** One reason of an eligibility outcome (ops also get the rule and why). */
export interface EligibilityReasonView {
  code: string;
  text: string;
  rule?: string;
  missing?: string[];
  because?: string;
}

/** What the engine says about a job, as the caller may see it. */
export interface EvaluationView {
  program_hash: string;
  stage: StageResult;
  eligibility: { status: EligibilityStatus; reasons: EligibilityReasonView[]; pending: EligibilityReasonView[]; undetermined: EligibilityReasonView[] };
  incentive: IncentiveResult;
}

/** What the signed-in user may do with the job now. */
export interface JobAbilities {
  history: boolean;
  cancel: boolean;
  restore: boolean;
  clone: boolean;
  claim: boolean;
  set_deemed: boolean;
  regenerate_documents: boolean;
  delete_any_attachment: boolean;
}

/** The job detail. */
export type JobDetail = JobListItem & JobDetailMore;
/** What the detail adds to the list item. */
export interface JobDetailMore {
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  county: string | null;
  lat: number | null;
  lon: number | null;
  electric_utility: string | null;
  gas_utility: string | null;
  submitted_at: string | null;
  submit_terms_id: number | null;
  install_terms_id: number | null;
  cloned_from: number | null;
  stage_model: { id: string; label: string } | null;
  evaluation: EvaluationView;
  tasks: JobTask[];
  abilities: JobAbilities;
}
