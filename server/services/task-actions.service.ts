/**
 * The task actions of ops and contractors on a job's task: exception flags, ownership transfer and reset, each
 * an action of the engine applied to the stored task with its history row, in one transaction.
 */

import { assertMay } from '../abilities.ts';
import {
  MESSAGES,
  clearException,
  flagException,
  resetOwnership,
  transferOwnership,
  type ExceptionKind,
  type Program,
  type TaskActionResult,
  type TaskState,
} from '../../engine/index.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { forbidden, validationError } from '../errors.ts';
import type { JobRow } from '../db/jobs.db.ts';
import * as jobsDb from '../db/jobs.db.ts';
import type * as tasksDb from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { mayFlagKind } from './access.ts';
import { refreshJob } from './evaluation.ts';
import { readTask, taskOf, write } from './tasks.service.ts';

/** A task action of the engine (`act`, under the job's program) applied to the stored task, with its history row. */
function applyAction(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  type: string,
  detail: Record<string, unknown>,
  act: (program: Program, state: TaskState | undefined) => TaskActionResult,
) {
  return inTransaction(deps, async (deps) => {
    const { row, program } = await taskOf(deps, user, job, taskId);
    const state: TaskState | undefined = row
      ? {
          status: row.status ?? undefined,
          data: row.data ?? undefined,
          owner_override: row.owner_override as TaskState['owner_override'],
          exceptions: row.exceptions as TaskState['exceptions'],
        }
      : undefined;
    const r = act(program, state);
    if (!r.ok) throw validationError([{ path: '', message: r.error }], r.error);
    await write(deps, user, job, program, taskId, row?.version ?? 0, {
      status: (r.state.status as tasksDb.TaskRow['status']) ?? null,
      data: r.state.data ?? null,
      draft: row?.draft ?? null,
      owner_override: (r.state.owner_override as tasksDb.TaskRow['owner_override']) ?? null,
      exceptions: (r.state.exceptions as tasksDb.TaskRow['exceptions']) ?? null,
    });
    await addHistory(deps.db, {
      job_id: job.id,
      type,
      user_id: user.id,
      at: deps.now().toISOString(),
      detail: { task_id: taskId, ...detail },
    });
    await refreshJob(deps, job.id);
    return readTask(deps, user, (await jobsDb.getJob(deps.db, job.id))!, taskId);
  });
}

/** Flags a contractor or ops exception; a contractor flags only contractor exceptions. */
export function flagTaskException(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  kind: ExceptionKind,
  note?: string,
) {
  assertMay(user, 'task.flag_exception');
  if (!mayFlagKind(user, kind)) throw forbidden();
  // An ops exception tells the contractor's reviewer what is wrong: it needs its note.
  if (kind === 'ops' && !note?.trim()) throw validationError([{ path: 'note', message: MESSAGES.required }]);
  return applyAction(deps, user, job, taskId, 'task_exception_flagged', { kind, note }, (program, s) =>
    flagException(program, taskId, s, kind, { note, by: user.name, at: deps.now().toISOString() }),
  );
}

/** Removes an exception flag (the same roles as flagging). */
export function clearTaskException(deps: Deps, user: AuthUser, job: JobRow, taskId: string, kind: ExceptionKind) {
  assertMay(user, 'task.clear_exception');
  if (!mayFlagKind(user, kind)) throw forbidden();
  return applyAction(deps, user, job, taskId, 'task_exception_cleared', { kind }, (program, s) =>
    clearException(program, taskId, s, kind),
  );
}

/** Transfers a task to another action owner with a reason (ops). */
export function transferTask(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  to: { role: string; reason: string; comments?: string },
) {
  assertMay(user, 'task.transfer');
  return applyAction(
    deps,
    user,
    job,
    taskId,
    'task_transferred',
    { to: to.role, reason: to.reason, comments: to.comments },
    (program, s) => transferOwnership(program, taskId, s, to),
  );
}

/** Resets a task to its default owner; it returns to READY (ops). */
export function resetTask(deps: Deps, user: AuthUser, job: JobRow, taskId: string) {
  assertMay(user, 'task.reset');
  return applyAction(deps, user, job, taskId, 'task_reset', {}, (program, s) => resetOwnership(program, taskId, s));
}
