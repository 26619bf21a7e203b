/** GET /api/contractor: a page of contractors, filtered by program and an omni search `q`. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ContractorPage } from '../../../../engine/api/admin-responses.ts';
import { contractorKeys } from './get-contractor.ts';

export interface ContractorListParams {
  program_id?: string;
  q?: string;
  page_number: number;
  per_page: number;
}

export function getContractors(params: ContractorListParams): Promise<ContractorPage> {
  return api<ContractorPage>('GET', '/api/contractor', { query: { ...params } });
}

export const contractorsQuery = (params: ContractorListParams) =>
  queryOptions({
    queryKey: [...contractorKeys.all, 'list', params],
    queryFn: () => getContractors(params),
    placeholderData: keepPreviousData,
  });

export function useContractors(params: ContractorListParams) {
  return useQuery(contractorsQuery(params));
}
