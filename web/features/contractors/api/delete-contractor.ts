/** DELETE /api/contractor/{id} (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contractorKeys } from './get-contractor.ts';

export function deleteContractor(id: number): Promise<void> {
  return api<void>('DELETE', `/api/contractor/${id}`);
}

export function useDeleteContractor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContractor,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: contractorKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...contractorKeys.all, 'list'] });
    },
  });
}
