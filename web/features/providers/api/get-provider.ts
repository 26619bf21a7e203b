/** GET /api/providers/{id}: one energy provider with its preferred vendor. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What ops write about an energy provider (a utility). */
export interface ProviderFields {
  name: string;
  type: 'electric' | 'gas' | 'both';
  /** Two-letter state codes it serves. */
  states: string[];
  /** The contractor company it prefers. */
  preferred_vendor_id: number | null;
  notes: string | null;
}

export interface Provider extends ProviderFields {
  id: number;
  /** The preferred vendor's name. */
  preferred_vendor: string | null;
  created_at: string;
}

export const providerKeys = {
  all: ['providers'] as const,
  detail: (id: number) => ['providers', 'detail', id] as const,
};

export function getProvider(id: number): Promise<Provider> {
  return api<Provider>('GET', `/api/providers/${id}`, { ignoreErrors: [404] });
}

export const providerQuery = (id: number) => queryOptions({ queryKey: providerKeys.detail(id), queryFn: () => getProvider(id) });

export function useProvider(id: number | undefined) {
  return useQuery({ ...providerQuery(id ?? 0), enabled: id !== undefined });
}
