/** GET /api/announcements/current: what a contractor sees on its jobs list. A 403 or 404 shows nothing. */

import type { AnnouncementAnswer } from '../../../../engine/api/admin-responses.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CurrentAnnouncements } from '../../../../engine/api/admin-responses.ts';

/** An announcement a contractor sees: the answer contract's type (engine/api/admin-responses.ts). */
export type Announcement = AnnouncementAnswer;

export const fetchCurrentAnnouncements = () =>
  api<CurrentAnnouncements>('GET', '/api/announcements/current', { ignoreErrors: [403, 404] });

export const currentAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: ['announcements', 'current'], queryFn: fetchCurrentAnnouncements, staleTime: 60_000 });

export const useCurrentAnnouncements = (enabled: boolean) =>
  useQuery({ ...currentAnnouncementsQueryOptions(), enabled });
