/**
 * GET /api/jobs/{id}/documents (each signing task's current documents and their signers), polled every
 * 2 s while the server is still generating or mailing (`pending_work`); POST
 * .../documents/signers/{signer_id}/resend; POST .../documents/{document_id}/stamp (ops, after stamping failed);
 * and the PDFs, fetched with the bearer token like attachments.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentSigner, JobDocuments } from '../../../../engine/api/signing.ts';
import { api, API_BASE, ApiError } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { jobKeys } from './get-job.ts';

export type { DocumentSigner, JobDocument, JobDocuments } from '../../../../engine/api/signing.ts';

export const DOCUMENT_MESSAGES = {
  preparing: 'Preparing documents and invites…',
  empty: 'No documents have been generated yet.',
  download_failed: 'The document could not be downloaded. Please try again.',
  gone: 'This document is no longer available.',
} as const;

export function getDocuments(jobId: number): Promise<JobDocuments> {
  return api<JobDocuments>('GET', `/api/jobs/${jobId}/documents`, { ignoreErrors: [403, 404] });
}

/** How often the documents are read again while the worker still has work for them. */
const PENDING_POLL_MS = 3_000;

export function useDocuments(jobId: number) {
  return useQuery({
    queryKey: jobKeys.documents(jobId),
    queryFn: () => getDocuments(jobId),
    // Documents prepared, stamped or signed change the job, and the change feed reads them again. While work is still
    // pending, read again every few seconds too: the feed may tell of the worker's writes before it marks the item
    // done, and the page would say "preparing" until the next change.
    refetchInterval: (q) => (q.state.data?.pending_work ? PENDING_POLL_MS : false),
  });
}

export function resendInvite(jobId: number, signerId: number): Promise<DocumentSigner> {
  return api<DocumentSigner>('POST', `/api/jobs/${jobId}/documents/signers/${signerId}/resend`);
}

export function useResendInvite(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signerId: number) => resendInvite(jobId, signerId),
    onSettled: () => void qc.invalidateQueries({ queryKey: jobKeys.documents(jobId) }),
  });
}

export function retryStamping(jobId: number, documentId: number): Promise<JobDocuments> {
  return api<JobDocuments>('POST', `/api/jobs/${jobId}/documents/${documentId}/stamp`);
}

/** Ops: make a fully signed document's signed copy again now (after its stamping failed). */
export function useRetryStamping(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => retryStamping(jobId, documentId),
    onSuccess: (docs) => qc.setQueryData(jobKeys.documents(jobId), docs),
    onSettled: () => void qc.invalidateQueries({ queryKey: jobKeys.documents(jobId) }),
  });
}

/** Fetches a document's PDF (a relative URL of the API) with the bearer token. */
export async function downloadDocument(url: string): Promise<Blob> {
  if (!url.startsWith('/') || url.startsWith('//')) throw new ApiError(400, DOCUMENT_MESSAGES.download_failed);
  const session = getSession();
  const res = await fetch(`${API_BASE}${url}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  if (!res.ok)
    throw new ApiError(
      res.status,
      res.status === 404 || res.status === 410 ? DOCUMENT_MESSAGES.gone : DOCUMENT_MESSAGES.download_failed,
    );
  return res.blob();
}
