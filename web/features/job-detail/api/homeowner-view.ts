/**
 * GET /api/jobs/homeowner/{id}: the homeowner's view of a job (lookup, their tasks, income verification
 * guidance, rebate); POST /api/jobs/homeowner/confirm-tasks-done/{id}: the homeowner says their tasks are done.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobKeys, type JobDetail, type JobTask } from './get-job.ts';

/** The homeowner's view. */
export interface HomeownerView {
  id: number;
  code: string;
  full_name: string;
  address: string;
  city: string | null;
  program: { id: string; name: string };
  stage: { number: number; label: string; progress: JobDetail['evaluation']['stage']['progress'] };
  evaluation: JobDetail['evaluation'];
  tasks: JobTask[];
  income_guidance: {
    types: { value: string; label: string; help: string }[];
    upload_note: string;
    timing_note: string;
  };
}

export function getHomeownerView(id: number): Promise<HomeownerView> {
  return api<HomeownerView>('GET', `/api/jobs/homeowner/${id}`, { ignoreErrors: [404] });
}

export function useHomeownerView(id: number, enabled: boolean) {
  return useQuery({ queryKey: jobKeys.homeowner(id), queryFn: () => getHomeownerView(id), enabled });
}

export function confirmTasksDone(id: number): Promise<{ completed: string[]; incomplete: { task_id: string; errors: { path: string; message: string }[] }[] }> {
  return api('POST', `/api/jobs/homeowner/confirm-tasks-done/${id}`);
}

export function useConfirmTasksDone(id: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => confirmTasksDone(id), onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.detail(id).slice(0, 2) }) });
}
