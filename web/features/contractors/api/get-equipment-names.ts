/** GET /api/equipment/{id} for each id a contractor lists: its manufacturer and model, for showing the ids in words. */

import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface EquipmentName {
  id: number;
  type: string;
  manufacturer: string;
  model: string;
}

export function getEquipmentName(id: number): Promise<EquipmentName> {
  return api<EquipmentName>('GET', `/api/equipment/${id}`, { ignoreErrors: [404] });
}

/** The entries of the ids, in order; undefined while loading, null when not in the catalog. */
export function useEquipmentNames(ids: number[]): (EquipmentName | null | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: ['equipment', 'detail', id], queryFn: () => getEquipmentName(id), staleTime: 5 * 60_000 })),
    combine: (results) => results.map((r) => (r.isError ? null : r.data)),
  });
}
