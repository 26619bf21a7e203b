/**
 * A field inspection's visit, for the homeowner (issue 43): GET /api/visits/{token} (the times offered, or the one
 * confirmed; the mailed link is the credential) and POST /api/visits/{token} (take a time or pick another, with a
 * note). A link that is not one (404) or an inspection already recorded (410) is a page of its own.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitAnswer, VisitView } from '../../../../engine/api/inspections.ts';
import { api } from '../../../lib/api-client.ts';

export type { VisitView };

export const visitKeys = { view: (token: string) => ['visit', token] as const };

const path = (token: string) => `/api/visits/${encodeURIComponent(token)}`;

export function useVisitView(token: string) {
  return useQuery({
    queryKey: visitKeys.view(token),
    queryFn: () => api<VisitView>('GET', path(token), { ignoreErrors: [404] }),
    enabled: token !== '',
    retry: false,
  });
}

export function useAnswerVisit(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitAnswer) => api<VisitView>('POST', path(token), { body, ignoreErrors: [404, 410, 422] }),
    onSuccess: (view) => client.setQueryData(visitKeys.view(token), view),
  });
}
