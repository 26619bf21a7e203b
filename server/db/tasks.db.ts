/** Stored task states of a job (status, data, owner override, exception flags, version). */

import type { Db } from './connection.ts';

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

function fromDb(r: Record<string, unknown>): TaskRow {
  return { ...(r as unknown as TaskRow), data: parse(r.data), draft: parse(r.draft), owner_override: parse(r.owner_override), exceptions: parse(r.exceptions) };
}

export function tasksOfJob(db: Db, jobId: number): TaskRow[] {
  return (db.prepare('SELECT * FROM job_tasks WHERE job_id = ?').all(jobId) as Record<string, unknown>[]).map(fromDb);
}

export function getTask(db: Db, jobId: number, taskId: string): TaskRow | undefined {
  const r = db.prepare('SELECT * FROM job_tasks WHERE job_id = ? AND task_id = ?').get(jobId, taskId) as Record<string, unknown> | undefined;
  return r && fromDb(r);
}

/**
 * Writes a task's state if its version is still `expected` (0 for a task never saved); the version goes
 * up by one. Returns false on a stale write, which changes nothing.
 */
export function writeTask(
  db: Db,
  t: Pick<TaskRow, 'job_id' | 'task_id' | 'status' | 'data' | 'draft' | 'owner_override' | 'exceptions' | 'updated_at' | 'updated_by'>,
  expected: number,
): boolean {
  const row = {
    ...t,
    data: t.data ? JSON.stringify(t.data) : null,
    draft: t.draft ? JSON.stringify(t.draft) : null,
    owner_override: t.owner_override ? JSON.stringify(t.owner_override) : null,
    exceptions: t.exceptions ? JSON.stringify(t.exceptions) : null,
    expected,
  };
  if (expected === 0) {
    const r = db
      .prepare(`INSERT INTO job_tasks (job_id, task_id, status, data, draft, owner_override, exceptions, version, updated_at, updated_by)
                VALUES (@job_id, @task_id, @status, @data, @draft, @owner_override, @exceptions, 1, @updated_at, @updated_by) ON CONFLICT DO NOTHING`)
      .run(row);
    return r.changes > 0;
  }
  return (
    db
      .prepare(`UPDATE job_tasks SET status = @status, data = @data, draft = @draft, owner_override = @owner_override, exceptions = @exceptions, version = version + 1,
                updated_at = @updated_at, updated_by = @updated_by WHERE job_id = @job_id AND task_id = @task_id AND version = @expected`)
      .run(row).changes > 0
  );
}

/** Copies every task state of a job to another (clone). */
export function copyTasks(db: Db, fromJob: number, toJob: number, taskIds: string[]): void {
  const stmt = db.prepare(`INSERT INTO job_tasks (job_id, task_id, status, data, owner_override, exceptions, version, updated_at, updated_by)
    SELECT ?, task_id, status, data, NULL, NULL, 1, updated_at, updated_by FROM job_tasks WHERE job_id = ? AND task_id = ?`);
  for (const id of taskIds) stmt.run(toJob, fromJob, id);
}
