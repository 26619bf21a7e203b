/** POST /api/contractor: a new contractor company (ops). A 422 is shown under the fields, not as a toast. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contractorKeys, type Contractor, type ContractorFields } from './get-contractor.ts';

export function createContractor(body: ContractorFields): Promise<Contractor> {
  return api<Contractor>('POST', '/api/contractor', { body, ignoreErrors: [422] });
}

export function useCreateContractor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createContractor,
    onSuccess: (c) => {
      qc.setQueryData(contractorKeys.detail(c.id), c);
      void qc.invalidateQueries({ queryKey: [...contractorKeys.all, 'list'] });
    },
  });
}
