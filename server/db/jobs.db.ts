/** Jobs: rows, lists with filters, per-stage counts, duplicates. */

import { stmt, type Db } from './connection.ts';

/** A job row as stored. */
export interface JobRow {
  id: number;
  code: string;
  external_id: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  address: string;
  city: string | null;
  county: string | null;
  state: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  electric_utility: string | null;
  gas_utility: string | null;
  place_id: string | null;
  contractor_id: number | null;
  homeowner_user_id: number | null;
  program_id: string;
  stage: number;
  stage_key: string | null;
  tab: string | null;
  eligibility: string;
  is_eligible: number;
  action_owners: string;
  has_contractor_task_exception: number;
  has_ops_task_exception: number;
  rebate_min_cents: number | null;
  rebate_max_cents: number | null;
  rebate_final_cents: number | null;
  definition_hash: string | null;
  stage_entered_at: string;
  is_canceled: number;
  cancel_reason: string | null;
  cancel_note: string | null;
  is_deemed: number;
  ops_marked_ineligible: number;
  claimed_by: number | null;
  created_by: number | null;
  submitted_by: number | null;
  submitted_at: string | null;
  ops_owner: number | null;
  exception_notes: string | null;
  submit_terms_id: number | null;
  install_terms_id: number | null;
  cloned_from: number | null;
  created_at: string;
  updated_at: string;
}

/** Fields given when a job is created. */
export type NewJob = Pick<JobRow, 'code' | 'first_name' | 'last_name' | 'full_name' | 'address' | 'program_id' | 'created_at' | 'updated_at' | 'stage_entered_at'> &
  Partial<Omit<JobRow, 'id'>>;

const INSERTABLE = [
  'code', 'external_id', 'first_name', 'last_name', 'full_name', 'email', 'phone_number', 'address', 'city', 'county', 'state', 'zip', 'lat', 'lon',
  'electric_utility', 'gas_utility', 'place_id', 'contractor_id', 'homeowner_user_id', 'program_id', 'stage', 'stage_key', 'tab', 'eligibility',
  'is_eligible', 'action_owners', 'has_contractor_task_exception', 'has_ops_task_exception', 'rebate_min_cents', 'rebate_max_cents',
  'rebate_final_cents', 'definition_hash', 'stage_entered_at', 'is_canceled', 'is_deemed', 'ops_marked_ineligible', 'created_by', 'submitted_by', 'submitted_at',
  'ops_owner', 'claimed_by', 'exception_notes', 'cloned_from', 'created_at', 'updated_at',
] as const;

export function insertJob(db: Db, job: NewJob): number {
  const row: Record<string, unknown> = {};
  for (const k of INSERTABLE) row[k] = (job as Record<string, unknown>)[k] ?? null;
  row.stage ??= 1;
  row.eligibility ??= 'pending_more_information';
  for (const k of ['is_eligible', 'has_contractor_task_exception', 'has_ops_task_exception', 'is_canceled', 'is_deemed', 'ops_marked_ineligible'] as const) row[k] ??= 0;
  row.action_owners ??= '';
  const sql = `INSERT INTO jobs (${INSERTABLE.join(', ')}) VALUES (${INSERTABLE.map((k) => `@${k}`).join(', ')})`;
  const id = Number(db.prepare(sql).run(row).lastInsertRowid);
  writeActionOwners(db, id);
  return id;
}

/** The job's rows of job_action_owners (migration 007): its open roles with the columns the filter sorts and counts by. */
function writeActionOwners(db: Db, jobId: number): void {
  stmt(db, 'DELETE FROM job_action_owners WHERE job_id = ?').run(jobId);
  const j = stmt(db, 'SELECT action_owners, is_canceled, stage, created_at FROM jobs WHERE id = ?').get(jobId) as Pick<JobRow, 'action_owners' | 'is_canceled' | 'stage' | 'created_at'>;
  const insert = stmt(db, 'INSERT INTO job_action_owners (role, job_id, is_canceled, stage, created_at) VALUES (?, ?, ?, ?, ?)');
  for (const role of j.action_owners.split(',').filter(Boolean)) insert.run(role, jobId, j.is_canceled, j.stage, j.created_at);
}

export function getJob(db: Db, id: number): JobRow | undefined {
  return db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
}

export function getJobByCode(db: Db, code: string): JobRow | undefined {
  return db.prepare('SELECT * FROM jobs WHERE code = ?').get(code) as JobRow | undefined;
}

export function codeExists(db: Db, code: string): boolean {
  return db.prepare('SELECT 1 FROM jobs WHERE code = ?').get(code) !== undefined;
}

/** Columns a service may change on a job (never id or code). */
const UPDATABLE = new Set<string>([...INSERTABLE.filter((k) => k !== 'code'), 'cancel_reason', 'cancel_note', 'submit_terms_id', 'install_terms_id']);

export function updateJob(db: Db, id: number, changes: Partial<JobRow>): void {
  const keys = Object.keys(changes).filter((k) => UPDATABLE.has(k));
  if (!keys.length) return;
  const params: Record<string, unknown> = { id };
  for (const k of keys) params[k] = (changes as Record<string, unknown>)[k] ?? null;
  db.prepare(`UPDATE jobs SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run(params);
  if (changes.action_owners !== undefined || changes.is_canceled !== undefined || changes.stage !== undefined) writeActionOwners(db, id);
}

/** A possible duplicate: same homeowner (last name, first name) at the same address, not canceled. */
export function findDuplicate(db: Db, j: { first_name: string; last_name: string; address: string }, scope: JobScope): JobRow | undefined {
  return db
    .prepare(`SELECT * FROM jobs WHERE last_name = @last_name COLLATE NOCASE AND first_name = @first_name COLLATE NOCASE AND address = @address COLLATE NOCASE
              AND is_canceled = 0 AND (@contractor_id IS NULL OR contractor_id = @contractor_id) ORDER BY id LIMIT 1`)
    .get({ ...j, contractor_id: scope.contractor_id ?? null }) as JobRow | undefined;
}

/** Whose jobs a user may see: a company, a homeowner, or everyone (ops). */
export interface JobScope {
  contractor_id?: number;
  homeowner_user_id?: number;
}

/** Filters of the jobs list (spec sect. 7). */
export interface JobFilters {
  contractor_id?: number;
  program_id?: string;
  is_canceled?: boolean;
  is_eligible?: boolean;
  is_claimed_jobs?: boolean;
  stage?: number[];
  ops_user?: number;
  contractor_user?: number;
  has_contractor_task_exception?: boolean;
  has_ops_task_exception?: boolean;
  contractor_submitted_by?: number;
  action_owner?: string;
  show_my_jobs?: boolean;
  /** The signed-in user (for show_my_jobs and claimed jobs). */
  me?: number;
  eligibility?: string;
  q?: string;
}

/** Sortable columns (spec: job name or days in stage; default created_at). */
export const SORT_COLUMNS = { created_at: 'created_at', full_name: 'full_name', days_in_stage: 'stage_entered_at', stage: 'stage', updated_at: 'updated_at' } as const;
export type SortBy = keyof typeof SORT_COLUMNS;

/** A list query's FROM, WHERE and bound values; `by` qualifies the columns the driving table has. */
interface Where {
  from: string;
  sql: string;
  params: Record<string, unknown>;
  /** The table whose is_canceled, stage and created_at the query reads (jobs, or the action-owner rows). */
  by: 'jobs' | 'o';
}

function where(scope: JobScope, f: JobFilters, withStage = true): Where {
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  const add = (sql: string, values: Record<string, unknown> = {}) => {
    parts.push(sql);
    Object.assign(params, values);
  };
  // The action-owner filter drives from its own rows (migration 007), which carry is_canceled, stage and
  // created_at: its page walks an index in creation order and its counts read an index only.
  const by = f.action_owner !== undefined ? 'o' : 'jobs';
  if (f.action_owner !== undefined) add('o.role = @action_owner', { action_owner: f.action_owner });
  if (scope.contractor_id !== undefined) add('jobs.contractor_id = @scope_contractor', { scope_contractor: scope.contractor_id });
  if (scope.homeowner_user_id !== undefined) add('jobs.homeowner_user_id = @scope_homeowner', { scope_homeowner: scope.homeowner_user_id });
  add(`${by}.is_canceled = @is_canceled`, { is_canceled: f.is_canceled ? 1 : 0 });
  if (f.contractor_id !== undefined) add('jobs.contractor_id = @contractor_id', { contractor_id: f.contractor_id });
  if (f.program_id !== undefined) add('jobs.program_id = @program_id', { program_id: f.program_id });
  if (f.is_eligible !== undefined) add('jobs.is_eligible = @is_eligible', { is_eligible: f.is_eligible ? 1 : 0 });
  if (f.eligibility !== undefined) add('jobs.eligibility = @eligibility', { eligibility: f.eligibility });
  if (f.is_claimed_jobs) add('jobs.claimed_by IS NOT NULL');
  if (withStage && f.stage?.length) {
    const names = f.stage.map((s, i) => {
      params[`stage_${i}`] = s;
      return `@stage_${i}`;
    });
    parts.push(`${by}.stage IN (${names.join(', ')})`);
  }
  if (f.ops_user !== undefined) add('jobs.ops_owner = @ops_user', { ops_user: f.ops_user });
  if (f.contractor_user !== undefined) add('jobs.created_by = @contractor_user', { contractor_user: f.contractor_user });
  if (f.contractor_submitted_by !== undefined) add('jobs.submitted_by = @submitted_by', { submitted_by: f.contractor_submitted_by });
  if (f.has_contractor_task_exception !== undefined) add('jobs.has_contractor_task_exception = @hce', { hce: f.has_contractor_task_exception ? 1 : 0 });
  if (f.has_ops_task_exception !== undefined) add('jobs.has_ops_task_exception = @hoe', { hoe: f.has_ops_task_exception ? 1 : 0 });
  if (f.show_my_jobs && f.me !== undefined) add('(jobs.claimed_by = @me OR jobs.ops_owner = @me OR jobs.created_by = @me)', { me: f.me });
  if (f.q) add("(jobs.full_name LIKE @q ESCAPE '\\' OR jobs.address LIKE @q ESCAPE '\\' OR jobs.code LIKE @q ESCAPE '\\' OR CAST(jobs.id AS TEXT) = @q_exact OR jobs.external_id = @q_exact)", {
    q: `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    q_exact: f.q,
  });
  // A count that reads no column of jobs need not join it.
  const needsJobs = by === 'jobs' || parts.some((p) => p.includes('jobs.'));
  const from = by === 'jobs' ? 'FROM jobs' : needsJobs ? 'FROM job_action_owners o JOIN jobs ON jobs.id = o.job_id' : 'FROM job_action_owners o';
  return { from, sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params, by };
}

/**
 * Counts cached per database against the jobs version (migration 006): a count scans every matching
 * row, so it runs once per change of the jobs table instead of once per request. Bounded in size.
 */
const countCache = new WeakMap<Db, Map<string, { v: number; value: unknown }>>();
const COUNT_CACHE_MAX = 2000;

/** Forgets the cached counts and pages of a database (benches measure the queries themselves). */
export function clearCountCache(db: Db): void {
  countCache.get(db)?.clear();
}

/** Caches a value against the jobs version: recomputed only after jobs (or contractor names) change. */
export function cachedCount<T>(db: Db, key: string, compute: () => T): T {
  const v = (stmt(db, 'SELECT v FROM jobs_version WHERE id = 1').get() as { v: number }).v;
  let cache = countCache.get(db);
  if (!cache) countCache.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.v === v) return hit.value as T;
  const value = compute();
  if (cache.size >= COUNT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, { v, value });
  return value;
}

/** The columns a list shows (a list never reads the whole row). */
const LIST_COLUMNS = [
  'id', 'code', 'external_id', 'full_name', 'address', 'city', 'state', 'zip', 'contractor_id', 'homeowner_user_id', 'program_id', 'stage', 'stage_key', 'tab',
  'eligibility', 'is_eligible', 'action_owners', 'has_contractor_task_exception', 'has_ops_task_exception', 'rebate_min_cents', 'rebate_max_cents',
  'rebate_final_cents', 'stage_entered_at', 'is_canceled', 'cancel_reason', 'is_deemed', 'claimed_by', 'ops_owner', 'exception_notes', 'created_at',
].map((c) => `jobs.${c}`).join(', ');

/** Columns the driving table has (the action-owner rows carry these of their job). */
const CARRIED = new Set(['created_at', 'stage']);
const sortColumn = (w: Where, col: string) => (w.by === 'o' && CARRIED.has(col) ? `o.${col}` : `jobs.${col}`);

/** One page of jobs and the total count. */
export function listJobs(db: Db, scope: JobScope, f: JobFilters, page: { page_number: number; per_page: number; sort_by: SortBy; sort_direction: 'asc' | 'desc' }): { items: JobRow[]; total: number } {
  const w = where(scope, f);
  const dir = page.sort_direction === 'desc' ? 'DESC' : 'ASC';
  const col = SORT_COLUMNS[page.sort_by];
  const from = w.by === 'o' ? 'FROM job_action_owners o JOIN jobs ON jobs.id = o.job_id' : w.from;
  const items = stmt(db, `SELECT ${LIST_COLUMNS} ${from} ${w.sql} ORDER BY ${sortColumn(w, col)} ${dir}, ${w.by}.${w.by === 'o' ? 'job_id' : 'id'} ${dir} LIMIT @limit OFFSET @offset`)
    .all({ ...w.params, limit: page.per_page, offset: (page.page_number - 1) * page.per_page }) as JobRow[];
  const total = cachedCount(db, `list ${w.from} ${w.sql} ${JSON.stringify(w.params)}`, () => (stmt(db, `SELECT COUNT(*) AS n ${w.from} ${w.sql}`).get(w.params) as { n: number }).n);
  return { items, total };
}

/** Jobs per stage for the stage tabs (filters apply, the stage filter does not), and the canceled count. */
export function stageCounts(db: Db, scope: JobScope, f: JobFilters): { stage: number; count: number }[] {
  const w = where(scope, { ...f, is_canceled: false }, false);
  return cachedCount(db, `stages ${w.from} ${w.sql} ${JSON.stringify(w.params)}`, () =>
    stmt(db, `SELECT ${w.by}.stage AS stage, COUNT(*) AS count ${w.from} ${w.sql} GROUP BY ${w.by}.stage ORDER BY ${w.by}.stage`).all(w.params) as { stage: number; count: number }[]);
}

/** Jobs per stage tab (not canceled), filters applied but not the stage filter. */
export function tabCounts(db: Db, scope: JobScope, f: JobFilters): { tab: string | null; count: number }[] {
  const w = where(scope, { ...f, is_canceled: false }, false);
  const from = w.by === 'o' ? 'FROM job_action_owners o JOIN jobs ON jobs.id = o.job_id' : w.from;
  return cachedCount(db, `tabs ${from} ${w.sql} ${JSON.stringify(w.params)}`, () => stmt(db, `SELECT jobs.tab AS tab, COUNT(*) AS count ${from} ${w.sql} GROUP BY jobs.tab`).all(w.params) as { tab: string | null; count: number }[]);
}

export function canceledCount(db: Db, scope: JobScope, f: JobFilters): number {
  const w = where(scope, { ...f, is_canceled: true }, false);
  return cachedCount(db, `canceled ${w.from} ${w.sql} ${JSON.stringify(w.params)}`, () => (stmt(db, `SELECT COUNT(*) AS n ${w.from} ${w.sql}`).get(w.params) as { n: number }).n);
}

/** Jobs of a homeowner user. */
export function jobsOfHomeowner(db: Db, userId: number): JobRow[] {
  return db.prepare('SELECT * FROM jobs WHERE homeowner_user_id = ? ORDER BY id').all(userId) as JobRow[];
}
