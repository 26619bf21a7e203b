/**
 * What a search reads besides the index (search.db.ts finds candidate keys): a scope's ids when it is small enough
 * to be read whole, the searchable text of jobs, and jobs and contractors as results, by id on either backend.
 */

import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Q } from './portable.ts';
import type { SearchIndex, SearchScope } from './search.db.ts';

/** The searchable text of a job, as fuse.js reads it. */
export interface JobSearchText {
  id: number;
  full_name: string;
  address: string;
  city: string | null;
  contractor: string | null;
  code: string;
  external_id: string | null;
}

/** A job as a search result shows it. */
export interface JobSearchRow extends JobSearchText {
  is_canceled: number;
  stage: number;
  program_id: string;
  eligibility: string;
}

/** A contractor as search reads and shows it. */
export interface ContractorSearchRow {
  id: number;
  name: string;
  primary_contact: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * Ids of every row of a scope in id order, or null when it holds more than `max` (then the index narrows). A row
 * at offset `max` is looked for first: a large scope (every job, for ops) answers with one id, not `max` + 1. Both
 * reads take the ids in whatever order an index gives them (sorted here): ordered by id, SQLite's planner read a
 * 20,000-job company's every entry of a wide index and sorted them to find the 1,001st (6.8 ms at a million jobs).
 */
export async function idsInScope(db: Q, index: SearchIndex, scope: SearchScope, max: number): Promise<number[] | null> {
  const ids = async (offset: number, limit: number) => {
    if (index === 'contractors') {
      let q = db.selectFrom('contractors').select('id').where('deleted_at', 'is', null);
      if (scope.contractor_id !== undefined) q = q.where('id', '=', scope.contractor_id);
      return (await q.offset(offset).limit(limit).execute()).map((r) => r.id);
    }
    let q = db.selectFrom('jobs').select('id');
    if (scope.contractor_id !== undefined) q = q.where('contractor_id', '=', scope.contractor_id);
    else if (scope.homeowner_user_id !== undefined) q = q.where('homeowner_user_id', '=', scope.homeowner_user_id);
    return (await q.offset(offset).limit(limit).execute()).map((r) => r.id);
  };
  if ((await ids(max, 1)).length) return null;
  // Rows written between the two reads may make it more than `max`: read one more to tell.
  const all = await ids(0, max + 1);
  return all.length > max ? null : all.map(Number).sort((a, b) => a - b);
}

/** `col` is one of `ids`, bound as one value whatever their number (SQLite: a JSON array; PostgreSQL: an integer
 * array). */
function idIn(db: Q, col: Expression<unknown>, ids: number[]): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${col} = any(cast(${ids} as integer[]))`
    : sql<SqlBool>`${col} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** The columns of a job's searchable text (JobSearchText), and those a result adds (JobSearchRow). */
const TEXT_COLUMNS = [
  'j.id',
  'j.full_name',
  'j.address',
  'j.city',
  'c.name as contractor',
  'j.code',
  'j.external_id',
] as const;
const RESULT_COLUMNS = [...TEXT_COLUMNS, 'j.is_canceled', 'j.stage', 'j.program_id', 'j.eligibility'] as const;

/** Jobs by id (any order), with their contractor's name. */
const jobsById = (db: Q, ids: number[]) =>
  db
    .selectFrom('jobs as j')
    .leftJoin('contractors as c', 'c.id', 'j.contractor_id')
    .where((eb) => idIn(db, eb.ref('j.id'), ids));

/** The searchable text of jobs by id (any order). */
export async function jobSearchTexts(db: Q, ids: number[]): Promise<JobSearchText[]> {
  return ids.length ? jobsById(db, ids).select(TEXT_COLUMNS).execute() : [];
}

/** Jobs as results, by id (any order). */
export async function jobSearchRows(db: Q, ids: number[]): Promise<JobSearchRow[]> {
  return ids.length ? jobsById(db, ids).select(RESULT_COLUMNS).execute() : [];
}

/** Contractors (not deleted) by id (any order). */
export async function contractorSearchRows(db: Q, ids: number[]): Promise<ContractorSearchRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('contractors')
    .select(['id', 'name', 'primary_contact', 'address', 'city', 'phone', 'email'])
    .where('deleted_at', 'is', null)
    .where((eb) => idIn(db, eb.ref('id'), ids))
    .execute();
}
