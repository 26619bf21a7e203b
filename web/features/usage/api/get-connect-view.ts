/**
 * GET /api/usage-connect/{token} (public: the link of the invite mail is the credential): where the
 * homeowner's collection stands. A link that is unknown (404) or expired (410) is a page of its own, not
 * a toast. Read again every 2 s while the utility checks the sign-in or the usage is being collected.
 */

import { useQuery } from '@tanstack/react-query';
import type { ConnectState, ConnectView } from '../../../../engine/api/usage.ts';
import { api } from '../../../lib/api-client.ts';

export type { ConnectState, ConnectView } from '../../../../engine/api/usage.ts';

/** The statuses the page shows as a page of their own. */
export const LINK_GONE_STATUSES = [404, 410];

/** How often the page reads again while something happens without the homeowner. */
export const CONNECT_POLL_MS = 2000;

/** The states that move without the homeowner doing anything. */
export const MOVING_STATES: readonly ConnectState[] = ['verifying', 'collecting'];

export const connectKeys = { view: (token: string) => ['usage-connect', token] as const };

/** `returned`: back from the utility's sign-in page, so the server looks at the sign-in at once. */
export function getConnectView(token: string, returned = false): Promise<ConnectView> {
  return api<ConnectView>('GET', `/api/usage-connect/${encodeURIComponent(token)}${returned ? '?returned=true' : ''}`, {
    ignoreErrors: LINK_GONE_STATUSES,
  });
}

export function useConnectView(token: string, returned = false) {
  return useQuery({
    queryKey: connectKeys.view(token),
    queryFn: () => getConnectView(token, returned),
    enabled: token !== '',
    refetchInterval: (q) => (q.state.data && MOVING_STATES.includes(q.state.data.state) ? CONNECT_POLL_MS : false),
  });
}
