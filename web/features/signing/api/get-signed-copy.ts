/**
 * GET /api/signing/{token}/copy (public: the signer's own link): the signer's copy of what they signed, and where
 * its PDF is. Asked after signing, and when a link answers that it signed already (the copy mail's link).
 */

import { useQuery } from '@tanstack/react-query';
import type { SignedCopy } from '../../../../engine/api/signing.ts';
import { api } from '../../../lib/api-client.ts';
import { LINK_GONE_STATUSES } from './get-signing-view.ts';

export type { SignedCopy } from '../../../../engine/api/signing.ts';

export function getSignedCopy(token: string): Promise<SignedCopy> {
  return api<SignedCopy>('GET', `/api/signing/${encodeURIComponent(token)}/copy`, {
    ignoreErrors: LINK_GONE_STATUSES,
  });
}

/** The copy of a link that signed (`enabled` once it did); a link with no copy answers 404, shown as before. */
export function useSignedCopy(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['signing', token, 'copy'] as const,
    queryFn: () => getSignedCopy(token),
    enabled: enabled && token !== '',
    retry: false,
  });
}
