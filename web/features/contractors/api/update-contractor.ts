/** PUT /api/contractor/{id}: edits a contractor company (ops). A 422 is shown under the fields. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contractorKeys, type Contractor, type ContractorFields } from './get-contractor.ts';

export function updateContractor(id: number, body: Partial<ContractorFields>): Promise<Contractor> {
  return api<Contractor>('PUT', `/api/contractor/${id}`, { body, ignoreErrors: [422] });
}

export function useUpdateContractor(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ContractorFields>) => updateContractor(id, body),
    onSuccess: (c) => {
      qc.setQueryData(contractorKeys.detail(id), c);
      void qc.invalidateQueries({ queryKey: [...contractorKeys.all, 'list'] });
    },
  });
}
