/** POST /api/jobs/filters: the values each filter of the jobs list can take, for the role. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What each filter can take. */
export interface FilterOptions {
  contractors: { id: number; name: string }[];
  ops_users: { id: number; name: string }[];
  programs: { id: string; name: string; stages: { number: number; label: string; tab: string }[] }[];
  eligibility: string[];
  action_owners: string[];
}

export const fetchFilterOptions = () => api<FilterOptions>('POST', '/api/jobs/filters', { body: {} });

export const filterOptionsQueryOptions = () => queryOptions({ queryKey: ['jobs-filters'], queryFn: fetchFilterOptions, staleTime: 300_000 });

export const useFilterOptions = (enabled: boolean) => useQuery({ ...filterOptionsQueryOptions(), enabled });
