/** Jobs calls of spec sect. 7 (the search call is in search.routes.ts). */

import { can, userOf } from '../abilities.ts';
import { ELIGIBILITY_STATUSES, ACTION_OWNER_ROLES, SEARCH_MAX_CHARS, SEARCH_MESSAGES } from '../../engine/index.ts';
import { badRequest } from '../errors.ts';
import { NEW_JOB, type NewJob } from '../../engine/api/requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { assertFiltersAllowed, jobFor } from '../services/access.ts';
import * as jobs from '../services/jobs.service.ts';
import * as actions from '../services/job-actions.service.ts';
import { SORT_COLUMNS, type JobFilters, type SortBy } from '../db/jobs.db.ts';
import { checkBody, query } from '../validation.ts';

/** Reads the list filters and paging of spec sect. 7 from a query. */
/** The omni search of the list: the search's own length limit (a LIKE over every row per character). */
function listQuery(q: string | undefined): string | undefined {
  if (q !== undefined && Array.from(q).length > SEARCH_MAX_CHARS) throw badRequest(SEARCH_MESSAGES.too_long, 'search_too_long');
  return q;
}

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
  const paging = jobs.checkPaging({
    page_number: query.int(q, 'page_number', { min: 1 }),
    per_page: query.int(q, 'per_page', { min: 1 }),
    sort_by: query.str(q, 'sort_by', Object.keys(SORT_COLUMNS)) as SortBy | undefined,
    sort_direction: query.str(q, 'sort_direction', ['asc', 'desc']) as 'asc' | 'desc' | undefined,
  });
  return { filters, paging };
}


export function jobsRoutes(router: AppRouter): void {
  // The internal lists are the same calls behind an ops-only ability.
  const list = (ctx: AppContext) => {
    const user = userOf(ctx);
    const { filters, paging } = jobListQuery(ctx.query);
    assertFiltersAllowed(user, filters);
    ctx.type = 'application/json';
    ctx.body = jobs.listJobsJson(ctx.deps, user, filters, paging);
  };
  const summary = (ctx: AppContext) => {
    const user = userOf(ctx);
    const { filters } = jobListQuery(ctx.query);
    assertFiltersAllowed(user, filters);
    ctx.body = jobs.summary(ctx.deps, user, filters);
  };
  router.get('/api/jobs', can('job.list'), list);
  router.get('/api/jobs/internal', can('job.list_internal'), list);
  router.get('/api/jobs/summary', can('job.list'), summary);
  router.get('/api/jobs/summary-internal', can('job.list_internal'), summary);

  router.post('/api/jobs', can('job.create'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = jobs.createJob(ctx.deps, user, checkBody<NewJob>(NEW_JOB, ctx.request.body));
    ctx.status = 201;
  });
  router.post('/api/jobs/filters', can('job.create'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = jobs.filterOptions(ctx.deps, user);
  });
  router.get('/api/jobs/initial-eligibility/:google_place_id', can('job.create'), (ctx: AppContext) => {
    ctx.body = jobs.placeEligibility(ctx.deps, ctx.params.google_place_id);
  });
  router.get('/api/jobs/code/:short_code', can('job.read'), (ctx: AppContext) => {
    ctx.body = jobs.jobByCode(ctx.deps, userOf(ctx), ctx.params.short_code);
  });
  router.get('/api/jobs/homeowner/:id', can('job.read'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.homeownerView(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.id));
  });
  router.post('/api/jobs/homeowner/confirm-tasks-done/:job_id', can('job.confirm_homeowner_tasks'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.confirmTasksDone(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id));
  });
  router.get('/api/jobs/:job_id', can('job.read_detail'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = jobs.readJob(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id));
  });
  router.get('/api/jobs/:job_id/history', can('job.history'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const type = query.str(ctx.query, 'type');
    ctx.body = actions.jobHistory(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id), { type: type?.split(','), user_id: query.int(ctx.query, 'user_id', { min: 1 }) });
  });
  router.patch('/api/jobs/:job_id/cancel', can('job.cancel'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.cancelJob(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id), (ctx.request.body ?? {}) as { reason?: unknown; note?: unknown });
  });
  router.patch('/api/jobs/:job_id/restore', can('job.restore'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.restoreJob(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id));
  });
  router.put('/api/jobs/:id/claim-job', can('job.claim'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.claimJob(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.id));
  });
  router.put('/api/jobs/:id/set-job-as-deemed', can('job.set_deemed'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.setDeemed(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.id));
  });
  router.patch('/api/jobs/:job_id/regenerate-documents', can('job.regenerate_documents'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const job = jobFor(ctx.deps, user, ctx.params.job_id);
    ctx.body = actions.regenerateDocuments(ctx.deps, user, job, query.str(ctx.query, 'task_name'), query.bool(ctx.query, 'recreate') ?? false);
  });
  router.post('/api/jobs/:job_id/clone', can('job.clone'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = actions.cloneJob(ctx.deps, user, jobFor(ctx.deps, user, ctx.params.job_id), (ctx.request.body ?? {}) as { program_id?: unknown });
    ctx.status = 201;
  });
}
