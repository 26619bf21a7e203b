/** Programs (loaded from program-defs/): list and detail for signed-in users, the raw definition for ops. */

import type { AppContext, AppRouter } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import * as svc from '../services/programs.service.ts';

export function programsRoutes(router: AppRouter): void {
  router.get('/api/programs', (ctx: AppContext) => {
    requireUser(ctx);
    ctx.body = svc.listPrograms(ctx.deps);
  });
  router.get('/api/programs/:id', (ctx: AppContext) => {
    requireUser(ctx);
    ctx.body = svc.readProgram(ctx.deps, ctx.params.id);
  });
  router.get('/api/programs/:id/definition', (ctx: AppContext) => {
    requireUser(ctx, 'ops');
    ctx.body = svc.programDefinition(ctx.deps, ctx.params.id);
  });
}
