/** GET /api/terms_and_conditions: the versions, newest first; the current one is flagged. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { TermsPage } from '../../../../engine/api/admin-responses.ts';
import { termsKeys } from './get-terms-version.ts';

export interface TermsListParams {
  page_number: number;
  per_page: number;
}

export function getTermsVersions(params: TermsListParams): Promise<TermsPage> {
  return api<TermsPage>('GET', '/api/terms_and_conditions', { query: { ...params } });
}

export const termsVersionsQuery = (params: TermsListParams) =>
  queryOptions({
    queryKey: [...termsKeys.all, 'list', params],
    queryFn: () => getTermsVersions(params),
    placeholderData: keepPreviousData,
  });

export function useTermsVersions(params: TermsListParams) {
  return useQuery(termsVersionsQuery(params));
}
