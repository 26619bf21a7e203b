/** GET /api/announcements (ops): a page of announcements, newest first; `active` keeps those showing today. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/components/list-pager.tsx';
import { announcementKeys, type Announcement } from './get-announcement.ts';

export interface AnnouncementListParams {
  active?: boolean;
  page_number: number;
  per_page: number;
}

export function getAnnouncements(params: AnnouncementListParams): Promise<Paged<Announcement>> {
  return api<Paged<Announcement>>('GET', '/api/announcements', { query: { ...params } });
}

export const announcementsQuery = (params: AnnouncementListParams) =>
  queryOptions({ queryKey: [...announcementKeys.all, 'list', params], queryFn: () => getAnnouncements(params), placeholderData: keepPreviousData });

export function useAnnouncements(params: AnnouncementListParams, enabled = true) {
  return useQuery({ ...announcementsQuery(params), enabled });
}
