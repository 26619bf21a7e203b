/** GET /api/programs: every loaded program. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProgramPage } from '../../../../engine/api/programs.ts';

/** A program as the list shows it: the answer contract's type (engine/api/programs.ts). */
export type { ProgramSummary } from '../../../../engine/api/programs.ts';

export const programKeys = {
  all: ['programs'] as const,
  detail: (id: string) => ['programs', 'detail', id] as const,
};

export function getPrograms(): Promise<ProgramPage> {
  return api<ProgramPage>('GET', '/api/programs', { query: { per_page: 200 } });
}

export const programsQuery = queryOptions({
  queryKey: [...programKeys.all, 'list'],
  queryFn: getPrograms,
  staleTime: 5 * 60_000,
});

export function usePrograms() {
  return useQuery(programsQuery);
}
