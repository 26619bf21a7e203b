/** GET /api/contractor/simple-list: the contractor companies a provider can prefer. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getVendorOptions(): Promise<{ id: number; name: string }[]> {
  return api<{ id: number; name: string }[]>('GET', '/api/contractor/simple-list');
}

export const vendorOptionsQuery = queryOptions({ queryKey: ['providers', 'vendor-options'], queryFn: getVendorOptions, staleTime: 5 * 60_000 });

export function useVendorOptions(enabled = true) {
  return useQuery({ ...vendorOptionsQuery, enabled });
}
