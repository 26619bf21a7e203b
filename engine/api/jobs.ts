/**
 * The job calls' answers, written once: the server's presenters return these types (the compiler checks
 * every field they build, and that none is added unannounced), and the web app reads them. GET
 * /api/jobs (and its search) answer JobListItem pages, GET /api/jobs/{id} a JobDetail, the task calls a
 * JobTask.
 */

import type { ActionOwnerRole, EligibilityStatus, ExceptionKind, JobSection, TaskStatus } from '../constants.ts';
import type { IncentiveResult, StageResult } from '../types.ts';

/** Ops only: who flagged an exception, when, with which note. */
export type ExceptionNotes = Partial<Record<ExceptionKind, { note?: string; by?: string; at?: string } | null>>;

/** A job in a list: its stored columns, no evaluation. */
export interface JobListItem {
  id: number;
  code: string;
  external_id: string | null;
  full_name: string;
  address: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  contractor_id: number | null;
  contractor: string | null;
  program: { id: string; name: string };
  /** key and tab are null for a stage the program's model no longer has. */
  stage: { number: number; key: string | null; label: string; tab: string | null };
  is_canceled: boolean;
  cancel_reason: string | null;
  eligibility: EligibilityStatus;
  is_eligible: boolean;
  action_owners: ActionOwnerRole[];
  has_contractor_task_exception: boolean;
  has_ops_task_exception: boolean;
  is_claimed: boolean;
  is_deemed: boolean;
  /** Null until the engine has an estimate (min/max) or a final amount. */
  rebate: { min_cents: number | null; max_cents: number | null; final_cents: number | null };
  created_at: string;
  stage_entered_at: string;
  days_in_stage: number;
  /** Ops only. */
  ops_owner?: number | null;
  /** Ops only. */
  claimed_by?: number | null;
  /** Ops only. */
  exception_notes?: string | null;
}

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
export interface JobDetail extends JobListItem {
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
