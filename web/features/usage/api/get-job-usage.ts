/**
 * GET /api/jobs/{id}/usage: a job's energy usage collection as the signed-in user reads it (internal
 * users the detailed wording, the meters and the actions they may take; contractors the softer wording).
 * Read again every 2 s while the server is working (`in_progress`), every 10 s while the collection waits
 * on the homeowner (so a sign-in or a retry shows up without a reload), not at all once it is complete.
 */

import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobUsage } from '../../../../engine/api/usage.ts';
import { api } from '../../../lib/api-client.ts';

export type { JobUsage, UsageAction } from '../../../../engine/api/usage.ts';

/** How often the collection is read again while it moves, and while it waits on the homeowner. */
export const USAGE_POLL_MS = 2000;
export const USAGE_WAIT_POLL_MS = 10_000;

/** Under the job's own key (['job', id]), so whatever refreshes the job refreshes its usage too. */
export const usageKeys = { job: (jobId: number) => ['job', jobId, 'usage'] as const };

export function getJobUsage(jobId: number): Promise<JobUsage> {
  // 403/404: not this caller's to see; the panel stays out of the way instead of toasting.
  return api<JobUsage>('GET', `/api/jobs/${jobId}/usage`, { ignoreErrors: [403, 404] });
}

/** True while the server is working: work queued or running, or a check of the sign-in under way. */
export const usageMoving = (u: JobUsage | undefined) => !!u && u.collects && u.in_progress;

/** How soon to read again: fast while moving, slowly while waiting on the homeowner, never once complete or declined.
 * */
export function usagePollMs(u: JobUsage | undefined): number | false {
  if (!u?.collects) return false;
  if (u.in_progress) return USAGE_POLL_MS;
  if (u.overall.status === 'complete' || u.consent === false || u.overall.status === 'not_attempted') return false;
  return USAGE_WAIT_POLL_MS;
}

export function useJobUsage(jobId: number) {
  const query = useQuery({
    queryKey: usageKeys.job(jobId),
    queryFn: () => getJobUsage(jobId),
    enabled: Number.isInteger(jobId) && jobId > 0,
    refetchInterval: (q) => usagePollMs(q.state.data),
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
