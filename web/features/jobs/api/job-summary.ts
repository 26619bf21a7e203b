/** GET /api/jobs/summary and GET /api/jobs/summary-internal (ops): counts per stage and per stage tab. */

import type { JobSummary } from '../../../../engine/api/search.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { JobQuery } from './list-jobs.ts';

/** Counts per stage, per tab, and canceled: the answer contract's type (engine/api/search.ts). */
export type { JobSummary } from '../../../../engine/api/search.ts';

export const fetchJobSummary = (internal: boolean, query: JobQuery, signal?: AbortSignal) =>
  api<JobSummary>('GET', internal ? '/api/jobs/summary-internal' : '/api/jobs/summary', { query, signal });

export const jobSummaryQueryOptions = (internal: boolean, query: JobQuery) =>
  queryOptions({
    queryKey: ['jobs-summary', internal, query],
    queryFn: ({ signal }) => fetchJobSummary(internal, query, signal),
    placeholderData: keepPreviousData,
  });

export const useJobSummary = (internal: boolean, query: JobQuery) => useQuery(jobSummaryQueryOptions(internal, query));
