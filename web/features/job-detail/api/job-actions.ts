/**
 * Job actions (spec sect. 7): PATCH /api/jobs/{id}/cancel { reason, note }, PATCH .../restore,
 * PUT .../claim-job, PUT .../set-job-as-deemed, PATCH .../undo-deemed, PATCH .../mark-ineligible { reason },
 * PATCH .../undo-ineligible, PUT .../ops-owner { user_id }, POST .../clone { program_id } (answers the new
 * job), PATCH .../regenerate-documents?task_name=&recreate=. Each answers the job; the page shows the answer.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CANCEL_REASONS } from '../../../../engine/constants.ts';
import { api } from '../../../lib/api-client.ts';
import type { DocumentsRegenerated } from '../../../../engine/api/jobs.ts';
import { jobKeys, type JobDetail } from './get-job.ts';

/** A cancel reason (spec sect. 5). */
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const cancelJob = (id: number, body: { reason: CancelReason; note?: string }) =>
  api<JobDetail>('PATCH', `/api/jobs/${id}/cancel`, { body, ignoreErrors: [422] });
export const restoreJob = (id: number) => api<JobDetail>('PATCH', `/api/jobs/${id}/restore`);
export const claimJob = (id: number) => api<JobDetail>('PUT', `/api/jobs/${id}/claim-job`);
export const setJobAsDeemed = (id: number) => api<JobDetail>('PUT', `/api/jobs/${id}/set-job-as-deemed`);
export const undoDeemed = (id: number) => api<JobDetail>('PATCH', `/api/jobs/${id}/undo-deemed`);
export const markIneligible = (id: number, reason: string) =>
  api<JobDetail>('PATCH', `/api/jobs/${id}/mark-ineligible`, { body: { reason }, ignoreErrors: [422] });
export const undoIneligible = (id: number) => api<JobDetail>('PATCH', `/api/jobs/${id}/undo-ineligible`);
export const overrideEligibility = (id: number, reason: string) =>
  api<JobDetail>('PUT', `/api/jobs/${id}/eligibility-override`, { body: { reason }, ignoreErrors: [422] });
export const undoEligibilityOverride = (id: number) => api<JobDetail>('DELETE', `/api/jobs/${id}/eligibility-override`);
export const setOpsOwner = (id: number, userId: number | null) =>
  api<JobDetail>('PUT', `/api/jobs/${id}/ops-owner`, { body: { user_id: userId }, ignoreErrors: [422] });
export const cloneJob = (id: number, programId: string) =>
  api<JobDetail>('POST', `/api/jobs/${id}/clone`, { body: { program_id: programId }, ignoreErrors: [422] });
export const regenerateDocuments = (id: number, taskName: string, recreate: boolean) =>
  api<DocumentsRegenerated>('PATCH', `/api/jobs/${id}/regenerate-documents`, {
    query: { task_name: taskName, recreate },
    ignoreErrors: [422],
  });

/** A job action that answers the job: the answer replaces the cached job; lists refetch. */
export function useJobAction<A>(id: number, run: (a: A) => Promise<JobDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (job) => {
      if (job.id === id) qc.setQueryData(jobKeys.detail(id), job);
      void qc.invalidateQueries({ queryKey: ['jobs'] });
      void qc.invalidateQueries({ queryKey: jobKeys.history(id, {}).slice(0, 3) });
    },
  });
}
