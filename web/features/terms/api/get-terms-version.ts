/** GET /api/terms_and_conditions/{id}: one version of the terms and conditions. */

import type { TermsVersion } from '../../../../engine/api/admin-responses.ts';
import type { TermsBody } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What a save writes (a new version): the request contract's, each field present. */
export type TermsFields = Required<TermsBody>;
/** A section of the terms: a heading and its numbered items. */
export type TermsSection = TermsFields['sections'][number];

/** A stored version as the API answers it: the answer contract's type (engine/api/admin-responses.ts). */
export type { TermsVersion } from '../../../../engine/api/admin-responses.ts';

export const termsKeys = {
  all: ['terms'] as const,
  detail: (id: number) => ['terms', 'detail', id] as const,
};

export function getTermsVersion(id: number): Promise<TermsVersion> {
  return api<TermsVersion>('GET', `/api/terms_and_conditions/${id}`, { ignoreErrors: [400, 404] });
}

export const termsVersionQuery = (id: number) =>
  queryOptions({ queryKey: termsKeys.detail(id), queryFn: () => getTermsVersion(id) });

export function useTermsVersion(id: number) {
  return useQuery(termsVersionQuery(id));
}
