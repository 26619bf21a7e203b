/** Contractor calls of spec sect. 7 (the search call is in search.routes.ts). */

import { can, userOf } from '../abilities.ts';
import { CONTRACTOR_CREATE as CREATE, CONTRACTOR_UPDATE as UPDATE, USER_INVITE as INVITE } from '../../engine/api/admin-requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as contractors from '../services/contractors.service.ts';
import { badRequest } from '../errors.ts';
import { checkBody, query } from '../validation.ts';

const idOf = (ctx: AppContext) => {
  if (!/^\d{1,15}$/.test(ctx.params.id)) throw badRequest('Contractor id must be a number');
  return Number(ctx.params.id);
};

export function contractorsRoutes(router: AppRouter): void {
  router.get('/api/contractor/simple-list', can('contractor.list'), (ctx: AppContext) => {
    ctx.body = contractors.simpleList(ctx.deps, userOf(ctx));
  });
  router.get('/api/contractor/current/contractor', can('contractor.read_own'), (ctx: AppContext) => {
    ctx.body = contractors.currentContractor(ctx.deps, userOf(ctx));
  });
  router.post('/api/contractor/filters', can('contractor.list'), (ctx: AppContext) => {
    ctx.body = contractors.contractorFilterOptions(ctx.deps);
  });
  router.post('/api/contractor/invite-internal', can('user.invite_ops'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = contractors.invite(ctx.deps, user, checkBody(INVITE, ctx.request.body), true);
    ctx.status = 201;
  });
  router.post('/api/contractor/invite', can('user.invite_contractor'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = contractors.invite(ctx.deps, user, checkBody(INVITE, ctx.request.body), false);
    ctx.status = 201;
  });
  router.get('/api/contractor', can('contractor.list'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const page = { page_number: query.int(ctx.query, 'page_number', { min: 1 }) ?? 1, per_page: query.int(ctx.query, 'per_page', { min: 1, max: 200 }) ?? 25 };
    ctx.body = contractors.listContractors(ctx.deps, user, { program_id: query.str(ctx.query, 'program_id'), q: query.str(ctx.query, 'q') }, page);
  });
  router.post('/api/contractor', can('contractor.manage'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = contractors.createContractor(ctx.deps, user, checkBody(CREATE, ctx.request.body));
    ctx.status = 201;
  });
  router.get('/api/contractor/:id', can('contractor.read'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = contractors.readContractor(ctx.deps, user, idOf(ctx), query.bool(ctx.query, 'include_equipment') ?? false);
  });
  router.put('/api/contractor/:id', can('contractor.manage'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = contractors.updateContractor(ctx.deps, user, idOf(ctx), checkBody(UPDATE, ctx.request.body));
  });
  router.delete('/api/contractor/:id', can('contractor.manage'), (ctx: AppContext) => {
    contractors.deleteContractor(ctx.deps, idOf(ctx));
    ctx.status = 204;
  });
}
