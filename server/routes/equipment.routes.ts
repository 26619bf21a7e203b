/** The equipment catalog: search by manufacturer, model, AHRI id within a type; ops edit. */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/catalog.service.ts';
import { EQUIPMENT, EQUIPMENT_TYPES } from '../../engine/api/admin-requests.ts';
import { checkBody, query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';


export function equipmentRoutes(router: AppRouter): void {
  router.get('/api/equipment', can('equipment.read'), (ctx: AppContext) => {
    ctx.body = svc.listEquipment(ctx.deps, { type: query.str(ctx.query, 'type', EQUIPMENT_TYPES), q: query.str(ctx.query, 'q') }, pageOf(ctx));
  });
  router.get('/api/equipment/:id', can('equipment.read'), (ctx: AppContext) => {
    ctx.body = svc.readEquipment(ctx.deps, idParam(ctx));
  });
  router.post('/api/equipment', can('equipment.manage'), (ctx: AppContext) => {
    ctx.body = svc.createEquipment(ctx.deps, checkBody(EQUIPMENT, ctx.request.body));
    ctx.status = 201;
  });
  router.put('/api/equipment/:id', can('equipment.manage'), (ctx: AppContext) => {
    ctx.body = svc.updateEquipment(ctx.deps, idParam(ctx), checkBody(EQUIPMENT, ctx.request.body));
  });
  router.delete('/api/equipment/:id', can('equipment.manage'), (ctx: AppContext) => {
    svc.deleteEquipment(ctx.deps, idParam(ctx));
    ctx.status = 204;
  });
}
