/** DELETE /api/providers/{id} (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { providerKeys } from './get-provider.ts';

export function deleteProvider(id: number): Promise<void> {
  return api<void>('DELETE', `/api/providers/${id}`);
}

export function useDeleteProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProvider,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: providerKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...providerKeys.all, 'list'] });
    },
  });
}
