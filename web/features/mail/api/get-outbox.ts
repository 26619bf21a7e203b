/** GET /api/auth/outbox (ops): the mail the portal sent (the local outbox), newest first. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessages } from '../../../../engine/api/misc.ts';
import { api } from '../../../lib/api-client.ts';

/** A sent mail as the API answers it: the answer contract's type (engine/api/misc.ts). */
export type OutboxMessage = OutboxMessages[number];

export const mailKeys = {
  all: ['mail'] as const,
  outbox: ['mail', 'outbox'] as const,
  templates: ['mail', 'templates'] as const,
};

export function getOutbox(): Promise<OutboxMessages> {
  return api<OutboxMessages>('GET', '/api/auth/outbox');
}

export const outboxQuery = queryOptions({ queryKey: mailKeys.outbox, queryFn: getOutbox });

export function useOutbox() {
  return useQuery(outboxQuery);
}
