/**
 * Jobs to seed and what the list, filters and counts should answer for them, computed here in plain
 * code (text in byte order, as SQLite's BINARY and PostgreSQL's "C"), so both backends are held to
 * one expectation.
 */

import type { JobFilters, JobScope, SortBy } from '../../server/db/job-lists.db.ts';
import type { NewJob } from '../../server/db/jobs.db.ts';

/** The people and companies the jobs point at (ids known once seeded). */
export interface Refs {
  c1: number;
  c2: number;
  u1: number;
  u2: number;
  h1: number;
}

const NAMES = [
  'alice Smith',
  'Alice smith',
  'Bob Jones',
  'bob-jones',
  'Zoë Adams',
  'zed Young',
  'Émile Roux',
  "O'Brien Pat",
  'Ann Lee',
  'ann lee',
  '100% Real',
  'under_score Co',
];
const ADDRESSES = ['1 Main St', '2 Oak Ave', '3 Elm_Rd'];
const ELIGIBILITY = ['eligible', 'pending_more_information', 'ineligible'];
const TABS = ['todo', 'Done', null, 'waiting'];
const OWNERS = [',ops,', ',contractor,', ',ops,contractor,', ''];
const pad = (n: number) => String(n).padStart(2, '0');

/** 30 jobs varied in every filtered and sorted column, with ties in each sort column. */
export function seedJobs(r: Refs): NewJob[] {
  return Array.from({ length: 30 }, (_, i) => {
    const full = NAMES[i % NAMES.length];
    const [first, ...rest] = full.split(' ');
    const eligibility = ELIGIBILITY[i % 3];
    return {
      code: `J-${pad(i)}`,
      external_id: i % 4 === 0 ? `EXT-${i}` : null,
      first_name: first,
      last_name: rest.join(' ') || first,
      full_name: full,
      address: ADDRESSES[i % 3],
      program_id: i % 4 < 2 ? 'p1' : 'p2',
      contractor_id: [r.c1, r.c2, null][i % 3],
      homeowner_user_id: i % 2 === 0 ? r.h1 : null,
      stage: ((i * 7) % 5) + 1,
      tab: TABS[(i * 3) % 4],
      eligibility,
      is_eligible: eligibility === 'eligible' ? 1 : 0,
      is_canceled: i % 6 === 5 ? 1 : 0,
      claimed_by: i % 5 === 0 ? r.u1 : null,
      created_by: i % 2 === 0 ? r.u1 : r.u2,
      ops_owner: i % 4 === 1 ? r.u1 : i % 4 === 2 ? r.u2 : null,
      submitted_by: i % 3 === 0 ? r.u2 : null,
      has_contractor_task_exception: i % 7 === 3 ? 1 : 0,
      has_ops_task_exception: i % 5 === 2 ? 1 : 0,
      action_owners: OWNERS[(i + 1) % 4],
      created_at: `2024-01-${pad(1 + ((i * 5) % 20))}T10:00:00.000Z`,
      stage_entered_at: `2024-02-${pad(1 + ((i * 3) % 9))}T08:30:00.000Z`,
      updated_at: `2024-03-${pad(1 + (i % 10))}T12:00:00.000Z`,
    };
  });
}

/** A seeded job as the model sees it. */
export type ModelJob = NewJob & { id: number };

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const has = (v: string | null | undefined, q: string) => v != null && asciiLower(v).includes(asciiLower(q));
export const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Whether a job passes a scope and filters (the stage filter only when `withStage`). */
export function matches(j: ModelJob, scope: JobScope, f: JobFilters, withStage = true): boolean {
  const flag = (b: boolean | undefined) => (b ? 1 : 0);
  if (scope.contractor_id !== undefined && j.contractor_id !== scope.contractor_id) return false;
  if (scope.homeowner_user_id !== undefined && j.homeowner_user_id !== scope.homeowner_user_id) return false;
  if ((j.is_canceled ?? 0) !== flag(f.is_canceled)) return false;
  if (f.contractor_id !== undefined && j.contractor_id !== f.contractor_id) return false;
  if (f.program_id !== undefined && j.program_id !== f.program_id) return false;
  if (f.is_eligible !== undefined && j.is_eligible !== flag(f.is_eligible)) return false;
  if (f.eligibility !== undefined && j.eligibility !== f.eligibility) return false;
  if (f.is_claimed_jobs && j.claimed_by == null) return false;
  if (withStage && f.stage?.length && !f.stage.includes(j.stage ?? 1)) return false;
  if (f.ops_user !== undefined && j.ops_owner !== f.ops_user) return false;
  if (f.contractor_user !== undefined && j.created_by !== f.contractor_user) return false;
  if (f.contractor_submitted_by !== undefined && j.submitted_by !== f.contractor_submitted_by) return false;
  if (
    f.has_contractor_task_exception !== undefined &&
    j.has_contractor_task_exception !== flag(f.has_contractor_task_exception)
  )
    return false;
  if (f.has_ops_task_exception !== undefined && j.has_ops_task_exception !== flag(f.has_ops_task_exception))
    return false;
  if (f.action_owner !== undefined && !(j.action_owners ?? '').split(',').includes(f.action_owner)) return false;
  if (f.show_my_jobs && f.me !== undefined && ![j.claimed_by, j.ops_owner, j.created_by].includes(f.me)) return false;
  if (
    f.q &&
    !(has(j.full_name, f.q) || has(j.address, f.q) || has(j.code, f.q) || String(j.id) === f.q || j.external_id === f.q)
  )
    return false;
  return true;
}

/** Each sort's columns: a stage's jobs in creation order. */
const SORT: Record<SortBy, (keyof NewJob)[]> = {
  created_at: ['created_at'],
  full_name: ['full_name'],
  days_in_stage: ['stage_entered_at'],
  stage: ['stage', 'created_at'],
  updated_at: ['updated_at'],
};

/** The ids a list answers: sorted by the sort's columns (text by bytes), then id, all in the direction. */
export function expectedIds(
  jobs: ModelJob[],
  scope: JobScope,
  f: JobFilters,
  sortBy: SortBy,
  dir: 'asc' | 'desc',
): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  const by = (a: ModelJob, b: ModelJob, col: keyof NewJob) => {
    const x = a[col] as string | number;
    const y = b[col] as string | number;
    return typeof x === 'number' ? x - (y as number) : bytes(x, y as string);
  };
  return jobs
    .filter((j) => matches(j, scope, f))
    .sort((a, b) => sign * (SORT[sortBy].reduce((c, col) => c || by(a, b, col), 0) || a.id - b.id))
    .map((j) => j.id);
}

/** Jobs per stage (not canceled, no stage filter), by stage. */
export function expectedStages(jobs: ModelJob[], scope: JobScope, f: JobFilters): { stage: number; count: number }[] {
  const m = new Map<number, number>();
  for (const j of jobs.filter((x) => matches(x, scope, { ...f, is_canceled: false }, false)))
    m.set(j.stage ?? 1, (m.get(j.stage ?? 1) ?? 0) + 1);
  return [...m].sort((a, b) => a[0] - b[0]).map(([stage, count]) => ({ stage, count }));
}

/** Jobs per tab (not canceled, no stage filter), no tab first, then by bytes. */
export function expectedTabs(
  jobs: ModelJob[],
  scope: JobScope,
  f: JobFilters,
): { tab: string | null; count: number }[] {
  const m = new Map<string | null, number>();
  for (const j of jobs.filter((x) => matches(x, scope, { ...f, is_canceled: false }, false)))
    m.set(j.tab ?? null, (m.get(j.tab ?? null) ?? 0) + 1);
  return [...m]
    .sort((a, b) => (a[0] === null ? -1 : b[0] === null ? 1 : bytes(a[0], b[0])))
    .map(([tab, count]) => ({ tab, count }));
}

/** Canceled jobs (no stage filter). */
export const expectedCanceled = (jobs: ModelJob[], scope: JobScope, f: JobFilters) =>
  jobs.filter((j) => matches(j, scope, { ...f, is_canceled: true }, false)).length;
