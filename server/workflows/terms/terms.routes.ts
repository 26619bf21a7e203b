/** Terms and conditions: versions, current, save as a new version, restore as a new version. */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import { TERMS_ANSWER, TERMS_PAGE } from '../../../engine/api/admin-responses.ts';
import { PAGE } from '../../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { TERMS } from '../../../engine/api/admin-requests.ts';
import * as svc from './terms.service.ts';
import { idParam, pageOf } from '../../routes/params.ts';

export function termsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/terms_and_conditions',
      ability: 'terms.read',
      tag: 'terms',
      summary: 'Versions of the terms and conditions, newest first',
      query: PAGE,
      response: TERMS_PAGE,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.listTerms(ctx.deps, pageOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/terms_and_conditions/current',
      ability: 'terms.read_current',
      tag: 'terms',
      summary: 'The current version',
      errors: [404],
      response: TERMS_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.currentTerms(ctx.deps);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/terms_and_conditions/:id',
      ability: 'terms.read',
      tag: 'terms',
      summary: 'One version',
      errors: [404],
      response: TERMS_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.readTerms(ctx.deps, idParam(ctx));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/terms_and_conditions',
      ability: 'terms.manage',
      tag: 'terms',
      summary: 'Save: a new current version',
      body: TERMS,
      status: 201,
      errors: [422],
      response: TERMS_ANSWER,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      const b = body;
      ctx.body = await svc.saveTerms(ctx.deps, user, {
        title: b.title,
        description: b.description ?? '',
        sections: b.sections,
      });
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/terms_and_conditions/:id/restore',
      ability: 'terms.manage',
      tag: 'terms',
      summary: 'Restore: a copy of an old version becomes the new current version',
      status: 201,
      errors: [404],
      response: TERMS_ANSWER,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await svc.restoreTerms(ctx.deps, user, idParam(ctx));
      ctx.status = 201;
    },
  );
}
