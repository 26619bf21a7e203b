/** Stored task states of a job (status, data, owner override, exception flags, version). */

import { sql, type Selectable } from 'kysely';
import type { JobTasksTable } from './schema.ts';
import type { Q } from './portable.ts';

/** A stored task row, JSON columns parsed. */
export interface TaskRow {
  job_id: number;
  task_id: string;
  status: 'IN_PROGRESS' | 'COMPLETE' | null;
  data: Record<string, unknown> | null;
  draft: Record<string, unknown> | null;
  owner_override: { role: string; reason: string; comments?: string } | null;
  exceptions: Record<string, { note?: string; by?: string; at?: string } | null> | null;
  version: number;
  updated_at: string | null;
  updated_by: number | null;
}

const parse = (s: unknown) => (typeof s === 'string' ? JSON.parse(s) : null);
const json = (v: unknown) => (v ? JSON.stringify(v) : null);

function fromDb(r: Selectable<JobTasksTable>): TaskRow {
  return {
    ...r,
    data: parse(r.data),
    draft: parse(r.draft),
    owner_override: parse(r.owner_override),
    exceptions: parse(r.exceptions),
  };
}

export async function tasksOfJob(db: Q, jobId: number): Promise<TaskRow[]> {
  return (await db.selectFrom('job_tasks').selectAll().where('job_id', '=', jobId).execute()).map(fromDb);
}

export async function getTask(db: Q, jobId: number, taskId: string): Promise<TaskRow | undefined> {
  const r = await db
    .selectFrom('job_tasks')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return r && fromDb(r);
}

/**
 * Writes a task's state if its version is still `expected` (0 for a task never saved); the version goes
 * up by one. Returns false on a stale write, which changes nothing.
 */
export async function writeTask(
  db: Q,
  t: Pick<
    TaskRow,
    'job_id' | 'task_id' | 'status' | 'data' | 'draft' | 'owner_override' | 'exceptions' | 'updated_at' | 'updated_by'
  >,
  expected: number,
): Promise<boolean> {
  const state = {
    status: t.status,
    data: json(t.data),
    draft: json(t.draft),
    owner_override: json(t.owner_override),
    exceptions: json(t.exceptions),
    updated_at: t.updated_at,
    updated_by: t.updated_by,
  };
  if (expected === 0) {
    // Someone saved it first: the key exists, nothing is written.
    const r = await db
      .insertInto('job_tasks')
      .values({ job_id: t.job_id, task_id: t.task_id, ...state, version: 1 })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
  const r = await db
    .updateTable('job_tasks')
    .set((eb) => ({ ...state, version: eb('version', '+', 1) }))
    .where('job_id', '=', t.job_id)
    .where('task_id', '=', t.task_id)
    .where('version', '=', expected)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Copies the task states of a job to another (clone): status, data and who saved them; no draft, owner override or
 * exceptions. */
export async function copyTasks(db: Q, fromJob: number, toJob: number, taskIds: string[]): Promise<void> {
  if (!taskIds.length) return;
  await db
    .insertInto('job_tasks')
    .columns([
      'job_id',
      'task_id',
      'status',
      'data',
      'owner_override',
      'exceptions',
      'version',
      'updated_at',
      'updated_by',
    ])
    .expression((eb) =>
      eb
        .selectFrom('job_tasks')
        .select([
          // A parameter in a select list needs a type on PostgreSQL.
          eb.cast<number>(eb.val(toJob), 'integer').as('job_id'),
          'task_id',
          'status',
          'data',
          sql<null>`null`.as('owner_override'),
          sql<null>`null`.as('exceptions'),
          sql.lit(1).as('version'),
          'updated_at',
          'updated_by',
        ])
        .where('job_id', '=', fromJob)
        .where('task_id', 'in', taskIds),
    )
    .execute();
}
