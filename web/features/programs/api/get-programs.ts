/** GET /api/programs: every loaded program. */

import type { ProgramSummary } from '../../../../engine/api/programs.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/components/list-pager.tsx';

/** A program as the list shows it: the answer contract's type (engine/api/programs.ts). */
export type { ProgramSummary } from '../../../../engine/api/programs.ts';

export const programKeys = {
  all: ['programs'] as const,
  detail: (id: string) => ['programs', 'detail', id] as const,
};

export function getPrograms(): Promise<Paged<ProgramSummary>> {
  return api<Paged<ProgramSummary>>('GET', '/api/programs', { query: { per_page: 200 } });
}

export const programsQuery = queryOptions({ queryKey: [...programKeys.all, 'list'], queryFn: getPrograms, staleTime: 5 * 60_000 });

export function usePrograms() {
  return useQuery(programsQuery);
}
