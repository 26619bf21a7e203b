/** Query parameters as openapi.json describes them, shared by the route declarations. */

import { ELIGIBILITY_STATUSES } from '../../engine/index.ts';
import type { QueryDoc } from '../routes/declare.ts';

export const int = (description: string, def?: number): QueryDoc => ({
  description,
  schema: { type: 'integer', ...(def !== undefined ? { default: def } : {}) },
});
export const bool = (description: string, def?: boolean): QueryDoc => ({
  description,
  schema: { type: 'boolean', ...(def !== undefined ? { default: def } : {}) },
});
export const str = (description: string, extra: Record<string, unknown> = {}): QueryDoc => ({
  description,
  schema: { type: 'string', ...extra },
});

/** The jobs list query of spec sect. 7. */
export const JOB_QUERY = {
  contractor_id: int('Jobs of a contractor company'),
  program_id: str('Jobs of a program'),
  is_canceled: bool('Canceled jobs (the canceled list)', false),
  is_eligible: bool('Only eligible (true) or not eligible (false) jobs'),
  eligibility: str('One eligibility value', { enum: ELIGIBILITY_STATUSES }),
  is_claimed_jobs: bool('Only claimed jobs'),
  stage: str('Stage numbers, comma-separated'),
  ops_user: int('Jobs whose ops owner is this user'),
  contractor_user: int('Jobs created by this contractor user'),
  has_contractor_task_exception: bool('Jobs with a contractor exception flag on a task'),
  has_ops_task_exception: bool('Jobs with an ops exception flag on a task'),
  contractor_submitted_by: int('Jobs submitted by this user'),
  action_owner: str('Jobs with an open task owned by this role'),
  show_my_jobs: bool('Jobs claimed, owned or created by me'),
  q: str('Omni search: customer name, address, code or job id'),
  page_number: int('Page', 1),
  per_page: int('Page size (at most 200)', 25),
  sort_by: str('Sort column', {
    enum: ['created_at', 'full_name', 'days_in_stage', 'stage', 'updated_at'],
    default: 'created_at',
  }),
  sort_direction: str('Sort direction', { enum: ['asc', 'desc'], default: 'asc' }),
};

/** Paging of the other lists. */
export const PAGE = { page_number: int('Page', 1), per_page: int('Page size (at most 200)', 25) };

/** A search's text. */
export const Q = { q: str('Search text (at least 2 characters)', { minLength: 2 }) };
