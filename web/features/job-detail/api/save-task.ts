/**
 * PUT /api/jobs/{id}/tasks/{task}/draft and POST .../submit: both send `{ data, version }`. A stale
 * version answers 409 with `current: { data, version }`; a submit the engine refuses answers 422 with
 * `errors` and `warnings`. Neither is toasted: the form shows them.
 */

import { ERROR_CODES } from '../../../../engine/api/error-codes.ts';
import type { TaskSave } from '../../../../engine/api/requests.ts';
import type { StaleCopy, TaskSubmitted } from '../../../../engine/api/jobs.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { JobTask } from './get-job.ts';

/** What a save sends: derived from the request's schema, engine/api/requests.ts. */
export type { TaskSave } from '../../../../engine/api/requests.ts';

/** The server's copy when a save was stale. */
export type { StaleCopy };

/** The answer of a submit: the answer contract's type (engine/api/jobs.ts). */
export type SubmitResult = TaskSubmitted;

export function saveDraft(jobId: number, taskId: string, body: TaskSave): Promise<JobTask> {
  return api<JobTask>('PUT', `/api/jobs/${jobId}/tasks/${encodeURIComponent(taskId)}/draft`, {
    body,
    ignoreErrors: [409, 422],
  });
}

export function submitTask(jobId: number, taskId: string, body: TaskSave): Promise<SubmitResult> {
  return api<SubmitResult>('POST', `/api/jobs/${jobId}/tasks/${encodeURIComponent(taskId)}/submit`, {
    body,
    ignoreErrors: [409, 422],
  });
}

/** The server's copy of a 409, if the error is one. */
export function staleCopyOf(e: unknown): StaleCopy | null {
  if (!(e instanceof ApiError) || e.code !== ERROR_CODES.stale_version) return null;
  return (e.body?.current as StaleCopy | undefined) ?? null;
}

/** The warnings of a 422 (they come with its errors). */
export function warningsOf(e: unknown): { path: string; message: string }[] {
  return e instanceof ApiError ? ((e.body?.warnings as { path: string; message: string }[] | undefined) ?? []) : [];
}
