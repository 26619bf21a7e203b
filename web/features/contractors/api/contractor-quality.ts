/**
 * A contractor's quality record (issue 43): GET /api/contractors/{id}/quality (its standing in each program with
 * quality rules, pass rate, open corrective actions and every change of standing with its cause), and
 * PUT /api/contractors/{id}/standing (ops set a standing by hand, with a reason; a 422 shows under the fields).
 */

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractorQuality, StandingChangeBody } from '../../../../engine/api/quality.ts';
import { api } from '../../../lib/api-client.ts';
import { contractorKeys } from './get-contractor.ts';

export type { ContractorQuality };

const qualityKey = (id: number) => [...contractorKeys.detail(id), 'quality'] as const;

export const contractorQualityQuery = (id: number) =>
  queryOptions({
    queryKey: qualityKey(id),
    queryFn: () => api<ContractorQuality>('GET', `/api/contractors/${id}/quality`, { ignoreErrors: [404] }),
  });

export function useContractorQuality(id: number) {
  return useQuery(contractorQualityQuery(id));
}

export function useSetStanding(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StandingChangeBody) =>
      api<ContractorQuality>('PUT', `/api/contractors/${id}/standing`, { body, ignoreErrors: [422] }),
    onSuccess: (q) => qc.setQueryData(qualityKey(id), q),
  });
}
