/** Jobs calls of spec sect. 7 (the search call is in search.routes.ts). */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { JOB_DETAIL, JOB_FILTER_OPTIONS, JOB_PAGE, JOB_REF, TASKS_CONFIRMED } from '../../engine/api/jobs.ts';
import { HOMEOWNER_VIEW, PLACE_ELIGIBILITY } from '../../engine/api/misc.ts';
import { HISTORY } from '../../engine/api/records.ts';
import { JOB_SUMMARY } from '../../engine/api/search.ts';
import { JOB_QUERY, int, str } from '../openapi/query-docs.ts';
import { ELIGIBILITY_STATUSES, ACTION_OWNER_ROLES, SEARCH_MAX_CHARS, SEARCH_MESSAGES } from '../../engine/index.ts';
import { badRequest } from '../errors.ts';
import { JOB_CANCEL, JOB_CLONE, NEW_JOB } from '../../engine/api/requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { assertFiltersAllowed, jobFor } from '../services/access.ts';
import * as jobs from '../services/jobs.service.ts';
import * as jobLists from '../services/job-lists.service.ts';
import * as actions from '../services/job-actions.service.ts';
import { SORT_COLUMNS, type JobFilters, type SortBy } from '../db/job-lists.db.ts';
import { query } from '../validation.ts';

/** The omni search of the list: the search's own length limit (a LIKE over every row per character). */
function listQuery(q: string | undefined): string | undefined {
  if (q !== undefined && Array.from(q).length > SEARCH_MAX_CHARS)
    throw badRequest(SEARCH_MESSAGES.too_long, 'search_too_long');
  return q;
}

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

/** Reads the list filters and paging of spec sect. 7 from a query. */
export function jobListQuery(q: Record<string, unknown>) {
  const filters: JobFilters = {
    contractor_id: query.int(q, 'contractor_id', { min: 1 }),
    program_id: query.str(q, 'program_id'),
    is_canceled: query.bool(q, 'is_canceled'),
    is_eligible: query.bool(q, 'is_eligible'),
    eligibility: query.str(q, 'eligibility', ELIGIBILITY_STATUSES),
    is_claimed_jobs: query.bool(q, 'is_claimed_jobs'),
    stage: query.ints(q, 'stage'),
    ops_user: query.int(q, 'ops_user', { min: 1 }),
    contractor_user: query.int(q, 'contractor_user', { min: 1 }),
    has_contractor_task_exception: query.bool(q, 'has_contractor_task_exception'),
    has_ops_task_exception: query.bool(q, 'has_ops_task_exception'),
    contractor_submitted_by: query.int(q, 'contractor_submitted_by', { min: 1 }),
    action_owner: query.str(q, 'action_owner', ACTION_OWNER_ROLES),
    show_my_jobs: query.bool(q, 'show_my_jobs'),
    q: listQuery(query.str(q, 'q')),
  };
  const paging = jobLists.checkPaging({
    page_number: query.int(q, 'page_number', { min: 1 }),
    per_page: query.int(q, 'per_page', { min: 1 }),
    sort_by: query.str(q, 'sort_by', Object.keys(SORT_COLUMNS)) as SortBy | undefined,
    sort_direction: query.str(q, 'sort_direction', ['asc', 'desc']) as 'asc' | 'desc' | undefined,
    after: query.str(q, 'after'),
    before: query.str(q, 'before'),
  });
  return { filters, paging };
}

export function jobsRoutes(router: AppRouter): void {
  // The internal lists are the same calls behind an ops-only ability.
  const list = async (ctx: AppContext) => {
    const user = userOf(ctx);
    const { filters, paging } = jobListQuery(ctx.query);
    assertFiltersAllowed(user, filters);
    ctx.type = 'application/json';
    ctx.body = await jobLists.listJobsJson(ctx.deps, user, filters, paging);
  };
  const summary = async (ctx: AppContext) => {
    const user = userOf(ctx);
    const { filters } = jobListQuery(ctx.query);
    assertFiltersAllowed(user, filters);
    ctx.body = await jobLists.summary(ctx.deps, user, filters);
  };
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs',
      ability: 'job.list',
      tag: 'jobs',
      summary: 'Jobs the user may see, filtered, sorted and paged',
      query: JOB_QUERY,
      errors: [400],
      response: JOB_PAGE,
    },
    list,
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/internal',
      ability: 'job.list_internal',
      tag: 'jobs',
      summary: 'All jobs with internal fields',
      query: JOB_QUERY,
      errors: [400],
      response: JOB_PAGE,
    },
    list,
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/summary',
      ability: 'job.list',
      tag: 'jobs',
      summary: 'Jobs per stage and per tab, and the canceled count',
      query: JOB_QUERY,
      response: JOB_SUMMARY,
    },
    summary,
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/summary-internal',
      ability: 'job.list_internal',
      tag: 'jobs',
      summary: 'Per-stage summary over all jobs',
      query: JOB_QUERY,
      response: JOB_SUMMARY,
    },
    summary,
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/jobs',
      ability: 'job.create',
      tag: 'jobs',
      summary: 'Add a new job (409: duplicate or which program first; 403: the company is suspended from the program)',
      body: NEW_JOB,
      status: 201,
      errors: [403, 409, 422],
      response: JOB_DETAIL,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      ctx.body = await jobs.createJob(ctx.deps, user, body);
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/filters',
      ability: 'job.create',
      tag: 'jobs',
      summary: 'The values each jobs-list filter can take',
      response: JOB_FILTER_OPTIONS,
      noBody: 'ignored',
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await jobLists.filterOptions(ctx.deps, user);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/initial-eligibility/:google_place_id',
      ability: 'job.create',
      tag: 'jobs',
      summary: 'Programs serving a place (Unable to determine eligibility when unknown)',
      errors: [404],
      response: PLACE_ELIGIBILITY,
    },
    async (ctx: AppContext) => {
      ctx.body = await jobs.placeEligibility(ctx.deps, ctx.params.google_place_id);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/code/:short_code',
      ability: 'job.read',
      tag: 'jobs',
      summary: 'The job of a short code',
      errors: [404],
      response: JOB_REF,
    },
    async (ctx: AppContext) => {
      ctx.body = await jobs.jobByCode(ctx.deps, userOf(ctx), ctx.params.short_code);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/homeowner/:job_id',
      ability: 'job.read',
      tag: 'homeowner',
      summary: "The homeowner's view of a job",
      errors: [404],
      response: HOMEOWNER_VIEW,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await actions.homeownerView(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/homeowner/confirm-tasks-done/:job_id',
      ability: 'job.confirm_homeowner_tasks',
      tag: 'homeowner',
      summary: 'The homeowner confirms their tasks are done',
      errors: [404],
      response: TASKS_CONFIRMED,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await actions.confirmTasksDone(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id',
      ability: 'job.read_detail',
      tag: 'jobs',
      summary: 'Job detail with the engine’s evaluation and tasks',
      errors: [404],
      response: JOB_DETAIL,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await jobs.readJob(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/history',
      ability: 'job.history',
      tag: 'jobs',
      summary: 'Job history, filtered by record type and user',
      query: { type: str('Record types, comma-separated'), user_id: int('Records by this user') },
      errors: [404],
      response: HISTORY,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      const type = query.str(ctx.query, 'type');
      ctx.body = await actions.jobHistory(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id), {
        type: type?.split(','),
        user_id: query.int(ctx.query, 'user_id', { min: 1 }),
      });
    },
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/cancel',
      ability: 'job.cancel',
      tag: 'jobs',
      summary: 'Cancel a job with a reason',
      body: JOB_CANCEL,
      errors: [400, 404, 422],
      response: JOB_DETAIL,
      load: jobOf,
    },
    async (ctx, body, job) => {
      ctx.body = await actions.cancelJob(ctx.deps, userOf(ctx), job, body);
    },
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/restore',
      ability: 'job.restore',
      tag: 'jobs',
      summary: 'Restore a canceled job',
      errors: [400, 404],
      response: JOB_DETAIL,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await actions.restoreJob(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/claim-job',
      ability: 'job.claim',
      tag: 'jobs',
      summary: 'Claim a job',
      errors: [404],
      response: JOB_DETAIL,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await actions.claimJob(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/set-job-as-deemed',
      ability: 'job.set_deemed',
      tag: 'jobs',
      summary: 'Set a job as deemed',
      errors: [404],
      response: JOB_DETAIL,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await actions.setDeemed(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/clone',
      ability: 'job.clone',
      tag: 'jobs',
      summary: 'Clone a job to another program',
      body: JOB_CLONE,
      status: 201,
      errors: [404, 422],
      response: JOB_DETAIL,
      load: jobOf,
    },
    async (ctx, body, job) => {
      ctx.body = await actions.cloneJob(ctx.deps, userOf(ctx), job, body);
    },
  );
}
