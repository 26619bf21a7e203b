/**
 * Quality assurance on a job (issue 43): a sampled review is recorded on its inspection's page (its checklists); the
 * contractor answers a corrective action (POST .../quality/actions/{id}/answer); ops accept the answer or ask for
 * a re-inspection (.../decision). The job is read again after each: its `quality` and `quality_hold` follow.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectiveAction, CorrectiveAnswer, CorrectiveDecision } from '../../../../engine/api/quality.ts';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './get-job.ts';

export type { CorrectiveAction, QualityDecision } from '../../../../engine/api/quality.ts';

function useQualityMutation<B>(jobId: number, call: (body: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: jobKeys.detail(jobId), exact: true }),
  });
}

export const useAnswerAction = (jobId: number) =>
  useQualityMutation(jobId, (b: CorrectiveAnswer & { action_id: number }) =>
    api<CorrectiveAction>('POST', `/api/jobs/${jobId}/quality/actions/${b.action_id}/answer`, {
      body: { note: b.note, ...(b.attachment_ids?.length ? { attachment_ids: b.attachment_ids } : {}) },
      ignoreErrors: [422],
    }),
  );

export const useDecideAction = (jobId: number) =>
  useQualityMutation(jobId, (b: CorrectiveDecision & { action_id: number }) =>
    api<CorrectiveAction>('POST', `/api/jobs/${jobId}/quality/actions/${b.action_id}/decision`, {
      body: { decision: b.decision, ...(b.note ? { note: b.note } : {}) },
    }),
  );
