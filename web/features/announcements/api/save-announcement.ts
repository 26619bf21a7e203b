/** POST /api/announcements (create) and PUT /api/announcements/{id} (edit), ops. A 422 is shown under the fields. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys, type Announcement, type AnnouncementFields } from './get-announcement.ts';

export function saveAnnouncement(id: number | undefined, body: AnnouncementFields): Promise<Announcement> {
  return id === undefined
    ? api<Announcement>('POST', '/api/announcements', { body, ignoreErrors: [422] })
    : api<Announcement>('PUT', `/api/announcements/${id}`, { body, ignoreErrors: [422] });
}

export function useSaveAnnouncement(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementFields) => saveAnnouncement(id, body),
    onSuccess: (a) => {
      qc.setQueryData(announcementKeys.detail(a.id), a);
      void qc.invalidateQueries({ queryKey: [...announcementKeys.all, 'list'] });
    },
  });
}
