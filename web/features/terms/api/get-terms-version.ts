/** GET /api/terms_and_conditions/{id}: one version of the terms and conditions. */

import type { TermsBody } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What a save writes (a new version): the request contract's, each field present. */
export type TermsFields = Required<TermsBody>;
/** A section of the terms: a heading and its numbered items. */
export type TermsSection = TermsFields['sections'][number];

/** A stored version (spec sect. 3: versioned, sections and items, description, title, created by, current flag). */
export interface TermsVersion extends TermsFields {
  id: number;
  version: number;
  is_current: boolean;
  /** The id of the version this one restored, if it is a restore. */
  restored_from: number | null;
  created_at: string;
  created_by: { id: number; name: string } | null;
}

export const termsKeys = {
  all: ['terms'] as const,
  detail: (id: number) => ['terms', 'detail', id] as const,
};

export function getTermsVersion(id: number): Promise<TermsVersion> {
  return api<TermsVersion>('GET', `/api/terms_and_conditions/${id}`, { ignoreErrors: [400, 404] });
}

export const termsVersionQuery = (id: number) => queryOptions({ queryKey: termsKeys.detail(id), queryFn: () => getTermsVersion(id) });

export function useTermsVersion(id: number) {
  return useQuery(termsVersionQuery(id));
}
