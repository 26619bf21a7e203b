/**
 * GET /api/jobs/{id}/usage: a job's energy usage collection as the signed-in user reads it (internal
 * users the detailed wording, the meters and the actions they may take; contractors the softer wording).
 * Read again when the change feed says the job changed (web/lib/live.ts): every step of a collection writes it.
 */

import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobUsage } from '../../../../engine/api/usage.ts';
import { api } from '../../../lib/api-client.ts';

export type { JobUsage, UsageAction } from '../../../../engine/api/usage.ts';

/** Under the job's own key (['job', id]), so whatever refreshes the job refreshes its usage too. */
export const usageKeys = { job: (jobId: number) => ['job', jobId, 'usage'] as const };

export function getJobUsage(jobId: number): Promise<JobUsage> {
  // 403/404: not this caller's to see; the panel stays out of the way instead of toasting.
  return api<JobUsage>('GET', `/api/jobs/${jobId}/usage`, { ignoreErrors: [403, 404] });
}

/** True while the server is working: work queued or running, or a check of the sign-in under way. */
export const usageMoving = (u: JobUsage | undefined) => !!u && u.collects && u.in_progress;

export function useJobUsage(jobId: number) {
  const query = useQuery({
    queryKey: usageKeys.job(jobId),
    queryFn: () => getJobUsage(jobId),
    enabled: Number.isInteger(jobId) && jobId > 0,
  });
  // A step that moved may have completed the usage task or moved the job: the job is read again too.
  const qc = useQueryClient();
  const seen = useRef<string | undefined>(undefined);
  const marker = query.data
    ? `${query.data.overall.status}/${query.data.history.status}/${query.data.consent}`
    : undefined;
  useEffect(() => {
    if (marker === undefined) return;
    if (seen.current !== undefined && seen.current !== marker)
      void qc.invalidateQueries({ queryKey: ['job', jobId], exact: true });
    seen.current = marker;
  }, [marker, jobId, qc]);
  return query;
}
