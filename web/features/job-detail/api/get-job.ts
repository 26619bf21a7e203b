/** GET /api/jobs/{id}: the job, what the engine says about it now (stage, eligibility, rebate) and its tasks. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDetail } from '../../../../engine/api/jobs.ts';
import { api } from '../../../lib/api-client.ts';

/** The job detail's types are the server's answers, written once in engine/api/jobs.ts. */
export type { EligibilityReasonView, JobDetail, JobTask } from '../../../../engine/api/jobs.ts';

export const jobKeys = {
  all: ['job'] as const,
  detail: (id: number) => ['job', id] as const,
  task: (id: number, task: string) => ['job', id, 'task', task] as const,
  history: (id: number, f: object) => ['job', id, 'history', f] as const,
  attachments: (id: number) => ['job', id, 'attachments'] as const,
  documents: (id: number) => ['job', id, 'documents'] as const,
  homeowner: (id: number) => ['job', id, 'homeowner'] as const,
  payment: (id: number) => ['job', id, 'payment'] as const,
};

export function getJob(id: number): Promise<JobDetail> {
  return api<JobDetail>('GET', `/api/jobs/${id}`, { ignoreErrors: [400, 404] });
}

export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => getJob(id),
    enabled: Number.isInteger(id) && id > 0,
    // No timer: the change feed reads the job again when anything of it changes (web/lib/live.ts).
  });

export function useJob(id: number) {
  return useQuery(jobQuery(id));
}
