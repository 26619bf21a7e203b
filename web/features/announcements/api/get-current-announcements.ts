/** GET /api/announcements/current: what the signed-in contractor sees today (for ops: everything showing today). */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys, type Announcement } from './get-announcement.ts';

export function getCurrentAnnouncements(): Promise<{ items: Announcement[] }> {
  return api<{ items: Announcement[] }>('GET', '/api/announcements/current');
}

export const currentAnnouncementsQuery = queryOptions({ queryKey: [...announcementKeys.all, 'current'], queryFn: getCurrentAnnouncements });

export function useCurrentAnnouncements(enabled = true) {
  return useQuery({ ...currentAnnouncementsQuery, enabled });
}
