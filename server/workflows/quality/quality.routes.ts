/** Quality outcomes and standing (issue 43): ops record a sampled review's outcome and set standing by hand. */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import {
  CONTRACTOR_QUALITY,
  CORRECTIVE_ACTION,
  CORRECTIVE_ANSWER,
  CORRECTIVE_DECISION,
  QUALITY_OUTCOME,
  RECORDED_OUTCOME,
  STANDING_CHANGE,
} from '../../../engine/api/quality.ts';
import type { AppRouter } from '../../context.ts';
import { badRequest, notFound } from '../../errors.ts';
import { isId } from '../../db/portable.ts';
import { jobFor } from '../../services/access.ts';
import * as svc from './quality.service.ts';
import * as actions from './actions.service.ts';
import { inspectionJob } from './inspections.service.ts';
import { inspectionRoutes } from './inspections.routes.ts';

const contractorIdOf = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw badRequest('Contractor id must be a number');
  if (!isId(raw)) throw notFound('Contractor not found');
  return Number(raw);
};

const actionIdOf = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw badRequest('Corrective action id must be a number');
  if (!isId(raw)) throw notFound(actions.ACTION_MESSAGES.not_found);
  return Number(raw);
};

export function qualityRoutes(router: AppRouter): void {
  inspectionRoutes(router);
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/quality/actions/:action_id/answer',
      ability: 'quality.answer',
      tag: 'quality',
      summary: 'Answer a corrective action with what was corrected and the job’s photos that show it',
      body: CORRECTIVE_ANSWER,
      errors: [400, 404, 409, 422],
      response: CORRECTIVE_ACTION,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      const job = await jobFor(ctx.deps, user, ctx.params.job_id);
      return actions.answerAction(ctx.deps, user, job, actionIdOf(ctx.params.action_id), body);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/quality/actions/:action_id/decision',
      ability: 'quality.record',
      tag: 'quality',
      summary: 'Accept a corrective action’s answer (it closes) or ask for a re-inspection',
      body: CORRECTIVE_DECISION,
      errors: [400, 404, 409, 422],
      response: CORRECTIVE_ACTION,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      const job = await jobFor(ctx.deps, user, ctx.params.job_id);
      return actions.decideAction(ctx.deps, user, job, actionIdOf(ctx.params.action_id), body);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/quality/:review_id/outcome',
      ability: 'inspection.record',
      tag: 'quality',
      summary:
        'Record a sampled review as its checklists’ answers (ops, or the inspector it is assigned to): the outcome follows from them, and the contractor’s standing from the outcomes by the program’s rules',
      body: QUALITY_OUTCOME,
      errors: [404, 422],
      response: RECORDED_OUTCOME,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      const job = await inspectionJob(ctx.deps, user, ctx.params.job_id, ctx.params.review_id);
      return svc.recordOutcome(ctx.deps, user, job, ctx.params.review_id, body);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/contractors/:contractor_id/quality',
      ability: 'quality.view',
      tag: 'quality',
      summary:
        'A contractor’s standing in each program with quality rules, its pass rate, and every change with its cause',
      errors: [400, 404],
      response: CONTRACTOR_QUALITY,
    },
    (ctx) => svc.contractorQuality(ctx.deps, userOf(ctx), contractorIdOf(ctx.params.contractor_id)),
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/contractors/:contractor_id/standing',
      ability: 'quality.set_standing',
      tag: 'quality',
      summary: 'Set a contractor’s standing in a program by hand, with a reason',
      body: STANDING_CHANGE,
      errors: [400, 404, 422],
      response: CONTRACTOR_QUALITY,
    },
    (ctx, body) => svc.setStanding(ctx.deps, userOf(ctx), contractorIdOf(ctx.params.contractor_id), body),
  );
}
