/** GET /api/contractor/{id}?include_equipment=true: one contractor company with its equipment ids. */

import type { ContractorAnswer } from '../../../../engine/api/admin-responses.ts';
import type { ContractorCreate } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Editable fields of a contractor (spec sect. 3): the request contract's, each present (null when empty). */
export type ContractorFields = Required<Omit<ContractorCreate, 'equipment_ids'>> &
  Pick<ContractorCreate, 'equipment_ids'>;

/** A contractor as the API answers it: the answer contract's type (engine/api/admin-responses.ts). */
export type Contractor = ContractorAnswer;

export const contractorKeys = {
  all: ['contractors'] as const,
  detail: (id: number) => ['contractors', 'detail', id] as const,
};

export function getContractor(id: number): Promise<Contractor> {
  return api<Contractor>('GET', `/api/contractor/${id}`, {
    query: { include_equipment: true },
    ignoreErrors: [400, 404],
  });
}

export const contractorQuery = (id: number) =>
  queryOptions({ queryKey: contractorKeys.detail(id), queryFn: () => getContractor(id) });

export function useContractor(id: number) {
  return useQuery(contractorQuery(id));
}
