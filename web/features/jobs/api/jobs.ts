/** The jobs list calls: list (internal for ops), per-tab summary, filter options, create, announcements. */

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A job in a list. */
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
  exception_notes?: string | null;
}

/** The list's query (spec sect. 7). */
export type JobQuery = Record<string, string | number | boolean | undefined>;

export const useJobs = (internal: boolean, query: JobQuery) =>
  useQuery({
    queryKey: ['jobs', internal, query],
    queryFn: () => api<{ items: JobItem[]; total: number }>('GET', internal ? '/api/jobs/internal' : '/api/jobs', { query }),
    placeholderData: keepPreviousData,
  });

/** Counts per stage tab. */
export interface JobSummary {
  stages: { stage: number; count: number; tab: string | null }[];
  tabs: Record<string, number>;
  total: number;
  canceled: number;
}

export const useJobSummary = (internal: boolean, query: JobQuery) =>
  useQuery({
    queryKey: ['jobs-summary', internal, query],
    queryFn: () => api<JobSummary>('GET', internal ? '/api/jobs/summary-internal' : '/api/jobs/summary', { query }),
    placeholderData: keepPreviousData,
  });

/** What each filter can take. */
export interface FilterOptions {
  contractors: { id: number; name: string }[];
  ops_users: { id: number; name: string }[];
  programs: { id: string; name: string; stages: { number: number; label: string; tab: string }[] }[];
  eligibility: string[];
  action_owners: string[];
}

export const useFilterOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['jobs-filters'], queryFn: () => api<FilterOptions>('POST', '/api/jobs/filters', { body: {} }), enabled, staleTime: 300_000 });

/** A new job's fields (spec sect. 2 "Add new job"). */
export interface NewJob {
  first_name: string;
  last_name: string;
  email?: string;
  phone_number?: string;
  address: string;
  city?: string;
  state?: string;
  zip?: string;
  contractor_id?: number;
  program_id?: string;
  create_anyway?: boolean;
}

export const useCreateJob = () => useMutation({ mutationFn: (body: NewJob) => api<{ id: number }>('POST', '/api/jobs', { body, ignoreErrors: [409, 422] }) });

/** An announcement a contractor sees. */
export interface Announcement {
  id: number;
  title: string;
  content: string;
  video_url: string | null;
  image_url: string | null;
  link: string | null;
}

export const useCurrentAnnouncements = (enabled: boolean) =>
  useQuery({ queryKey: ['announcements', 'current'], queryFn: () => api<{ items: Announcement[] }>('GET', '/api/announcements/current', { ignoreErrors: [403, 404] }), enabled, staleTime: 60_000 });
