/**
 * POST /api/signing/{token}/sign and .../decline: each answers the signature's new status and the
 * document's. Their refusals (422 per field, 409 not your turn, 410 spent) are shown by the page.
 */

import { useMutation } from '@tanstack/react-query';
import type { DeclineRequest, SigningDone, SignRequest } from '../../../../engine/api/signing.ts';
import { api } from '../../../lib/api-client.ts';

export type { SigningDone, SignRequest } from '../../../../engine/api/signing.ts';

const SHOWN_BY_THE_PAGE = [404, 409, 410, 422];

export const signDocument = (token: string, body: SignRequest) =>
  api<SigningDone>('POST', `/api/signing/${encodeURIComponent(token)}/sign`, { body, ignoreErrors: SHOWN_BY_THE_PAGE });

export const declineDocument = (token: string, body: DeclineRequest) =>
  api<SigningDone>('POST', `/api/signing/${encodeURIComponent(token)}/decline`, {
    body,
    ignoreErrors: SHOWN_BY_THE_PAGE,
  });

export function useSignDocument(token: string) {
  return useMutation({ mutationFn: (body: SignRequest) => signDocument(token, body) });
}

export function useDeclineDocument(token: string) {
  return useMutation({ mutationFn: (body: DeclineRequest) => declineDocument(token, body) });
}
