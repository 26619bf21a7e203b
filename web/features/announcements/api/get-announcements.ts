/** GET /api/announcements (ops): a page of announcements, newest first; `active` keeps those showing today. */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AnnouncementPage } from '../../../../engine/api/admin-responses.ts';
import { announcementKeys } from './get-announcement.ts';

export interface AnnouncementListParams {
  active?: boolean;
  page_number: number;
  per_page: number;
}

export function getAnnouncements(params: AnnouncementListParams): Promise<AnnouncementPage> {
  return api<AnnouncementPage>('GET', '/api/announcements', { query: { ...params } });
}

export const announcementsQuery = (params: AnnouncementListParams) =>
  queryOptions({
    queryKey: [...announcementKeys.all, 'list', params],
    queryFn: () => getAnnouncements(params),
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(params: AnnouncementListParams, enabled = true) {
  return useQuery({ ...announcementsQuery(params), enabled });
}
