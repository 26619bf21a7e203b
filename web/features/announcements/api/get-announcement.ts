/** GET /api/announcements/{id}: one announcement. */

import type { AnnouncementBody } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What ops write (spec sect. 3 "Announcement"). An empty audience list means everyone. */
/** An announcement's fields: the request contract's, each present (contractor_ids/program_ids null: all). */
export type AnnouncementFields = Required<AnnouncementBody>;

export interface Announcement extends AnnouncementFields {
  id: number;
  created_at: string;
  updated_at?: string;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
};

export function getAnnouncement(id: number): Promise<Announcement> {
  return api<Announcement>('GET', `/api/announcements/${id}`, { ignoreErrors: [400, 404] });
}

export const announcementQuery = (id: number) => queryOptions({ queryKey: announcementKeys.detail(id), queryFn: () => getAnnouncement(id) });

export function useAnnouncement(id: number | undefined) {
  return useQuery({ ...announcementQuery(id ?? 0), enabled: id !== undefined });
}
