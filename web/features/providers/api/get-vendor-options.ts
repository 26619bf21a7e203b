/** GET /api/contractor/simple-list: the contractor companies a provider can prefer. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ContractorNames } from '../../../../engine/api/admin-responses.ts';

export function getVendorOptions(): Promise<ContractorNames> {
  return api<ContractorNames>('GET', '/api/contractor/simple-list');
}

export const vendorOptionsQuery = queryOptions({
  queryKey: ['providers', 'vendor-options'],
  queryFn: getVendorOptions,
  staleTime: 5 * 60_000,
});

export function useVendorOptions(enabled = true) {
  return useQuery({ ...vendorOptionsQuery, enabled });
}
