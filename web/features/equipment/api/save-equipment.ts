/** POST /api/equipment (add) and PUT /api/equipment/{id} (edit), ops. A 422 is shown under the fields. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Equipment } from './get-equipment-list.ts';

/** What ops write: every catalog field but the id. */
export type EquipmentFields = Omit<Equipment, 'id'>;

export function saveEquipment(id: number | undefined, body: EquipmentFields): Promise<Equipment> {
  return id === undefined
    ? api<Equipment>('POST', '/api/equipment', { body, ignoreErrors: [422] })
    : api<Equipment>('PUT', `/api/equipment/${id}`, { body, ignoreErrors: [422] });
}

export function useSaveEquipment(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EquipmentFields) => saveEquipment(id, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['equipment', 'list'] }),
  });
}
