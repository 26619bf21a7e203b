/** GET /api/jobs/{id}: the job, what the engine says about it now (stage, eligibility, rebate) and its tasks. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActionOwnerRole, EligibilityStatus, ExceptionKind, JobSection, TaskStatus } from '../../../../engine/constants.ts';
import type { IncentiveResult, StageResult } from '../../../../engine/types.ts';
import { api } from '../../../lib/api-client.ts';

/** One reason of an eligibility outcome (ops also get the rule and why). */
export interface EligibilityReasonView {
  code: string;
  text: string;
  rule?: string;
  missing?: string[];
  because?: string;
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
  /** Ops only: who flagged, when, with which note. */
  exception_notes?: Partial<Record<ExceptionKind, { note?: string; by?: string; at?: string } | null>> | null;
  owner_override: { role: ActionOwnerRole; reason: string; comments?: string } | null;
  can_edit: boolean;
  /** What the signed-in user may do with the task now (the server decides; the drawer shows these). */
  abilities: { flag_contractor_exception: boolean; flag_ops_exception: boolean; transfer: boolean; reset: boolean };
  data: Record<string, unknown> | null;
  has_unsubmitted_changes: boolean;
  version: number;
  updated_at: string | null;
}

/** The job detail. */
export interface JobDetail {
  id: number;
  code: string;
  external_id: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  address: string;
  city: string | null;
  county: string | null;
  state: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  electric_utility: string | null;
  gas_utility: string | null;
  contractor_id: number | null;
  contractor: string | null;
  program: { id: string; name: string };
  stage: { number: number; key: string; label: string; tab: string };
  stage_model: { id: string; label: string } | null;
  is_canceled: boolean;
  cancel_reason: string | null;
  eligibility: EligibilityStatus;
  is_eligible: boolean;
  action_owners: ActionOwnerRole[];
  has_contractor_task_exception: boolean;
  has_ops_task_exception: boolean;
  is_claimed: boolean;
  is_deemed: boolean;
  rebate: { min_cents: number; max_cents: number; final_cents: number | null };
  created_at: string;
  submitted_at: string | null;
  stage_entered_at: string;
  days_in_stage: number;
  cloned_from: number | null;
  submit_terms_id: number | null;
  install_terms_id: number | null;
  /** Ops only. */
  ops_owner?: number | null;
  claimed_by?: number | null;
  exception_notes?: string | null;
  evaluation: {
    program_hash: string;
    stage: StageResult;
    eligibility: { status: EligibilityStatus; reasons: EligibilityReasonView[]; pending: EligibilityReasonView[]; undetermined: EligibilityReasonView[] };
    incentive: IncentiveResult;
  };
  tasks: JobTask[];
  /** What the signed-in user may do with the job now (the server decides; the actions bar shows these). */
  abilities: { history: boolean; cancel: boolean; restore: boolean; clone: boolean; claim: boolean; set_deemed: boolean; regenerate_documents: boolean; delete_any_attachment: boolean };
}

export const jobKeys = {
  all: ['job'] as const,
  detail: (id: number) => ['job', id] as const,
  task: (id: number, task: string) => ['job', id, 'task', task] as const,
  history: (id: number, f: object) => ['job', id, 'history', f] as const,
  attachments: (id: number) => ['job', id, 'attachments'] as const,
  homeowner: (id: number) => ['job', id, 'homeowner'] as const,
};

export function getJob(id: number): Promise<JobDetail> {
  return api<JobDetail>('GET', `/api/jobs/${id}`, { ignoreErrors: [400, 404] });
}

export const jobQuery = (id: number) => queryOptions({ queryKey: jobKeys.detail(id), queryFn: () => getJob(id), enabled: Number.isInteger(id) && id > 0 });

export function useJob(id: number) {
  return useQuery(jobQuery(id));
}
