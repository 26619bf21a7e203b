/** POST /api/contractor/filters: the values the contractor list's filters can take. */

import type { ContractorFilterOptions } from '../../../../engine/api/jobs.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contractorKeys } from './get-contractor.ts';

/** The filters' values: the answer contract's type (engine/api/jobs.ts). */
export type { ContractorFilterOptions } from '../../../../engine/api/jobs.ts';

export function getContractorFilters(): Promise<ContractorFilterOptions> {
  return api<ContractorFilterOptions>('POST', '/api/contractor/filters', { body: {} });
}

export const contractorFiltersQuery = queryOptions({
  queryKey: [...contractorKeys.all, 'filters'],
  queryFn: getContractorFilters,
  staleTime: 5 * 60_000,
});

export function useContractorFilters() {
  return useQuery(contractorFiltersQuery);
}
