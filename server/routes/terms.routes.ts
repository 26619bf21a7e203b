/** Terms and conditions: versions, current, save as a new version, restore as a new version. */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { TERMS } from '../../engine/api/admin-requests.ts';
import * as svc from '../services/terms.service.ts';
import { checkBody } from '../validation.ts';
import { idParam, pageOf } from './params.ts';


export function termsRoutes(router: AppRouter): void {
  router.get('/api/terms_and_conditions', can('terms.read'), (ctx: AppContext) => {
    ctx.body = svc.listTerms(ctx.deps, pageOf(ctx));
  });
  router.get('/api/terms_and_conditions/current', can('terms.read_current'), (ctx: AppContext) => {
    ctx.body = svc.currentTerms(ctx.deps);
  });
  router.get('/api/terms_and_conditions/:id', can('terms.read'), (ctx: AppContext) => {
    ctx.body = svc.readTerms(ctx.deps, idParam(ctx));
  });
  router.post('/api/terms_and_conditions', can('terms.manage'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const b = checkBody<{ title: string; description?: string; sections: { title: string; items: string[] }[] }>(TERMS, ctx.request.body);
    ctx.body = svc.saveTerms(ctx.deps, user, { title: b.title, description: b.description ?? '', sections: b.sections });
    ctx.status = 201;
  });
  router.post('/api/terms_and_conditions/:id/restore', can('terms.manage'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = svc.restoreTerms(ctx.deps, user, idParam(ctx));
    ctx.status = 201;
  });
}
