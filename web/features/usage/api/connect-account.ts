/**
 * POST /api/usage-connect/{token}/connect { consent: true } answers the utility data service's sign-in
 * page ({ url }), where the window goes next; POST .../decline answers the view (declined). Their
 * refusals (404/410 a dead link, 409 already answered, 503 the service is down) are shown by the page.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectStart, ConnectView } from '../../../../engine/api/usage.ts';
import { api } from '../../../lib/api-client.ts';
import { connectKeys } from './get-connect-view.ts';

export type { ConnectStart } from '../../../../engine/api/usage.ts';

const SHOWN_BY_THE_PAGE = [404, 409, 410, 422, 503];

export const startConnect = (token: string) =>
  api<ConnectStart>('POST', `/api/usage-connect/${encodeURIComponent(token)}/connect`, {
    body: { consent: true },
    ignoreErrors: SHOWN_BY_THE_PAGE,
  });

export const declineConnect = (token: string) =>
  api<ConnectView>('POST', `/api/usage-connect/${encodeURIComponent(token)}/decline`, {
    ignoreErrors: SHOWN_BY_THE_PAGE,
  });

export function useStartConnect(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => startConnect(token),
    // Refused (already connected, or answered in another tab): the page is behind, read it again.
    onError: () => void qc.invalidateQueries({ queryKey: connectKeys.view(token) }),
  });
}

/** Declining answers the new view, which the page then shows. */
export function useDeclineConnect(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => declineConnect(token),
    onSuccess: (view) => qc.setQueryData(connectKeys.view(token), view),
    onError: () => void qc.invalidateQueries({ queryKey: connectKeys.view(token) }),
  });
}
