/**
 * GET /api/signing/{token} (public: the one-time link of the invite mail is the credential). A link that
 * is unknown (404 signing_link_invalid) or spent (410 signing_link_spent) is a page of its own, not a
 * toast; the PDF is the view's own relative link.
 */

import { useQuery } from '@tanstack/react-query';
import type { SigningView } from '../../../../engine/api/signing.ts';
import { api, API_BASE } from '../../../lib/api-client.ts';
import { safeReturnPath } from '../../../lib/safe-url.ts';

export type { SigningView } from '../../../../engine/api/signing.ts';

/** The statuses the signer's page shows as a page of their own, not as an error toast. */
export const LINK_GONE_STATUSES = [404, 410];

export const signingKeys = { view: (token: string) => ['signing', token] as const };

export function getSigningView(token: string): Promise<SigningView> {
  return api<SigningView>('GET', `/api/signing/${encodeURIComponent(token)}`, { ignoreErrors: LINK_GONE_STATUSES });
}

/** The view of a link; read once (the signer's answer is what changes it, and that answer is shown). */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: signingKeys.view(token),
    queryFn: () => getSigningView(token),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

/** The href of the view's PDF: a path of this site's API, or null (then no link is shown). */
export function pdfHref(url: string): string | null {
  const path = safeReturnPath(url);
  return path ? `${API_BASE}${path}` : null;
}
