/** The equipment catalog: search by manufacturer, model, AHRI id within a type; ops edit. */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/catalog.service.ts';
import { EQUIPMENT_TYPES } from '../db/admin.db.ts';
import { checkBody, query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

const num = { type: ['number', 'null'], minimum: 0 };
const text = { type: ['string', 'null'], maxLength: 100 };
export const EQUIPMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'manufacturer', 'model'],
  properties: {
    type: { type: 'string', enum: [...EQUIPMENT_TYPES] },
    manufacturer: { type: 'string', minLength: 1, maxLength: 100 },
    model: { type: 'string', minLength: 1, maxLength: 100 },
    ahri_id: text,
    seer: num, seer2: num, hspf: num, hspf2: num, cop: num, afue: num, uef: num, capacity: num, capacity_5f: num, tonnage: num, gallons: num,
    neep: { type: ['boolean', 'null'] },
    energy_star: { type: ['boolean', 'null'] },
    indoor_unit_manufacturer: text, indoor_unit_model: text, furnace_model: text, zone_type: text, duct_type: text,
  },
};

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
