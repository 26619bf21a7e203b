/** GET /api/providers/{id}: one energy provider with its preferred vendor. */

import type { Provider } from '../../../../engine/api/admin-responses.ts';
import type { ProviderBody } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What ops write about an energy provider (a utility): the request contract's, each field present. */
export type ProviderFields = Required<ProviderBody>;

/** An energy provider as the API answers it: the answer contract's type (engine/api/admin-responses.ts). */
export type { Provider } from '../../../../engine/api/admin-responses.ts';

export const providerKeys = {
  all: ['providers'] as const,
  detail: (id: number) => ['providers', 'detail', id] as const,
};

export function getProvider(id: number): Promise<Provider> {
  return api<Provider>('GET', `/api/providers/${id}`, { ignoreErrors: [404] });
}

export const providerQuery = (id: number) =>
  queryOptions({ queryKey: providerKeys.detail(id), queryFn: () => getProvider(id) });

export function useProvider(id: number | undefined) {
  return useQuery({ ...providerQuery(id ?? 0), enabled: id !== undefined });
}
