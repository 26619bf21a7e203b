/** GET /api/equipment: a page of the equipment catalog of one type, searched by manufacturer, model or AHRI id. */

import type { EquipmentAnswer } from '../../../../engine/api/admin-responses.ts';
import type { EquipmentType } from '../../../../engine/api/admin-requests.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { EquipmentPage } from '../../../../engine/api/admin-responses.ts';

/** The catalog types, one tab each: the request contract's. */
export { EQUIPMENT_TYPES, type EquipmentType } from '../../../../engine/api/admin-requests.ts';

/** A catalog entry as the API answers it: the answer contract's type (engine/api/admin-responses.ts). */
export type Equipment = EquipmentAnswer;

export interface EquipmentListParams {
  type: EquipmentType;
  q?: string;
  page_number: number;
  per_page: number;
}

export function getEquipmentList(params: EquipmentListParams): Promise<EquipmentPage> {
  return api<EquipmentPage>('GET', '/api/equipment', { query: { ...params } });
}

export const equipmentListQuery = (params: EquipmentListParams) =>
  queryOptions({
    queryKey: ['equipment', 'list', params],
    queryFn: () => getEquipmentList(params),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useEquipmentList(params: EquipmentListParams) {
  return useQuery(equipmentListQuery(params));
}
