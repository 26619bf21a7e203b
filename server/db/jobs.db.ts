/** Jobs: rows (create, read, change), the action-owner rows they carry, duplicates. Lists and counts: job-lists.db.ts.
 * */

import { sql, type Insertable, type Updateable } from 'kysely';
import type { JobsTable } from './schema.ts';
import { atomic, equalsCaseless, type Q } from './portable.ts';

/** Whose jobs a user may see: a company, a homeowner, or everyone (ops). */
export interface JobScope {
  contractor_id?: number;
  homeowner_user_id?: number;
}

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
  /** The rebate lines by measure id (JSON, cents) of the last evaluation: household limits read them. */
  rebate_lines?: string | null;
  /** The first open task of each owner, in order (JSON [[owner, task id], ...]; null: not evaluated since 032). */
  next_steps?: string | null;
  definition_hash: string | null;
  /** The day (ISO date) the stored outcome columns were last computed (null: not since migration 020). */
  evaluated_on?: string | null;
  stage_entered_at: string;
  is_canceled: number;
  cancel_reason: string | null;
  cancel_note: string | null;
  is_deemed: number;
  ops_marked_ineligible: number;
  /** Why ops marked the job ineligible (null when not marked). */
  ops_ineligible_reason: string | null;
  /** Why ops let the job go on although the rules find it ineligible (null: no override). */
  eligibility_override_reason?: string | null;
  /** The definition version the job is evaluated under (null: the current definitions;
   * server/services/versions.service.ts). */
  pinned_version?: string | null;
  claimed_by: number | null;
  created_by: number | null;
  submitted_by: number | null;
  submitted_at: string | null;
  ops_owner: number | null;
  exception_notes: string | null;
  submit_terms_id: number | null;
  install_terms_id: number | null;
  cloned_from: number | null;
  /** What rules read as usage.<name> (JSON), set by energy usage collection. */
  usage_facts: string | null;
  /** The tasks sent to the homeowner by the invitations they accepted (JSON array; null: every homeowner task). */
  homeowner_tasks: string | null;
  created_at: string;
  updated_at: string;
}

/** Fields given when a job is created. */
export type NewJob = Pick<
  JobRow,
  | 'code'
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'address'
  | 'program_id'
  | 'created_at'
  | 'updated_at'
  | 'stage_entered_at'
> &
  Partial<Omit<JobRow, 'id'>>;

const INSERTABLE = [
  'code',
  'external_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone_number',
  'address',
  'city',
  'county',
  'state',
  'zip',
  'lat',
  'lon',
  'electric_utility',
  'gas_utility',
  'place_id',
  'contractor_id',
  'homeowner_user_id',
  'program_id',
  'stage',
  'stage_key',
  'tab',
  'eligibility',
  'is_eligible',
  'action_owners',
  'has_contractor_task_exception',
  'has_ops_task_exception',
  'rebate_min_cents',
  'rebate_max_cents',
  'rebate_final_cents',
  'rebate_lines',
  'next_steps',
  'definition_hash',
  'evaluated_on',
  'stage_entered_at',
  'is_canceled',
  'is_deemed',
  'ops_marked_ineligible',
  'ops_ineligible_reason',
  'eligibility_override_reason',
  'created_by',
  'submitted_by',
  'submitted_at',
  'ops_owner',
  'claimed_by',
  'exception_notes',
  'cloned_from',
  'created_at',
  'updated_at',
] as const;

/** Creates a job and its action-owner rows (in one transaction: the caller's or its own); returns its id. */
export async function insertJob(db: Q, job: NewJob): Promise<number> {
  const row: Record<string, unknown> = {};
  for (const k of INSERTABLE) row[k] = (job as Record<string, unknown>)[k] ?? null;
  row.stage ??= 1;
  row.eligibility ??= 'pending_more_information';
  for (const k of [
    'is_eligible',
    'has_contractor_task_exception',
    'has_ops_task_exception',
    'is_canceled',
    'is_deemed',
    'ops_marked_ineligible',
  ] as const)
    row[k] ??= 0;
  row.action_owners ??= '';
  return atomic(db, async (trx) => {
    const { id } = await trx
      .insertInto('jobs')
      .values(row as Insertable<JobsTable>)
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeActionOwners(trx, id);
    return id;
  });
}

/** The job's rows of job_action_owners (migration 007): its open roles with the columns the filter sorts and counts by.
 * */
async function writeActionOwners(
  db: Q,
  jobId: number,
  known?: Pick<JobRow, 'action_owners' | 'is_canceled' | 'stage' | 'created_at'>,
): Promise<void> {
  await db.deleteFrom('job_action_owners').where('job_id', '=', jobId).execute();
  const j =
    known ??
    (await db
      .selectFrom('jobs')
      .select(['action_owners', 'is_canceled', 'stage', 'created_at'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow());
  const roles = j.action_owners.split(',').filter(Boolean);
  if (!roles.length) return;
  await db
    .insertInto('job_action_owners')
    .values(
      roles.map((role) => ({
        role,
        job_id: jobId,
        is_canceled: j.is_canceled,
        stage: j.stage,
        created_at: j.created_at,
      })),
    )
    .execute();
}

export async function getJob(db: Q, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getJobByCode(db: Q, code: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function codeExists(db: Q, code: string): Promise<boolean> {
  return (
    (await db.selectFrom('jobs').select(sql.lit(1).as('one')).where('code', '=', code).executeTakeFirst()) !== undefined
  );
}

/** Columns a service may change on a job (never id or code). */
const UPDATABLE = new Set<string>([
  ...INSERTABLE.filter((k) => k !== 'code'),
  'cancel_reason',
  'cancel_note',
  'submit_terms_id',
  'install_terms_id',
  'usage_facts',
  'homeowner_tasks',
]);

/** The columns the action-owner rows carry (or derive from). */
const CARRIED_BY_OWNERS = ['action_owners', 'is_canceled', 'stage', 'created_at'];

/**
 * Changes the allowed columns of a job (and its action-owner rows with what they carry), in one transaction.
 * With `read` (the row as read), only a job not written since (its updated_at): false when it was.
 */
export async function updateJob(db: Q, id: number, changes: Partial<JobRow>, read?: JobRow): Promise<boolean> {
  const keys = Object.keys(changes).filter((k) => UPDATABLE.has(k));
  if (!keys.length) return true;
  const set: Record<string, unknown> = {};
  for (const k of keys) set[k] = (changes as Record<string, unknown>)[k] ?? null;
  return atomic(db, async (trx) => {
    let q = trx
      .updateTable('jobs')
      .set(set as Updateable<JobsTable>)
      .where('id', '=', id);
    if (read) q = q.where('updated_at', '=', read.updated_at);
    if (Number((await q.executeTakeFirst()).numUpdatedRows) === 0) return false;
    if (CARRIED_BY_OWNERS.some((k) => (changes as Record<string, unknown>)[k] !== undefined))
      await writeActionOwners(trx, id, read && { ...read, ...changes });
    return true;
  });
}

/** A possible duplicate: same homeowner (last name, first name) at the same address, whatever the case, not canceled.
 * */
export async function findDuplicate(
  db: Q,
  j: { first_name: string; last_name: string; address: string },
  scope: JobScope,
): Promise<JobRow | undefined> {
  let q = db
    .selectFrom('jobs')
    .selectAll()
    .where(equalsCaseless(sql.ref('last_name'), j.last_name))
    .where(equalsCaseless(sql.ref('first_name'), j.first_name))
    .where(equalsCaseless(sql.ref('address'), j.address))
    .where('is_canceled', '=', 0);
  if (scope.contractor_id !== undefined && scope.contractor_id !== null)
    q = q.where('contractor_id', '=', scope.contractor_id);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

/** Jobs of a homeowner user. */
export async function jobsOfHomeowner(db: Q, userId: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('homeowner_user_id', '=', userId).orderBy('id').execute();
}
