/** The jobs list (spec sect. 7): its pages as the role sees them, the per-stage summary, the filters' values. */

import { ELIGIBILITY_STATUSES, ACTION_OWNER_ROLES } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { badRequest } from '../errors.ts';
import * as lists from '../db/job-lists.db.ts';
import { decodeCursor, encodeCursor, type Seek } from '../db/list-cursor.ts';
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
  /** Keyset paging (issue 47): the page after or before the row a cursor of this list names (a page's cursors). */
  after?: string;
  before?: string;
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
  const seek = seekOf(user, paging); // a cursor that is not this list's is refused before anything is read
  const now = deps.now().getTime();
  return lists.cachedUntil(deps.db, key, now, async () => {
    const page = await presentPage(deps, user, filters, paging, seek);
    return {
      value: Buffer.from(JSON.stringify(page)),
      until: Math.min(Infinity, ...page.items.map((i) => daysInStageChangeAfter(i.stage_entered_at, now))),
    };
  });
}

/** Whose work a role's list starts with: a contractor's list starts with its work (issue 42); ops' and homeowners' keep
 * the sort alone. */
const workFirstOf = (user: AuthUser) => (user.role === 'contractor' ? ('contractor' as const) : undefined);

/** The seek a page's cursor asks for, when it names a row of this very list (its sort and whose work comes first). */
function seekOf(user: AuthUser, paging: Paging): Seek | undefined {
  if (paging.after !== undefined && paging.before !== undefined)
    throw badRequest("Query parameters 'after' and 'before' cannot be used together", 'invalid_query');
  const side = paging.after !== undefined ? 'after' : paging.before !== undefined ? 'before' : undefined;
  if (!side) return undefined;
  const c = decodeCursor(paging[side]!);
  const cols = lists.SORT_COLUMNS[paging.sort_by];
  const first = workFirstOf(user);
  if (
    !c ||
    c.sort_by !== paging.sort_by ||
    c.sort_direction !== paging.sort_direction ||
    c.work_first !== (first ?? null) ||
    c.keys.length !== cols.length + 1 + (first ? 1 : 0)
  )
    throw badRequest(
      `Query parameter '${side}' is not a page cursor of this list (the list's sort has changed since): go back to the first page`,
      'invalid_query',
    );
  return { side, keys: c.keys };
}

async function presentPage(
  deps: Deps,
  user: AuthUser,
  filters: lists.JobFilters,
  paging: Paging,
  seek: Seek | undefined,
) {
  const work_first = workFirstOf(user);
  const { after: _after, before: _before, ...sort } = paging;
  const page = { ...sort, work_first, seek };
  const { items, total, keys } = await lists.listJobs(deps.db, jobScope(user), { ...filters, me: user.id }, page);
  const cursor = (k: (string | number)[] | undefined) =>
    k
      ? encodeCursor({
          sort_by: paging.sort_by,
          sort_direction: paging.sort_direction,
          work_first: work_first ?? null,
          keys: k,
        })
      : null;
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
    // The rows after this page's last and before its first (keyset paging: the web's Next and Previous use them).
    next_cursor:
      items.length === paging.per_page && paging.page_number * paging.per_page < total ? cursor(keys.at(-1)) : null,
    previous_cursor: paging.page_number > 1 && items.length ? cursor(keys[0]) : null,
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
    ...(p.after !== undefined ? { after: p.after } : {}),
    ...(p.before !== undefined ? { before: p.before } : {}),
  };
}
