/**
 * A task completed by the portal itself, not by a person: a signing task once every signature is in, the
 * usage task once the utility account is connected (or declined on the collection page), the payment task
 * once the accounts-payment system paid. Validated as any submission against the job's facts; a refusal is
 * a history row with the messages (the task stays open for a person), a completion is a history row and
 * the job re-evaluated. Call inside the write's transaction.
 */

import { validateTaskSubmission } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import type * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { jobState, refreshJob } from './evaluation.ts';
import { taskFormOf } from './pinned-program.ts';

/** What the history says: the completion's type and detail, and the refusal's type. */
export interface SystemSubmitHistory {
  done: string;
  refused: string;
  detail?: Record<string, unknown>;
}

/**
 * Completes `taskId` with `dataOf(what the task holds)`; false when the task or its form is unknown, the
 * answers do not validate, or someone wrote the task meanwhile.
 */
export async function completeTaskBySystem(
  deps: Deps,
  job: jobsDb.JobRow,
  taskId: string,
  dataOf: (stored: Record<string, unknown>) => Record<string, unknown>,
  history: SystemSubmitHistory,
): Promise<boolean> {
  const { facts, program } = await jobState(deps, job);
  const form = taskFormOf(deps, program, taskId);
  if (!form) return false;
  const row = await tasksDb.getTask(deps.db, job.id, taskId);
  const result = validateTaskSubmission(program, form, taskId, dataOf(row?.draft ?? row?.data ?? {}), facts);
  const at = deps.now().toISOString();
  if (!result.ok) {
    await addHistory(deps.db, {
      job_id: job.id,
      type: history.refused,
      user_id: null,
      at,
      detail: { task_id: taskId, errors: result.errors },
    });
    return false;
  }
  const written = await tasksDb.writeTask(
    deps.db,
    {
      job_id: job.id,
      task_id: taskId,
      status: 'COMPLETE',
      data: result.data,
      draft: null,
      owner_override: row?.owner_override ?? null,
      exceptions: null,
      updated_at: at,
      updated_by: null,
    },
    row?.version ?? 0,
  );
  if (!written) return false;
  await addHistory(deps.db, {
    job_id: job.id,
    type: history.done,
    user_id: null,
    at,
    detail: { task_id: taskId, ...history.detail },
  });
  await refreshJob(deps, job.id);
  return true;
}
