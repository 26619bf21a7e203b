/**
 * Energy usage collection (spec sect. 4): a job's collection as the caller's role reads it and the staff
 * actions (signed in); the homeowner's collection page (public: the link from the invite mail is the
 * credential).
 */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import {
  CONNECT_START,
  CONNECT_START_REQUEST,
  CONNECT_VIEW,
  JOB_USAGE,
  USAGE_ACTION_REQUEST,
} from '../../../engine/api/usage.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { jobFor } from '../../services/access.ts';
import * as usage from './usage.service.ts';
import { bool } from '../../openapi/query-docs.ts';
import { query } from '../../validation.ts';

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

/** The collection page link's token as the page reads it (the credential: only its length is checked). */
const TOKEN = {
  token: {
    description: "The collection page link's token (from the invitation mail)",
    schema: { type: 'string', minLength: 1, maxLength: usage.USAGE_TOKEN_MAX_LENGTH },
  },
};

export function usageRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/usage',
      ability: 'usage.read',
      tag: 'usage',
      summary:
        'The job’s energy usage collection: the nine steps in their four stages in the caller’s wording, the energy history, and for ops the meters and the actions that apply',
      errors: [404],
      response: JOB_USAGE,
      load: jobOf,
    },
    (ctx, _body, job) => usage.jobUsage(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/usage/actions',
      ability: 'usage.manage',
      tag: 'usage',
      summary:
        'A staff action: select meters, process historical, subscribe meters, process ongoing, resend the invite (recorded in history)',
      body: USAGE_ACTION_REQUEST,
      errors: [404, 409, 422, 503],
      response: JOB_USAGE,
      load: jobOf,
    },
    (ctx, body, job) => usage.usageAction(ctx.deps, userOf(ctx), job, body),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/usage-connect/:token',
      ability: 'public',
      params: TOKEN,
      tag: 'usage',
      summary:
        'The homeowner’s collection page: where the collection is and what to do next (the first view records the visit)',
      query: { returned: bool('Back from the utility’s sign-in page: the authorization is checked at once', false) },
      errors: [404, 410],
      response: CONNECT_VIEW,
    },
    (ctx) => usage.connectView(ctx.deps, ctx.params.token, query.bool(ctx.query, 'returned') ?? false),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/usage-connect/:token/connect',
      ability: 'public',
      params: TOKEN,
      tag: 'usage',
      summary: 'Consent to share usage: the utility’s sign-in page to go to',
      body: CONNECT_START_REQUEST,
      errors: [404, 409, 410, 422, 503],
      response: CONNECT_START,
    },
    (ctx) => usage.connect(ctx.deps, ctx.params.token),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/usage-connect/:token/decline',
      ability: 'public',
      params: TOKEN,
      tag: 'usage',
      summary: 'Decline to connect: the program’s rules say what follows (for example uploading bills)',
      errors: [404, 409, 410],
      response: CONNECT_VIEW,
      noBody: true,
    },
    (ctx) => usage.decline(ctx.deps, ctx.params.token),
  );
}
