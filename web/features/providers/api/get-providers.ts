/** GET /api/providers: a page of energy providers by name, searched by name (`q`) and filtered by state. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProviderPage } from '../../../../engine/api/admin-responses.ts';
import { providerKeys } from './get-provider.ts';

export interface ProviderListParams {
  q?: string;
  state?: string;
  page_number: number;
  per_page: number;
}

export function getProviders(params: ProviderListParams): Promise<ProviderPage> {
  return api<ProviderPage>('GET', '/api/providers', { query: { ...params } });
}

export const providersQuery = (params: ProviderListParams) =>
  queryOptions({
    queryKey: [...providerKeys.all, 'list', params],
    queryFn: () => getProviders(params),
    placeholderData: keepPreviousData,
  });

export function useProviders(params: ProviderListParams) {
  return useQuery(providersQuery(params));
}
