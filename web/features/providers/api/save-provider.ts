/** POST /api/providers (create) and PUT /api/providers/{id} (edit), ops. A 422 is shown under the fields. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { providerKeys, type Provider, type ProviderFields } from './get-provider.ts';

export function saveProvider(id: number | undefined, body: ProviderFields): Promise<Provider> {
  return id === undefined
    ? api<Provider>('POST', '/api/providers', { body, ignoreErrors: [422] })
    : api<Provider>('PUT', `/api/providers/${id}`, { body, ignoreErrors: [422] });
}

export function useSaveProvider(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderFields) => saveProvider(id, body),
    onSuccess: (p) => {
      qc.setQueryData(providerKeys.detail(p.id), p);
      void qc.invalidateQueries({ queryKey: [...providerKeys.all, 'list'] });
    },
  });
}
