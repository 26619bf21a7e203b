/**
 * A job's homeowner access (GET /api/jobs/{id}/homeowner-access): the homeowner who joined, the tasks an
 * invitation can send and those sent, the invitations. Inviting (POST .../homeowner-invites, 422 with the
 * form's messages under its fields) and mailing a sign-in link (POST .../homeowner-sign-in-link) read it again.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HomeownerAccess,
  HomeownerInvite,
  HomeownerInviteRequest,
  InviteSession,
  SignInLinkSent,
} from '../../../../engine/api/homeowners.ts';
import { api } from '../../../lib/api-client.ts';

export type { HomeownerAccess } from '../../../../engine/api/homeowners.ts';

/** Under the job's keys (['job', id, ...]): an invitation changes the job's history too. */
export const homeownerKeys = {
  job: (jobId: number) => ['job', jobId] as const,
  access: (jobId: number) => ['job', jobId, 'homeowner-access'] as const,
};

export function useHomeownerAccess(jobId: number) {
  return useQuery({
    queryKey: homeownerKeys.access(jobId),
    queryFn: () => api<HomeownerAccess>('GET', `/api/jobs/${jobId}/homeowner-access`),
  });
}

export function useInviteHomeowner(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeownerInviteRequest) =>
      api<HomeownerInvite>('POST', `/api/jobs/${jobId}/homeowner-invites`, { body, ignoreErrors: [400, 422] }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: homeownerKeys.job(jobId) }),
  });
}

export function useSendSignInLink(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<SignInLinkSent>('POST', `/api/jobs/${jobId}/homeowner-sign-in-link`, { ignoreErrors: [409] }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: homeownerKeys.job(jobId) }),
  });
}

/** The homeowner opens the invitation's link (public): their session and the job it was for. */
export const acceptInvite = (token: string) =>
  api<InviteSession>('POST', '/api/auth/invite', { body: { token }, ignoreErrors: [401, 403] });
