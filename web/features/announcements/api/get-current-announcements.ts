/** GET /api/announcements/current: what the signed-in contractor sees today (for ops: everything showing today). */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CurrentAnnouncements } from '../../../../engine/api/admin-responses.ts';
import { announcementKeys } from './get-announcement.ts';

export function getCurrentAnnouncements(): Promise<CurrentAnnouncements> {
  return api<CurrentAnnouncements>('GET', '/api/announcements/current');
}

export const currentAnnouncementsQuery = queryOptions({
  queryKey: [...announcementKeys.all, 'current'],
  queryFn: getCurrentAnnouncements,
});

export function useCurrentAnnouncements(enabled = true) {
  return useQuery({ ...currentAnnouncementsQuery, enabled });
}
