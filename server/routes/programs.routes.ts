/** Programs (loaded from program-defs/): list and detail for signed-in users, the raw definition for ops. */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/programs.service.ts';

export function programsRoutes(router: AppRouter): void {
  router.get('/api/programs', can('program.read'), (ctx: AppContext) => {
    ctx.body = svc.listPrograms(ctx.deps);
  });
  router.get('/api/programs/:id', can('program.read'), (ctx: AppContext) => {
    ctx.body = svc.readProgram(ctx.deps, ctx.params.id);
  });
  router.get('/api/programs/:id/definition', can('definitions.explore'), (ctx: AppContext) => {
    ctx.body = svc.programDefinition(ctx.deps, ctx.params.id);
  });
}
