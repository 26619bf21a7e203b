/** POST /api/jobs/filters: the programs a job can be cloned to (the list filters' program options). */

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ProgramOption {
  id: string;
  name: string;
}

export function getProgramOptions(): Promise<ProgramOption[]> {
  return api<{ programs: ProgramOption[] }>('POST', '/api/jobs/filters', { body: {} }).then((r) => r.programs.map(({ id, name }) => ({ id, name })));
}

export function useProgramOptions(enabled: boolean) {
  return useQuery({ queryKey: ['job-filter-programs'], queryFn: getProgramOptions, enabled, staleTime: 5 * 60_000 });
}
