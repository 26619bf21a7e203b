/**
 * Task actions: POST/DELETE /api/jobs/{id}/tasks/{task}/exceptions/{contractor|ops} (flag with a note,
 * clear), POST .../transfer { role, reason, comments }, POST .../reset. Each answers the task; the job
 * is refetched (owners, exceptions and stage may change).
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionOwnerRole, ExceptionKind } from '../../../../engine/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { jobKeys, type JobTask } from './get-job.ts';

const base = (jobId: number, taskId: string) => `/api/jobs/${jobId}/tasks/${encodeURIComponent(taskId)}`;

export function flagException(jobId: number, taskId: string, kind: ExceptionKind, note: string): Promise<JobTask> {
  return api<JobTask>('POST', `${base(jobId, taskId)}/exceptions/${kind}`, {
    body: note ? { note } : {},
    ignoreErrors: [422],
  });
}

export function clearException(jobId: number, taskId: string, kind: ExceptionKind): Promise<JobTask> {
  return api<JobTask>('DELETE', `${base(jobId, taskId)}/exceptions/${kind}`);
}

export function transferTask(
  jobId: number,
  taskId: string,
  body: { role: ActionOwnerRole; reason: string; comments?: string },
): Promise<JobTask> {
  return api<JobTask>('POST', `${base(jobId, taskId)}/transfer`, { body, ignoreErrors: [422] });
}

export function resetTask(jobId: number, taskId: string): Promise<JobTask> {
  return api<JobTask>('POST', `${base(jobId, taskId)}/reset`);
}

type OwnActionListener = (jobId: number, taskId: string, task: JobTask) => void;
const ownActionListeners = new Set<OwnActionListener>();

/**
 * Hears the answers of this user's own task actions (flag, clear, transfer, reset): each moves the
 * task's version, and an open form must submit from the new one, not report its own action as a
 * conflict.
 */
export function subscribeOwnTaskActions(l: OwnActionListener): () => void {
  ownActionListeners.add(l);
  return () => void ownActionListeners.delete(l);
}

/** One of the task actions, refreshing the job and the task afterwards. */
export function useTaskAction<A>(jobId: number, taskId: string, run: (a: A) => Promise<JobTask>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (task) => {
      for (const l of ownActionListeners) l(jobId, taskId, task);
      qc.setQueryData(jobKeys.task(jobId, taskId), task);
      void qc.invalidateQueries({ queryKey: jobKeys.detail(jobId), exact: true });
    },
  });
}
