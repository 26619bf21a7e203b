/** GET /api/jobs/{id}/history?type=&user_id=: the job's history, newest first, with filters. */

import type { History } from '../../../../engine/api/records.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './get-job.ts';

/** One history row: the answer contract's type (engine/api/records.ts). */
export type { HistoryItem } from '../../../../engine/api/records.ts';

export interface HistoryFilters {
  type?: string[];
  user_id?: number;
}

export function getHistory(id: number, f: HistoryFilters): Promise<History> {
  return api<History>('GET', `/api/jobs/${id}/history`, {
    query: { type: f.type?.length ? f.type.join(',') : undefined, user_id: f.user_id },
  });
}

export function useHistory(id: number, f: HistoryFilters, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.history(id, f),
    queryFn: () => getHistory(id, f),
    enabled,
    placeholderData: keepPreviousData,
  });
}
