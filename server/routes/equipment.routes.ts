/** The equipment catalog: search by manufacturer, model, AHRI id within a type; ops edit. */

import { route } from './declare.ts';
import { EQUIPMENT_ANSWER, EQUIPMENT_PAGE } from '../../engine/api/admin-responses.ts';
import { PAGE } from '../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/catalog.service.ts';
import { EQUIPMENT, EQUIPMENT_TYPES } from '../../engine/api/admin-requests.ts';
import { query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

export function equipmentRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/equipment',
      ability: 'equipment.read',
      tag: 'equipment',
      summary: 'The equipment catalog by type, searched by manufacturer, model or AHRI id',
      query: {
        type: {
          description: 'heat_pump, water_heater or other',
          schema: { type: 'string', enum: ['heat_pump', 'water_heater', 'other'] },
        },
        q: { description: 'Manufacturer, model or AHRI id', schema: { type: 'string' } },
        ...PAGE,
      },
      errors: [400],
      response: EQUIPMENT_PAGE,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.listEquipment(
        ctx.deps,
        { type: query.str(ctx.query, 'type', EQUIPMENT_TYPES), q: query.str(ctx.query, 'q') },
        pageOf(ctx),
      );
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/equipment/:id',
      ability: 'equipment.read',
      tag: 'equipment',
      summary: 'A catalog entry',
      errors: [404],
      response: EQUIPMENT_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.readEquipment(ctx.deps, idParam(ctx));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/equipment',
      ability: 'equipment.manage',
      tag: 'equipment',
      summary: 'Add a catalog entry',
      body: EQUIPMENT,
      status: 201,
      errors: [422],
      response: EQUIPMENT_ANSWER,
    },
    async (ctx, body) => {
      ctx.body = await svc.createEquipment(ctx.deps, body);
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/equipment/:id',
      ability: 'equipment.manage',
      tag: 'equipment',
      summary: 'Update a catalog entry',
      body: EQUIPMENT,
      errors: [404, 422],
      response: EQUIPMENT_ANSWER,
      load: idParam,
    },
    async (ctx, body, id) => {
      ctx.body = await svc.updateEquipment(ctx.deps, id, body);
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/equipment/:id',
      ability: 'equipment.manage',
      tag: 'equipment',
      summary: 'Delete a catalog entry',
      status: 204,
      errors: [404],
    },
    async (ctx: AppContext) => {
      await svc.deleteEquipment(ctx.deps, idParam(ctx));
      ctx.status = 204;
    },
  );
}
