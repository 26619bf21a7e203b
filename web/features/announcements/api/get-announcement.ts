/** GET /api/announcements/{id}: one announcement. */

import type { AnnouncementAnswer } from '../../../../engine/api/admin-responses.ts';
import type { AnnouncementBody } from '../../../../engine/api/admin-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What ops write (spec sect. 3 "Announcement"). An empty audience list means everyone. */
/** An announcement's fields: the request contract's, each present (contractor_ids/program_ids null: all). */
export type AnnouncementFields = Required<AnnouncementBody>;

/** An announcement as the API answers it: the answer contract's type. */
export type Announcement = AnnouncementAnswer;

export const announcementKeys = {
  all: ['announcements'] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
};

export function getAnnouncement(id: number): Promise<Announcement> {
  return api<Announcement>('GET', `/api/announcements/${id}`, { ignoreErrors: [400, 404] });
}

export const announcementQuery = (id: number) =>
  queryOptions({ queryKey: announcementKeys.detail(id), queryFn: () => getAnnouncement(id) });

export function useAnnouncement(id: number | undefined) {
  return useQuery({ ...announcementQuery(id ?? 0), enabled: id !== undefined });
}
