/** GET /api/jobs (contractors, homeowners) and GET /api/jobs/internal (ops): one page of jobs. */

import type { JobPage } from '../../../../engine/api/jobs.ts';
import type { JobListItem } from '../../../../engine/api/jobs.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A job in a list (server/services/present.ts presentListItem). */
/** A job of the list: the server's answer, written once in engine/api/jobs.ts. */
export type JobItem = JobListItem;

/** The list's query (spec sect. 7); undefined values are left out of the URL. */
export type JobQuery = Record<string, string | number | boolean | undefined>;

/** A page of jobs: the answer contract's type (engine/api/jobs.ts). */
export type { JobPage } from '../../../../engine/api/jobs.ts';

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
export const useJobs = (internal: boolean, query: JobQuery, enabled = true) =>
  useQuery({ ...jobsQueryOptions(internal, query), enabled });
