/**
 * POST /api/jobs/{id}/usage/actions { action, meter_ids? } (staff): answers the collection as it now
 * stands, which replaces the cached one. Its refusals (409 the action does not apply now, 422, 503 the
 * utility data service is down) are shown by the panel with the server's words, not as a toast.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobUsage, UsageActionRequest } from '../../../../engine/api/usage.ts';
import { api } from '../../../lib/api-client.ts';
import { usageKeys } from './get-job-usage.ts';

export type { UsageActionRequest } from '../../../../engine/api/usage.ts';

const SHOWN_BY_THE_PANEL = [409, 422, 503];

export const postUsageAction = (jobId: number, body: UsageActionRequest) =>
  api<JobUsage>('POST', `/api/jobs/${jobId}/usage/actions`, { body, ignoreErrors: SHOWN_BY_THE_PANEL });

export function useUsageAction(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UsageActionRequest) => postUsageAction(jobId, body),
    onSuccess: (usage) => qc.setQueryData(usageKeys.job(jobId), usage),
    // A refusal may mean the page is behind (someone else acted): read it again.
    onError: () => void qc.invalidateQueries({ queryKey: usageKeys.job(jobId) }),
  });
}
