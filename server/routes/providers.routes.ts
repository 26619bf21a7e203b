/** Energy providers: list, read (signed-in), create, update, delete (ops). */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { PROVIDER } from '../../engine/api/admin-requests.ts';
import * as svc from '../services/catalog.service.ts';
import { checkBody, query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

type Body = { name: string; type: 'electric' | 'gas' | 'both'; states?: string[]; preferred_vendor_id?: number | null; notes?: string | null };
const fields = (b: Body) => ({ name: b.name, type: b.type, states: b.states ?? [], preferred_vendor_id: b.preferred_vendor_id ?? null, notes: b.notes ?? null });

export function providersRoutes(router: AppRouter): void {
  router.get('/api/providers', can('provider.read'), (ctx: AppContext) => {
    ctx.body = svc.listProviders(ctx.deps, { q: query.str(ctx.query, 'q'), state: query.str(ctx.query, 'state') }, pageOf(ctx));
  });
  router.get('/api/providers/:id', can('provider.read'), (ctx: AppContext) => {
    ctx.body = svc.readProvider(ctx.deps, idParam(ctx));
  });
  router.post('/api/providers', can('provider.manage'), (ctx: AppContext) => {
    ctx.body = svc.createProvider(ctx.deps, fields(checkBody<Body>(PROVIDER, ctx.request.body)));
    ctx.status = 201;
  });
  router.put('/api/providers/:id', can('provider.manage'), (ctx: AppContext) => {
    ctx.body = svc.updateProvider(ctx.deps, idParam(ctx), fields(checkBody<Body>(PROVIDER, ctx.request.body)));
  });
  router.delete('/api/providers/:id', can('provider.manage'), (ctx: AppContext) => {
    svc.deleteProvider(ctx.deps, idParam(ctx));
    ctx.status = 204;
  });
}
