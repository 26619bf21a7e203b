/** POST /api/work/{id}/retry (ops): a dead item runs again now, its attempts counted afresh (409 when not dead). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { workKeys, type WorkItem } from './get-dead-work.ts';

export function retryWork(id: number): Promise<WorkItem> {
  return api<WorkItem>('POST', `/api/work/${id}/retry`);
}

export function useRetryWork() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryWork,
    // Here, not in the button: the row (and its button) goes once the list is refetched.
    onSuccess: () => successToast('Retried: it will run again shortly.'),
    // Retried or not (a 409, someone retried it already, toasts the server's reason), the list is refetched to show
    // what is dead now.
    onSettled: () => qc.invalidateQueries({ queryKey: workKeys.dead }),
  });
}
