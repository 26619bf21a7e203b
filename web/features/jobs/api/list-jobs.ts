/** GET /api/jobs (contractors, homeowners) and GET /api/jobs/internal (ops): one page of jobs. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A job in a list (server/services/present.ts presentListItem). */
export interface JobItem {
  id: number;
  code: string;
  full_name: string;
  address: string;
  city: string | null;
  state: string | null;
  contractor: string | null;
  program: { id: string; name: string };
  stage: { number: number; label: string; tab: string };
  is_canceled: boolean;
  cancel_reason: string | null;
  eligibility: string;
  action_owners: string[];
  days_in_stage: number;
  has_contractor_task_exception: boolean;
  has_ops_task_exception: boolean;
  is_claimed: boolean;
  /** Ops only. */
  exception_notes?: string | null;
}

/** The list's query (spec sect. 7); undefined values are left out of the URL. */
export type JobQuery = Record<string, string | number | boolean | undefined>;

/** A page of jobs. */
export interface JobPage {
  items: JobItem[];
  total: number;
}

export const fetchJobs = (internal: boolean, query: JobQuery, signal?: AbortSignal) =>
  api<JobPage>('GET', internal ? '/api/jobs/internal' : '/api/jobs', { query, signal });

export const jobsQueryOptions = (internal: boolean, query: JobQuery) =>
  queryOptions({
    queryKey: ['jobs', internal, query],
    // A newer query cancels the request of an older one (typing in the omni search).
    queryFn: ({ signal }) => fetchJobs(internal, query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of jobs; `enabled` false waits (for the stages of a tab). */
export const useJobs = (internal: boolean, query: JobQuery, enabled = true) => useQuery({ ...jobsQueryOptions(internal, query), enabled });
