/**
 * Homeowners brought onto the portal: a job's homeowner access and the invitation (ops and the job's
 * contractor), a new sign-in link (ops), and the homeowner opening the invitation's link (public: the
 * link is the credential).
 */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import {
  HOMEOWNER_ACCESS,
  HOMEOWNER_INVITE,
  HOMEOWNER_INVITE_REQUEST,
  INVITE_SESSION,
  INVITE_SIGN_IN,
  SIGN_IN_LINK_SENT,
} from '../../../engine/api/homeowners.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { jobFor } from '../../services/access.ts';
import * as homeowners from './homeowners.service.ts';

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

export function homeownersRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/homeowner-access',
      ability: 'job.invite_homeowner',
      tag: 'homeowner',
      summary: 'Who can open the job’s homeowner view, the tasks an invitation can send, and the invitations sent',
      errors: [404],
      response: HOMEOWNER_ACCESS,
      load: jobOf,
    },
    (ctx, _body, job) => homeowners.homeownerAccess(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/homeowner-invites',
      ability: 'job.invite_homeowner',
      tag: 'homeowner',
      summary:
        'Invite the homeowner by email with the tasks to send them (the homeowner_email_solicitation form); recorded in history',
      body: HOMEOWNER_INVITE_REQUEST,
      status: 201,
      errors: [400, 404, 422],
      response: HOMEOWNER_INVITE,
      load: jobOf,
    },
    (ctx, body, job) => homeowners.inviteHomeowner(ctx.deps, userOf(ctx), job, body),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/homeowner-sign-in-link',
      ability: 'job.send_homeowner_sign_in_link',
      tag: 'homeowner',
      summary: 'Mail the job’s homeowner a new one-time sign-in link; recorded in history',
      errors: [404, 409],
      response: SIGN_IN_LINK_SENT,
      load: jobOf,
      noBody: true,
    },
    (ctx, _body, job) => homeowners.sendSignInLink(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/auth/invite',
      ability: 'public',
      tag: 'auth',
      summary:
        'The homeowner opens an invitation link: their account is created or linked to the job, and a session opens',
      body: INVITE_SIGN_IN,
      bodyCheckedBy: 'call',
      errors: [401, 403],
      response: INVITE_SESSION,
    },
    async (ctx) => await homeowners.acceptInvite(ctx.deps, ((ctx.request.body ?? {}) as Record<string, unknown>).token),
  );
}
