/** Contractor calls of spec sect. 7 (the search call is in search.routes.ts). */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { CONTRACTOR_ANSWER, CONTRACTOR_NAMES, CONTRACTOR_PAGE } from '../../engine/api/admin-responses.ts';
import { INVITED_USER } from '../../engine/api/auth.ts';
import { CONTRACTOR_FILTER_OPTIONS } from '../../engine/api/jobs.ts';
import { PAGE, bool, str } from '../openapi/query-docs.ts';
import {
  CONTRACTOR_CREATE as CREATE,
  CONTRACTOR_UPDATE as UPDATE,
  USER_INVITE as INVITE,
} from '../../engine/api/admin-requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as contractors from '../services/contractors.service.ts';
import { badRequest, notFound } from '../errors.ts';
import { isId } from '../db/portable.ts';
import { query } from '../validation.ts';

const idOf = (ctx: AppContext) => {
  if (!/^\d{1,15}$/.test(ctx.params.id)) throw badRequest('Contractor id must be a number');
  if (!isId(ctx.params.id)) throw notFound('Contractor not found');
  return Number(ctx.params.id);
};

export function contractorsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/contractor/simple-list',
      ability: 'contractor.list',
      tag: 'contractors',
      summary: 'Contractor ids and names',
      response: CONTRACTOR_NAMES,
    },
    async (ctx: AppContext) => {
      ctx.body = await contractors.simpleList(ctx.deps, userOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/contractor/current/contractor',
      ability: 'contractor.read_own',
      tag: 'contractors',
      summary: "The signed-in contractor's company",
      response: CONTRACTOR_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await contractors.currentContractor(ctx.deps, userOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/contractor/filters',
      ability: 'contractor.list',
      tag: 'contractors',
      summary: 'The values the contractor filters can take',
      response: CONTRACTOR_FILTER_OPTIONS,
      noBody: 'ignored',
    },
    async (ctx: AppContext) => {
      ctx.body = contractors.contractorFilterOptions(ctx.deps);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/contractor/invite-internal',
      ability: 'user.invite_ops',
      tag: 'contractors',
      summary: 'Invite an ops user',
      body: INVITE,
      status: 201,
      errors: [409, 422],
      response: INVITED_USER,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      ctx.body = await contractors.invite(ctx.deps, user, body, true);
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/contractor/invite',
      ability: 'user.invite_contractor',
      tag: 'contractors',
      summary: 'Invite a contractor user to a company',
      body: INVITE,
      status: 201,
      errors: [409, 422],
      response: INVITED_USER,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      ctx.body = await contractors.invite(ctx.deps, user, body, false);
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/contractor',
      ability: 'contractor.list',
      tag: 'contractors',
      summary: 'Contractors, paged',
      query: { program_id: str('Contractors of a program'), q: str('Name, address or contact'), ...PAGE },
      response: CONTRACTOR_PAGE,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      const page = {
        page_number: query.int(ctx.query, 'page_number', { min: 1 }) ?? 1,
        per_page: query.int(ctx.query, 'per_page', { min: 1, max: 200 }) ?? 25,
      };
      ctx.body = await contractors.listContractors(
        ctx.deps,
        user,
        { program_id: query.str(ctx.query, 'program_id'), q: query.str(ctx.query, 'q') },
        page,
      );
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/contractor',
      ability: 'contractor.manage',
      tag: 'contractors',
      summary: 'Create a contractor',
      body: CREATE,
      status: 201,
      errors: [422],
      response: CONTRACTOR_ANSWER,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      ctx.body = await contractors.createContractor(ctx.deps, user, body);
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/contractor/:id',
      ability: 'contractor.read',
      tag: 'contractors',
      summary: 'A contractor',
      query: { include_equipment: bool('Include the equipment it installs', false) },
      errors: [404],
      response: CONTRACTOR_ANSWER,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await contractors.readContractor(
        ctx.deps,
        user,
        idOf(ctx),
        query.bool(ctx.query, 'include_equipment') ?? false,
      );
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/contractor/:id',
      ability: 'contractor.manage',
      tag: 'contractors',
      summary: 'Update a contractor',
      body: UPDATE,
      errors: [404, 422],
      response: CONTRACTOR_ANSWER,
      load: idOf,
    },
    async (ctx, body, id) => {
      const user = userOf(ctx);
      ctx.body = await contractors.updateContractor(ctx.deps, user, id, body);
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/contractor/:id',
      ability: 'contractor.manage',
      tag: 'contractors',
      summary: 'Delete a contractor',
      status: 204,
      errors: [404],
    },
    async (ctx: AppContext) => {
      await contractors.deleteContractor(ctx.deps, idOf(ctx));
      ctx.status = 204;
    },
  );
}
