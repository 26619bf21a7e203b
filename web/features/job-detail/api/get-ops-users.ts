/** POST /api/jobs/filters: the operations team, whom a job's ops owner can be (the list's ops-owner filter options). */

import type { JobFilterOptions } from '../../../../engine/api/jobs.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** An ops user to pick: the filter options' ops user (the answer contract's type). */
export type OpsUserOption = JobFilterOptions['ops_users'][number];

export function getOpsUsers(): Promise<OpsUserOption[]> {
  return api<JobFilterOptions>('POST', '/api/jobs/filters', { body: {} }).then((r) => r.ops_users);
}

export function useOpsUsers(enabled: boolean) {
  return useQuery({ queryKey: ['job-filter-ops-users'], queryFn: getOpsUsers, enabled, staleTime: 5 * 60_000 });
}
