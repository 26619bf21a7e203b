/** Energy providers: list, read (signed-in), create, update, delete (ops). */

import { route } from './declare.ts';
import { PROVIDER_ANSWER, PROVIDER_PAGE } from '../../engine/api/admin-responses.ts';
import { PAGE } from '../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { PROVIDER } from '../../engine/api/admin-requests.ts';
import * as svc from '../services/catalog.service.ts';
import { query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

type Body = {
  name: string;
  type: 'electric' | 'gas' | 'both';
  states?: string[];
  preferred_vendor_id?: number | null;
  notes?: string | null;
};
const fields = (b: Body) => ({
  name: b.name,
  type: b.type,
  states: b.states ?? [],
  preferred_vendor_id: b.preferred_vendor_id ?? null,
  notes: b.notes ?? null,
});

export function providersRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/providers',
      ability: 'provider.read',
      tag: 'providers',
      summary: 'Energy providers',
      query: {
        q: { description: 'Name', schema: { type: 'string' } },
        state: { description: 'Two-letter state', schema: { type: 'string' } },
        ...PAGE,
      },
      response: PROVIDER_PAGE,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.listProviders(
        ctx.deps,
        { q: query.str(ctx.query, 'q'), state: query.str(ctx.query, 'state') },
        pageOf(ctx),
      );
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/providers/:id',
      ability: 'provider.read',
      tag: 'providers',
      summary: 'An energy provider with its preferred vendor',
      errors: [404],
      response: PROVIDER_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.readProvider(ctx.deps, idParam(ctx));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/providers',
      ability: 'provider.manage',
      tag: 'providers',
      summary: 'Create an energy provider',
      body: PROVIDER,
      status: 201,
      errors: [422],
      response: PROVIDER_ANSWER,
    },
    async (ctx, body) => {
      ctx.body = await svc.createProvider(ctx.deps, fields(body));
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/providers/:id',
      ability: 'provider.manage',
      tag: 'providers',
      summary: 'Update an energy provider',
      body: PROVIDER,
      errors: [404, 422],
      response: PROVIDER_ANSWER,
      load: idParam,
    },
    async (ctx, body, id) => {
      ctx.body = await svc.updateProvider(ctx.deps, id, fields(body));
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/providers/:id',
      ability: 'provider.manage',
      tag: 'providers',
      summary: 'Delete an energy provider',
      status: 204,
      errors: [404],
    },
    async (ctx: AppContext) => {
      await svc.deleteProvider(ctx.deps, idParam(ctx));
      ctx.status = 204;
    },
  );
}
