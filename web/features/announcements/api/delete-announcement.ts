/** DELETE /api/announcements/{id} (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './get-announcement.ts';

export function deleteAnnouncement(id: number): Promise<void> {
  return api<void>('DELETE', `/api/announcements/${id}`);
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: announcementKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...announcementKeys.all, 'list'] });
    },
  });
}
