/** GET /api/equipment: a page of the equipment catalog of one type, searched by manufacturer, model or AHRI id. */

import type { EquipmentType } from '../../../../engine/api/admin-requests.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/components/list-pager.tsx';

/** The catalog types, one tab each: the request contract's. */
export { EQUIPMENT_TYPES, type EquipmentType } from '../../../../engine/api/admin-requests.ts';

/** A catalog entry (spec sect. 3 "Equipment"); fields a type does not have are null. */
export interface Equipment {
  id: number;
  type: EquipmentType;
  manufacturer: string;
  model: string;
  ahri_id: string | null;
  seer: number | null;
  seer2: number | null;
  hspf: number | null;
  hspf2: number | null;
  cop: number | null;
  afue: number | null;
  uef: number | null;
  capacity: number | null;
  capacity_5f: number | null;
  tonnage: number | null;
  gallons: number | null;
  neep: boolean | null;
  energy_star: boolean | null;
  indoor_unit_manufacturer: string | null;
  indoor_unit_model: string | null;
  furnace_model: string | null;
  zone_type: string | null;
  duct_type: string | null;
  created_at?: string;
}

export interface EquipmentListParams {
  type: EquipmentType;
  q?: string;
  page_number: number;
  per_page: number;
}

export function getEquipmentList(params: EquipmentListParams): Promise<Paged<Equipment>> {
  return api<Paged<Equipment>>('GET', '/api/equipment', { query: { ...params } });
}

export const equipmentListQuery = (params: EquipmentListParams) =>
  queryOptions({ queryKey: ['equipment', 'list', params], queryFn: () => getEquipmentList(params), placeholderData: keepPreviousData, staleTime: 5 * 60_000 });

export function useEquipmentList(params: EquipmentListParams) {
  return useQuery(equipmentListQuery(params));
}
