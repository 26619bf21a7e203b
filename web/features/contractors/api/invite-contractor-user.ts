/**
 * POST /api/contractor/invite: creates a contractor user of a company and mails them a one-time
 * sign-in link. 409 (email taken) and 422 are shown in the dialog, not as toasts.
 */

import type { InvitedUser } from '../../../../engine/api/auth.ts';
import type { UserInvite } from '../../../../engine/api/admin-requests.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The invite's body: the request contract's, for a company (contractor_id given). */
export type InviteBody = UserInvite & { contractor_id: number };

/** The new user: the answer contract's type (engine/api/auth.ts). */
export type { InvitedUser } from '../../../../engine/api/auth.ts';

export function inviteContractorUser(body: InviteBody): Promise<InvitedUser> {
  return api<InvitedUser>('POST', '/api/contractor/invite', { body, ignoreErrors: [409, 422] });
}

export function useInviteContractorUser() {
  return useMutation({ mutationFn: inviteContractorUser });
}
