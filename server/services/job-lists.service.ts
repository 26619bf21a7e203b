/** The jobs list (spec sect. 7): its pages as the role sees them, the per-stage summary, the filters' values. */

import { ELIGIBILITY_STATUSES, ACTION_OWNER_ROLES } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { badRequest } from '../errors.ts';
import * as lists from '../db/job-lists.db.ts';
import * as contractorsDb from '../db/contractors.db.ts';
import { listUsers } from '../db/users.db.ts';
import { jobScope, seesInternal } from './access.ts';
import { programOfJob } from './pinned-program.ts';
import { daysInStageChangeAfter, presentListItem } from './present.ts';
import { nextStepOf } from './next-step.ts';

/** Paging and sorting of a list (spec sect. 7 defaults). */
export interface Paging {
  page_number: number;
  per_page: number;
  sort_by: lists.SortBy;
  sort_direction: 'asc' | 'desc';
}

/**
 * One page of jobs, as the role sees them. The presented page is cached against the jobs version, and
 * until the first of its days-in-stage figures would change: a list refreshed by many people costs one
 * query per change.
 */
export async function listJobs(deps: Deps, user: AuthUser, filters: lists.JobFilters, paging: Paging) {
  return JSON.parse((await listJobsJson(deps, user, filters, paging)).toString('utf8')) as Awaited<
    ReturnType<typeof presentPage>
  >;
}

/**
 * The page as JSON, cached as its UTF-8 bytes: a repeated request costs no query, no serialisation and
 * no encoding (a 25-job page is ~20 KB: measuring its length and encoding it took ~10 µs per answer).
 * The key holds everything the answer depends on: who asks (role, user, company: the scope, the internal
 * fields, "my jobs"), the filters and the page.
 */
export function listJobsJson(deps: Deps, user: AuthUser, filters: lists.JobFilters, paging: Paging): Promise<Buffer> {
  const key = `page ${user.role} ${user.id} ${user.contractor_id} ${JSON.stringify(filters)} ${JSON.stringify(paging)}`;
  const now = deps.now().getTime();
  return lists.cachedUntil(deps.db, key, now, async () => {
    const page = await presentPage(deps, user, filters, paging);
    return {
      value: Buffer.from(JSON.stringify(page)),
      until: Math.min(Infinity, ...page.items.map((i) => daysInStageChangeAfter(i.stage_entered_at, now))),
    };
  });
}

async function presentPage(deps: Deps, user: AuthUser, filters: lists.JobFilters, paging: Paging) {
  // A contractor's list starts with its work (issue 42); ops' and homeowners' keep the sort alone.
  const page = { ...paging, work_first: user.role === 'contractor' ? ('contractor' as const) : undefined };
  const { items, total } = await lists.listJobs(deps.db, jobScope(user), { ...filters, me: user.id }, page);
  const names = await contractorsDb.contractorNames(
    deps.db,
    items.map((r) => r.contractor_id).filter((x): x is number => x !== null),
  );
  // A pinned job's stage is named as its version names it (built once per version and kept: pinned-program.ts).
  const judgedBy = await Promise.all(items.map(async (r) => (r.pinned_version ? programOfJob(deps, r) : undefined)));
  return {
    items: items.map((r, i) => ({
      ...presentListItem(deps, user, r, r.contractor_id === null ? undefined : names.get(r.contractor_id), judgedBy[i]),
      next_step: nextStepOf(user, r, judgedBy[i] ?? deps.defs.programs[r.program_id]),
    })),
    total,
    page_number: paging.page_number,
    per_page: paging.per_page,
  };
}

/** Counts per stage and per tab (Apply, Review, Install, Enroll, Pay) and the canceled count. */
export async function summary(deps: Deps, user: AuthUser, filters: lists.JobFilters) {
  const scope = jobScope(user);
  const f = { ...filters, me: user.id };
  const [stages, byTab, canceled] = await Promise.all([
    lists.stageCounts(deps.db, scope, f),
    lists.tabCounts(deps.db, scope, f),
    lists.canceledCount(deps.db, scope, f),
  ]);
  // A stage number maps to a tab per stage model; with a program filter the model is that program's.
  const models = filters.program_id
    ? [deps.defs.programs[filters.program_id]?.stage_model].filter(Boolean)
    : Object.values(deps.defs.programs).map((p) => p.stage_model);
  const tabOf = (n: number) => models.map((m) => m!.stages.find((s) => s.number === n)?.tab).find(Boolean);
  const tabs: Record<string, number> = { Apply: 0, Review: 0, Install: 0, Enroll: 0, Pay: 0 };
  for (const t of byTab) if (t.tab && t.tab in tabs) tabs[t.tab] = t.count;
  return {
    stages: stages.map((s) => ({ ...s, tab: tabOf(s.stage) ?? null })),
    tabs,
    total: stages.reduce((n, s) => n + s.count, 0),
    canceled,
  };
}

/** The values each filter of the jobs list can take, for the role. */
export async function filterOptions(deps: Deps, user: AuthUser) {
  const contractors = seesInternal(user)
    ? (await contractorsDb.allContractors(deps.db)).map((c) => ({ id: c.id, name: c.name }))
    : [];
  const programs = Object.values(deps.defs.programs).map((p) => ({
    id: p.id,
    name: p.name,
    stages: p.stage_model.stages.map((s) => ({ number: s.number, label: s.label, tab: s.tab })),
  }));
  return {
    contractors,
    ops_users: seesInternal(user)
      ? (await listUsers(deps.db, { role: 'ops' })).map((u) => ({ id: u.id, name: u.name }))
      : [],
    contractor_users:
      user.role === 'contractor' && user.contractor_id !== null
        ? (await listUsers(deps.db, { contractor_id: user.contractor_id })).map((u) => ({ id: u.id, name: u.name }))
        : [],
    programs,
    eligibility: [...ELIGIBILITY_STATUSES],
    action_owners: [...ACTION_OWNER_ROLES],
    exceptions: ['has_contractor_task_exception', 'has_ops_task_exception'],
    sort_by: Object.keys(lists.SORT_COLUMNS),
  };
}

/** Parses a page size within bounds. */
export function checkPaging(p: Partial<Paging>): Paging {
  const per_page = p.per_page ?? 25;
  if (per_page > 200) throw badRequest("Query parameter 'per_page' must be at most 200", 'invalid_query');
  return {
    page_number: p.page_number ?? 1,
    per_page,
    sort_by: p.sort_by ?? 'created_at',
    sort_direction: p.sort_direction ?? 'asc',
  };
}
