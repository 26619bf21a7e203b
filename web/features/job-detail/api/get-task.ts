/** GET /api/jobs/{id}/tasks/{task}: one task with its saved data (the draft if there is one) and version. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobKeys, type JobTask } from './get-job.ts';

export function getTask(jobId: number, taskId: string): Promise<JobTask> {
  return api<JobTask>('GET', `/api/jobs/${jobId}/tasks/${encodeURIComponent(taskId)}`, { ignoreErrors: [400, 404] });
}

export const taskQuery = (jobId: number, taskId: string) =>
  queryOptions({ queryKey: jobKeys.task(jobId, taskId), queryFn: () => getTask(jobId, taskId), staleTime: 0 });

export function useTask(jobId: number, taskId: string | null) {
  return useQuery({ ...taskQuery(jobId, taskId ?? ''), enabled: !!taskId });
}
