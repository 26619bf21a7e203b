/** GET /api/programs: every loaded program. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/components/list-pager.tsx';

/** A program as the list shows it (spec sect. 3 "Program"). */
export interface ProgramSummary {
  id: string;
  name: string;
  description?: string | null;
  active: boolean;
  accept_submissions: { from: string | null; until: string | null };
  stage_model: { id: string; label: string };
  task_count: number;
  /** Hash of the resolved definition; jobs record the hash they were evaluated under. */
  definition_hash: string;
}

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
