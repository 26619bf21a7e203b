/**
 * GET /api/jobs/homeowner/{id}: the homeowner's view of a job (lookup, their tasks, income verification
 * guidance, rebate); POST /api/jobs/homeowner/confirm-tasks-done/{id}: the homeowner says their tasks are done.
 */

import type { HomeownerView } from '../../../../engine/api/misc.ts';
import type { TasksConfirmed } from '../../../../engine/api/jobs.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './get-job.ts';

/** The homeowner's view: the answer contract's type (engine/api/misc.ts). */
export type { HomeownerView } from '../../../../engine/api/misc.ts';

export function getHomeownerView(id: number): Promise<HomeownerView> {
  return api<HomeownerView>('GET', `/api/jobs/homeowner/${id}`, { ignoreErrors: [404] });
}

export function useHomeownerView(id: number, enabled: boolean) {
  return useQuery({ queryKey: jobKeys.homeowner(id), queryFn: () => getHomeownerView(id), enabled });
}

export function confirmTasksDone(id: number): Promise<TasksConfirmed> {
  return api<TasksConfirmed>('POST', `/api/jobs/homeowner/confirm-tasks-done/${id}`);
}

export function useConfirmTasksDone(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => confirmTasksDone(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.detail(id).slice(0, 2) }),
  });
}
