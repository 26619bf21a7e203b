/** Programs (loaded from program-defs/): list and detail for signed-in users, the raw definition for ops. */

import { route } from './declare.ts';
import { PROGRAM_DEFINITION, PROGRAM_DETAIL, PROGRAM_PAGE } from '../../engine/api/programs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/programs.service.ts';

export function programsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/programs',
      ability: 'program.read',
      tag: 'programs',
      summary: 'Programs as loaded from program-defs/',
      response: PROGRAM_PAGE,
    },
    async (ctx: AppContext) => {
      ctx.body = svc.listPrograms(ctx.deps);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id',
      ability: 'program.read',
      tag: 'programs',
      summary: 'A program: eligibility and incentive criteria in words, stages, tasks',
      errors: [404],
      response: PROGRAM_DETAIL,
    },
    async (ctx: AppContext) => {
      ctx.body = svc.readProgram(ctx.deps, ctx.params.program_id);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id/definition',
      ability: 'definitions.explore',
      tag: 'programs',
      summary: 'The loaded definition, its hash and file',
      errors: [404],
      response: PROGRAM_DEFINITION,
    },
    async (ctx: AppContext) => {
      ctx.body = svc.programDefinition(ctx.deps, ctx.params.program_id);
    },
  );
}
