/** GET /api/work/dead (ops): background work out of attempts, newest first, with its last error. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeadWork } from '../../../../engine/api/misc.ts';
import { api } from '../../../lib/api-client.ts';

/** A work item as the API shows it (no payload): the answer contract's type (engine/api/misc.ts). */
export type { WorkItem, DeadWork } from '../../../../engine/api/misc.ts';

export const workKeys = {
  all: ['work'] as const,
  dead: ['work', 'dead'] as const,
};

export function getDeadWork(): Promise<DeadWork> {
  return api<DeadWork>('GET', '/api/work/dead');
}

export const deadWorkQuery = queryOptions({ queryKey: workKeys.dead, queryFn: getDeadWork });

export function useDeadWork() {
  return useQuery(deadWorkQuery);
}
