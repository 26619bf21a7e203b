/**
 * The jobs list's state: the remembered filters, sorting and page size (spec sect. 3), the tab, and
 * the API query they make. A stage tab lists the stage numbers the summary puts under it.
 */

import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STAGE_TABS } from '../../../../engine/constants.ts';
import { stageTabOrder } from '../../../../engine/preferences.ts';
import { usePreference } from '../../../lib/preferences.ts';
import type { FilterOptions } from '../api/job-filters.ts';
import type { JobQuery } from '../api/list-jobs.ts';
import type { JobSummary } from '../api/job-summary.ts';

/** The tabs: one per stage tab, then the canceled jobs (listed separately, spec sect. 4). */
export const JOB_TABS = [...STAGE_TABS, 'Canceled'] as const;
/** A tab of the jobs list. */
export type JobTab = (typeof JOB_TABS)[number];
/** The tabs in the user's order (the remembered bucket_order); Canceled stays last. */
export const orderedJobTabs = (bucketOrder: unknown): JobTab[] => [...stageTabOrder(bucketOrder), 'Canceled'];

/** The remembered filter values (stored under the `job_filters` preference). */
export interface JobFilterValues {
  tab?: string;
  q?: string;
  program_id?: string;
  stage?: string;
  eligibility?: string;
  contractor_id?: string;
  ops_user?: string;
  action_owner?: string;
  claimed?: boolean;
  ops_flag?: boolean;
  contractor_flag?: boolean;
  /** A display toggle (ops): the exception notes under each job. Not a filter. */
  show_notes?: boolean;
}

/** The values that narrow the list (the "filter(s)" of 'No jobs found matching your filter(s).'). */
export const FILTER_KEYS = [
  'q',
  'program_id',
  'stage',
  'eligibility',
  'contractor_id',
  'ops_user',
  'action_owner',
  'claimed',
  'ops_flag',
  'contractor_flag',
] as const;
/** Filters only ops have controls for: never sent for anyone else (one browser, several sign-ins). */
const OPS_ONLY = new Set<string>(['contractor_id', 'ops_user', 'claimed', 'ops_flag']);

/** Which stage numbers fall under each tab: from the summary, completed by the programs' stage models. */
export function stagesByTab(
  summary: JobSummary | undefined,
  options: FilterOptions | undefined,
): Map<string, number[]> {
  const out = new Map<string, Set<number>>();
  const add = (tab: string | null | undefined, n: number) => {
    if (!tab) return;
    if (!out.has(tab)) out.set(tab, new Set());
    out.get(tab)!.add(n);
  };
  for (const s of summary?.stages ?? []) add(s.tab, s.stage);
  for (const p of options?.programs ?? []) for (const s of p.stages) add(s.tab, s.number);
  return new Map([...out].map(([t, set]) => [t, [...set].sort((a, b) => a - b)]));
}

/** The list state and setters. */
export function useJobList(isOps: boolean) {
  const [stored, setStored] = usePreference('job_filters');
  const [sorting, setSorting] = usePreference('job_sorting');
  const [perPage, setPerPageStored] = usePreference('jobs_per_page');
  const [bucketOrder] = usePreference('bucket_order');
  const tabs = useMemo(() => orderedJobTabs(bucketOrder), [bucketOrder]);
  // The page lives in the address, so Back from a job returns to the same page; so does the cursor it was reached by
  // (keyset paging, issue 47: Next and Previous seek the row after or before this page, so page 20,000 of a million
  // jobs costs what page 1 does). A page number alone (a link, a reload without the cursor) is read by its offset.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cursor = { after: params.get('after') ?? undefined, before: params.get('before') ?? undefined };
  const setPage = (n: number, seek: { after?: string | null; before?: string | null } = {}) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (n > 1) next.set('page', String(n));
        else next.delete('page');
        for (const side of ['after', 'before'] as const) {
          const c = n > 1 ? seek[side] : undefined;
          if (c) next.set(side, c);
          else next.delete(side);
        }
        return next;
      },
      { replace: true },
    );

  const filters = stored as JobFilterValues;
  const visible = useMemo(() => {
    const v: JobFilterValues = { ...filters };
    if (!isOps) for (const k of OPS_ONLY) delete v[k as keyof JobFilterValues];
    return v;
  }, [filters, isOps]);
  // No tab chosen yet: the first in the user's order.
  const tab: JobTab = (JOB_TABS as readonly string[]).includes(String(filters.tab)) ? (filters.tab as JobTab) : tabs[0];
  const anyFilter = FILTER_KEYS.some((k) => visible[k] !== undefined && visible[k] !== '' && visible[k] !== false);

  /** Sets some values; any change of what is listed goes back to page 1. */
  const update = (patch: Partial<JobFilterValues>) => {
    const next: JobFilterValues = { ...filters, ...patch };
    for (const k of Object.keys(next) as (keyof JobFilterValues)[])
      if (next[k] === '' || next[k] === false) delete next[k];
    setStored(next as Record<string, string | boolean | undefined>);
    if (page !== 1) setPage(1);
  };
  const clear = () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
  const setPerPage = (n: number) => {
    setPerPageStored(n);
    if (page !== 1) setPage(1);
  };
  const setSort = (sort_by: string, sort_direction: 'asc' | 'desc') => {
    setSorting({ sort_by, sort_direction });
    if (page !== 1) setPage(1);
  };

  /** The filters as the list and summary calls take them (spec sect. 7), without stage and paging. */
  const base: JobQuery = {
    q: visible.q?.trim() || undefined,
    program_id: visible.program_id,
    eligibility: visible.eligibility,
    contractor_id: visible.contractor_id,
    ops_user: visible.ops_user,
    action_owner: visible.action_owner,
    is_claimed_jobs: visible.claimed || undefined,
    has_ops_task_exception: visible.ops_flag || undefined,
    has_contractor_task_exception: visible.contractor_flag || undefined,
  };

  /** The page's query, once the stages of the tab are known (undefined until then). */
  const pageQuery = (tabs: Map<string, number[]>): JobQuery | undefined => {
    let stage: string | undefined;
    if (tab !== 'Canceled') {
      const stages = visible.stage ? [Number(visible.stage)] : tabs.get(tab);
      if (!stages) return undefined;
      // A tab with no stage in any model lists nothing: stage 0 does not exist.
      stage = stages.length ? stages.join(',') : '0';
    }
    return {
      ...base,
      stage,
      is_canceled: tab === 'Canceled' || undefined,
      sort_by: sorting.sort_by,
      sort_direction: sorting.sort_direction,
      page_number: page,
      per_page: perPage,
      after: cursor.after,
      before: cursor.after ? undefined : cursor.before,
    };
  };

  return {
    filters: visible,
    tabs,
    tab,
    anyFilter,
    update,
    clear,
    sorting,
    setSort,
    perPage,
    setPerPage,
    page,
    setPage,
    /** Whether the page was reached by a cursor (dropped if the server refuses it: the page is read by number). */
    seeking: cursor.after !== undefined || cursor.before !== undefined,
    base,
    pageQuery,
  };
}
