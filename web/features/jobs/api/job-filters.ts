/** POST /api/jobs/filters: the values each filter of the jobs list can take, for the role. */

import type { JobFilterOptions } from '../../../../engine/api/jobs.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What each filter can take. */
/** The filters' values: the answer contract's type (engine/api/jobs.ts). */
export type FilterOptions = JobFilterOptions;

export const fetchFilterOptions = () => api<FilterOptions>('POST', '/api/jobs/filters', { body: {} });

export const filterOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['jobs-filters'], queryFn: fetchFilterOptions, staleTime: 300_000 });

export const useFilterOptions = (enabled: boolean) => useQuery({ ...filterOptionsQueryOptions(), enabled });
