/** Query parameters as openapi.json describes them, shared by the route declarations. */

import { ACTION_OWNER_ROLES, ELIGIBILITY_STATUSES, PRODUCT_CONSTANTS, SEARCH_MAX_CHARS } from '../../engine/index.ts';
import { MAX_ID } from '../db/portable.ts';
import { SEARCH_MAX_LIMIT } from '../services/search.service.ts';
import type { QueryDoc } from '../routes/declare.ts';

/** The bounds of a whole number as server/validation.ts reads it (`query.int`): ids and counts start at 1. */
interface IntBounds {
  minimum?: number;
  maximum?: number;
}

/** A whole number; by default 1 to MAX_ID (no id, stage or page the database holds is larger). */
export const int = (description: string, def?: number, bounds: IntBounds = {}): QueryDoc => ({
  description,
  schema: {
    type: 'integer',
    minimum: bounds.minimum ?? 1,
    maximum: bounds.maximum ?? MAX_ID,
    ...(def !== undefined ? { default: def } : {}),
  },
});

/** The largest page the lists answer (server/routes/params.ts pageOf, jobs.service.ts checkPaging). */
export const PER_PAGE_MAX = 200;
const perPage = () => int(`Page size (at most ${PER_PAGE_MAX})`, 25, { maximum: PER_PAGE_MAX });
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
  stage: str('Stage numbers, comma-separated', { pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$' }),
  ops_user: int('Jobs whose ops owner is this user'),
  contractor_user: int('Jobs created by this contractor user'),
  has_contractor_task_exception: bool('Jobs with a contractor exception flag on a task'),
  has_ops_task_exception: bool('Jobs with an ops exception flag on a task'),
  contractor_submitted_by: int('Jobs submitted by this user'),
  action_owner: str('Jobs with an open task owned by this role', { enum: [...ACTION_OWNER_ROLES] }),
  show_my_jobs: bool('Jobs claimed, owned or created by me'),
  q: str('Omni search: customer name, address, code or job id', { maxLength: SEARCH_MAX_CHARS }),
  page_number: int('Page', 1),
  per_page: perPage(),
  sort_by: str('Sort column', {
    enum: ['created_at', 'full_name', 'days_in_stage', 'stage', 'updated_at'],
    default: 'created_at',
  }),
  sort_direction: str('Sort direction', { enum: ['asc', 'desc'], default: 'asc' }),
  after: str(
    "The page after the row this cursor names (a page's next_cursor; keyset paging: deep pages cost no more)",
    {
      pattern: '^[A-Za-z0-9_-]{1,2000}$',
    },
  ),
  before: str("The page before the row this cursor names (a page's previous_cursor)", {
    pattern: '^[A-Za-z0-9_-]{1,2000}$',
  }),
};

/** Paging of the other lists. */
export const PAGE = { page_number: int('Page', 1), per_page: perPage() };

/** A search's text, and how many hits at most. */
export const Q = {
  q: {
    ...str(
      `Search text (${PRODUCT_CONSTANTS.search_min_chars} to ${SEARCH_MAX_CHARS} characters, control characters and spaces around left out)`,
      {
        minLength: PRODUCT_CONSTANTS.search_min_chars,
        maxLength: SEARCH_MAX_CHARS,
      },
    ),
    required: true,
  },
  limit: int('The most hits to answer', undefined, { maximum: SEARCH_MAX_LIMIT }),
};
