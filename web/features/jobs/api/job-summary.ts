/** GET /api/jobs/summary and GET /api/jobs/summary-internal (ops): counts per stage and per stage tab. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { JobQuery } from './list-jobs.ts';

/** Counts per stage (with the tab each stage falls under), per tab, and canceled. */
export interface JobSummary {
  stages: { stage: number; count: number; tab: string | null }[];
  tabs: Record<string, number>;
  total: number;
  canceled: number;
}

export const fetchJobSummary = (internal: boolean, query: JobQuery, signal?: AbortSignal) =>
  api<JobSummary>('GET', internal ? '/api/jobs/summary-internal' : '/api/jobs/summary', { query, signal });

export const jobSummaryQueryOptions = (internal: boolean, query: JobQuery) =>
  queryOptions({ queryKey: ['jobs-summary', internal, query], queryFn: ({ signal }) => fetchJobSummary(internal, query, signal), placeholderData: keepPreviousData });

export const useJobSummary = (internal: boolean, query: JobQuery) => useQuery(jobSummaryQueryOptions(internal, query));
