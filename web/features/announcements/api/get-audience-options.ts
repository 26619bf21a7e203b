/**
 * The audience choices of an announcement: every contractor (GET /api/contractor/simple-list) and
 * every program (GET /api/programs).
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ContractorNames } from '../../../../engine/api/admin-responses.ts';
import type { ProgramPage } from '../../../../engine/api/programs.ts';

/** A contractor or program to address: its id and name (the answer contracts' types). */
export type AudienceOption<Id extends number | string> = Omit<ContractorNames[number], 'id'> & { id: Id };

export function getContractorOptions(): Promise<AudienceOption<number>[]> {
  return api<ContractorNames>('GET', '/api/contractor/simple-list');
}

export function getProgramOptions(): Promise<AudienceOption<string>[]> {
  return api<ProgramPage>('GET', '/api/programs', { query: { per_page: 200 } }).then((r) =>
    r.items.map((p) => ({ id: p.id, name: p.name })),
  );
}

export const contractorOptionsQuery = queryOptions({
  queryKey: ['announcements', 'audience', 'contractors'],
  queryFn: getContractorOptions,
  staleTime: 5 * 60_000,
});
export const programOptionsQuery = queryOptions({
  queryKey: ['announcements', 'audience', 'programs'],
  queryFn: getProgramOptions,
  staleTime: 5 * 60_000,
});

export function useContractorOptions(enabled = true) {
  return useQuery({ ...contractorOptionsQuery, enabled });
}

export function useProgramOptions(enabled = true) {
  return useQuery({ ...programOptionsQuery, enabled });
}
