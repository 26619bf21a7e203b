/** Payments bound to the rebate: what a job may be paid, and paying more by four eyes (ops only). */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import { JOB_PAYMENT, PAYMENT_OVERRIDE_DECISION, PAYMENT_OVERRIDE_REQUEST } from '../../../engine/api/payments.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { jobFor } from '../../services/access.ts';
import * as overrides from './overrides.ts';

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

export function paymentsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/payment',
      ability: 'payment.override',
      tag: 'payments',
      summary: 'The most the job may be paid now (its rebate) and the overrides asked to pay more, with who decided',
      errors: [404],
      response: JOB_PAYMENT,
      load: jobOf,
    },
    (ctx, _body, job) => overrides.jobPayment(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/payment-override',
      ability: 'payment.override',
      tag: 'payments',
      summary:
        'Ask to pay the job up to an amount above its rebate, with a reason; a second ops user must approve it (history)',
      body: PAYMENT_OVERRIDE_REQUEST,
      errors: [404, 409, 422],
      response: JOB_PAYMENT,
      load: jobOf,
    },
    (ctx, body, job) => overrides.requestOverride(ctx.deps, userOf(ctx), job, body),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/payment-override/decision',
      ability: 'payment.override',
      tag: 'payments',
      summary:
        'A second ops user approves or declines the waiting override (not the one who asked); history names both',
      body: PAYMENT_OVERRIDE_DECISION,
      errors: [404, 409, 422],
      response: JOB_PAYMENT,
      load: jobOf,
    },
    (ctx, body, job) => overrides.decideOverride(ctx.deps, userOf(ctx), job, body),
  );
}
