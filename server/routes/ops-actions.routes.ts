/** Ops overrides on a job: mark ineligible and undo, undo set as deemed, reassign the ops owner (spec sect. 4, 6). */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { JOB_DETAIL } from '../../engine/api/jobs.ts';
import { JOB_ELIGIBILITY_OVERRIDE, JOB_MARK_INELIGIBLE, JOB_OPS_OWNER } from '../../engine/api/requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import * as ops from '../services/ops-actions.service.ts';

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

export function opsActionsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/mark-ineligible',
      ability: 'job.mark_ineligible',
      tag: 'jobs',
      summary: 'Mark a job ineligible (ops override) with a reason; recorded in history',
      body: JOB_MARK_INELIGIBLE,
      errors: [400, 404, 422],
      response: JOB_DETAIL,
      load: jobOf,
    },
    (ctx, body, job) => ops.markIneligible(ctx.deps, userOf(ctx), job, body),
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/undo-ineligible',
      ability: 'job.mark_ineligible',
      tag: 'jobs',
      summary: 'Undo the ops override: eligibility is again what the program’s rules say',
      errors: [400, 404],
      response: JOB_DETAIL,
      load: jobOf,
      noBody: true,
    },
    (ctx, _body, job) => ops.undoIneligible(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/eligibility-override',
      ability: 'job.override_eligibility',
      tag: 'jobs',
      summary:
        'Let a job the rules find ineligible go on past the submission gate (explicit ops override) with a reason; recorded in history',
      body: JOB_ELIGIBILITY_OVERRIDE,
      errors: [400, 404, 422],
      response: JOB_DETAIL,
      load: jobOf,
    },
    (ctx, body, job) => ops.overrideEligibility(ctx.deps, userOf(ctx), job, body),
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/jobs/:job_id/eligibility-override',
      ability: 'job.override_eligibility',
      tag: 'jobs',
      summary: 'Undo the eligibility override: an ineligible job stops at the submission gate again',
      errors: [400, 404],
      response: JOB_DETAIL,
      load: jobOf,
      noBody: true,
    },
    (ctx, _body, job) => ops.undoEligibilityOverride(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/undo-deemed',
      ability: 'job.set_deemed',
      tag: 'jobs',
      summary: 'Undo set as deemed',
      errors: [400, 404],
      response: JOB_DETAIL,
      load: jobOf,
      noBody: true,
    },
    (ctx, _body, job) => ops.undoDeemed(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/ops-owner',
      ability: 'job.assign_ops_owner',
      tag: 'jobs',
      summary: 'Reassign the job’s ops owner to another ops user, or to none (null); recorded in history',
      body: JOB_OPS_OWNER,
      errors: [404, 422],
      response: JOB_DETAIL,
      load: jobOf,
    },
    (ctx, body, job) => ops.assignOpsOwner(ctx.deps, userOf(ctx), job, body),
  );
}
