/**
 * The jobs list's sorts (spec sect. 7) and keyset paging (issue 47): each sort's columns, the keys a page orders by
 * (whose work comes first, the sort's columns, the job id, text in byte order on both backends), and the rows past a
 * cursor's keys in that order, as one row-value comparison an index seeks (server/db/list-cursor.ts holds the cursor).
 */

import { sql, type Expression, type SqlBool } from 'kysely';
import type { ActionOwnerRole } from '../../engine/constants.ts';
import { isPostgres, type Q } from './portable.ts';
import type { Seek } from './list-cursor.ts';

/**
 * Sortable columns (spec: job name or days in stage; default created_at), each sort's columns before id: a stage
 * holds its jobs in creation order (each sort walks an index in this order, migration 023).
 */
export const SORT_COLUMNS = {
  created_at: ['created_at'],
  full_name: ['full_name'],
  days_in_stage: ['stage_entered_at'],
  stage: ['stage', 'created_at'],
  updated_at: ['updated_at'],
} as const;
export type SortBy = keyof typeof SORT_COLUMNS;

/** The table a list or count drives from: jobs, or the action-owner rows (`o`) when that filter is on. */
export type By = 'jobs' | 'o';

/** A page of the list: its number and size, the sort, and whose work comes first. */
export interface ListPage {
  page_number: number;
  per_page: number;
  sort_by: SortBy;
  sort_direction: 'asc' | 'desc';
  /**
   * A role whose list starts with its work (a contractor's, issue 42): the jobs waiting on it, then those waiting on
   * others, then the ineligible ones, then those nobody has anything to do on; the sort applies within each group.
   */
  work_first?: ActionOwnerRole;
  /** Keyset paging (server/db/list-cursor.ts): the page after or before a row, sought in the index; no offset. */
  seek?: Seek;
}

/**
 * The group of a job in a list that starts with a role's work (0: waiting on the role, 1: on others, 2: ineligible,
 * 3: nothing open), from the stored eligibility and action owners (',a,b,', evaluation.ts); every value bound.
 */
export const workRank = (role: ActionOwnerRole) =>
  sql<number>`case when ${sql.ref('jobs.eligibility')} = ${'ineligible'} then 2
    when ${sql.ref('jobs.action_owners')} like ${`%,${role},%`} then 0
    when ${sql.ref('jobs.action_owners')} <> ${''} then 1 else 3 end`;

/** Columns the driving table has (the action-owner rows carry these of their job). */
const CARRIED = new Set<string>(['created_at', 'stage']);
/** The column a page's rows carry their work rank in (a list that starts with a role's work). */
export const WORK_RANK = 'jobs_work_rank';

/** A list's sort: the keys it orders by (the work rank, the sort's columns, the id), each with its direction. */
export function sortKeys(db: Q, page: ListPage, table: By, flip: boolean) {
  const dir = page.sort_direction === 'desc' ? 'desc' : 'asc';
  const turn = (d: 'asc' | 'desc') => (flip ? (d === 'asc' ? 'desc' : 'asc') : d);
  const cols = SORT_COLUMNS[page.sort_by] ?? SORT_COLUMNS.created_at;
  const first = page.work_first;
  const id = table === 'o' ? 'o.job_id' : 'jobs.id';
  const text = (c: string) => c !== 'stage' && isPostgres(db);
  return [
    ...(first ? [{ expr: workRank(first) as Expression<unknown>, dir: turn('asc'), bytes: false }] : []),
    ...cols.map((c) => ({
      expr: sql.ref(`${table === 'o' && CARRIED.has(c) ? 'o' : 'jobs'}.${c}`) as Expression<unknown>,
      dir: turn(dir),
      bytes: text(c),
    })),
    { expr: sql.ref(id) as Expression<unknown>, dir: turn(dir), bytes: false },
  ];
}

/**
 * The rows past a cursor's keys in the order `keys` run: lexicographic, as one row-value comparison where every key
 * runs one way (an index seeks it), else the leading keys of the other direction compared first.
 */
export function pastKeys(keys: ReturnType<typeof sortKeys>, values: (string | number)[]): Expression<SqlBool> {
  const side = (k: (typeof keys)[number], v: string | number) => ({
    l: k.bytes ? sql`${k.expr} collate "C"` : k.expr,
    r: sql`${v}`,
  });
  const compare = (from: number): Expression<SqlBool> => {
    const dir = keys[from].dir;
    let to = from;
    while (to < keys.length && keys[to].dir === dir) to++;
    const run = keys.slice(from, to).map((k, i) => side(k, values[from + i]));
    const op = sql.raw(dir === 'asc' ? '>' : '<');
    const past = sql<SqlBool>`(${sql.join(run.map((x) => x.l))}) ${op} (${sql.join(run.map((x) => x.r))})`;
    if (to === keys.length) return past;
    const same = sql<SqlBool>`(${sql.join(run.map((x) => x.l))}) = (${sql.join(run.map((x) => x.r))})`;
    return sql<SqlBool>`(${past} or (${same} and ${compare(to)}))`;
  };
  return compare(0);
}
