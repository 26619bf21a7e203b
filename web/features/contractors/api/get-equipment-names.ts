/** GET /api/equipment/{id} for each id a contractor lists: its manufacturer and model, for showing the ids in words. */

import type { EquipmentAnswer } from '../../../../engine/api/admin-responses.ts';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What this page reads of a catalog entry (the answer contract's type). */
export type EquipmentName = Pick<EquipmentAnswer, 'id' | 'type' | 'manufacturer' | 'model'>;

export function getEquipmentName(id: number): Promise<EquipmentName> {
  return api<EquipmentName>('GET', `/api/equipment/${id}`, { ignoreErrors: [404] });
}

/** The entries of the ids, in order; undefined while loading, null when not in the catalog. */
export function useEquipmentNames(ids: number[]): (EquipmentName | null | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['equipment', 'detail', id],
      queryFn: () => getEquipmentName(id),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => results.map((r) => (r.isError ? null : r.data)),
  });
}
