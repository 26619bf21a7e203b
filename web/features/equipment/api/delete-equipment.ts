/** DELETE /api/equipment/{id} (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteEquipment(id: number): Promise<void> {
  return api<void>('DELETE', `/api/equipment/${id}`);
}

export function useDeleteEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipment,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['equipment', 'list'] }),
  });
}
