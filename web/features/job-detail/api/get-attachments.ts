/**
 * GET /api/jobs/{id}/attachments and DELETE /api/attachments/{id}. The attachments API may not be there
 * yet: a 404 reads as "not available", not as an error toast.
 */

import type { Attachments, AttachmentView } from '../../../../engine/api/records.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { jobKeys } from './get-job.ts';
import type { JobFile } from '../../../forms/form-context.ts';

/** An attachment of a job: the answer contract's type (engine/api/records.ts). */
export type JobAttachment = AttachmentView;

/** null: the attachments API is not available. */
export async function getAttachments(jobId: number): Promise<JobAttachment[] | null> {
  try {
    const r = await api<Attachments>('GET', `/api/jobs/${jobId}/attachments`, { ignoreErrors: [404, 405, 501] });
    return r.items;
  } catch (e) {
    if (e instanceof ApiError && [404, 405, 501].includes(e.status)) return null;
    throw e;
  }
}

export function useAttachments(jobId: number) {
  return useQuery({ queryKey: jobKeys.attachments(jobId), queryFn: () => getAttachments(jobId) });
}

export function deleteAttachment(id: string | number): Promise<void> {
  return api<void>('DELETE', `/api/attachments/${encodeURIComponent(String(id))}`);
}

export function useDeleteAttachment(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.attachments(jobId) }),
  });
}

/** The job's stored files with the form each was uploaded for (offered to upload fields that may reuse them). */
export async function jobFiles(job: { id: number; tasks: { id: string; form: string }[] }): Promise<JobFile[]> {
  const list = (await getAttachments(job.id)) ?? [];
  return list.map(({ job_id: _j, created_at: _c, created_by: _b, created_by_name: _n, ...a }) => ({
    ...a,
    id: String(a.id),
    form: job.tasks.find((t) => t.id === a.task_id)?.form ?? a.task_id,
  }));
}
