/** POST /api/jobs/filters: the programs a job can be cloned to (the list filters' program options). */

import type { JobFilterOptions } from '../../../../engine/api/jobs.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A program to clone to: the filter options' program (the answer contract's type), id and name. */
export type ProgramOption = Pick<JobFilterOptions['programs'][number], 'id' | 'name'>;

export function getProgramOptions(): Promise<ProgramOption[]> {
  return api<JobFilterOptions>('POST', '/api/jobs/filters', { body: {} }).then((r) =>
    r.programs.map(({ id, name }) => ({ id, name })),
  );
}

export function useProgramOptions(enabled: boolean) {
  return useQuery({ queryKey: ['job-filter-programs'], queryFn: getProgramOptions, enabled, staleTime: 5 * 60_000 });
}
