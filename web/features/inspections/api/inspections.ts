/**
 * Inspections (issue 43): GET /api/inspections (ops: the queue; an inspector: their day), GET /api/inspectors (ops),
 * GET .../quality/{review} (one inspection with its checklists; each form from GET /api/forms/{form}), PUT
 * .../quality/{review}/inspector (ops assign or reassign), POST .../quality/{review}/outcome (the checklists' answers,
 * by ops or the inspector it is assigned to), POST and GET .../quality/{review}/attachments (the checklists' photos).
 * The queue is read again when a job changes (the change feed's list
 * keys).
 */

import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Inspection,
  InspectionList,
  InspectorAssignment,
  InspectorList,
  VisitProposal,
} from '../../../../engine/api/inspections.ts';
import type { FormDocumentAnswer } from '../../../../engine/api/misc.ts';
import type { Attachments } from '../../../../engine/api/records.ts';
import type { QualityOutcome, RecordedOutcome } from '../../../../engine/api/quality.ts';
import { loadClientForm, type ClientForm } from '../../../forms/index.ts';
import { downloadFile, type Attachment, type UploadResult } from '../../../forms/attachments.ts';
import { api } from '../../../lib/api-client.ts';

export type { Inspection };

export const inspectionKeys = { all: ['inspections'] as const, inspectors: ['inspectors'] as const };

/** The queue's filters as the URL carries them (empty: not narrowed). */
export interface InspectionFilters {
  program_id?: string;
  inspector_id?: string;
  state?: string;
  due?: string;
}

export function useInspections(filters: InspectionFilters) {
  const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
  return useQuery({
    queryKey: [...inspectionKeys.all, q],
    queryFn: () => api<InspectionList>('GET', `/api/inspections${q ? `?${q}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useInspectors(enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.inspectors,
    queryFn: () => api<InspectorList>('GET', '/api/inspectors'),
    enabled,
  });
}

const reviewPath = (i: Pick<Inspection, 'job_id' | 'review_id'>) =>
  `/api/jobs/${i.job_id}/quality/${encodeURIComponent(i.review_id)}`;

export function useAssignInspector() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ inspection, body }: { inspection: Inspection; body: InspectorAssignment }) =>
      api<Inspection>('PUT', `${reviewPath(inspection)}/inspector`, { body }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: inspectionKeys.all }),
        qc.invalidateQueries({ queryKey: inspectionKeys.inspectors }),
      ]),
  });
}

/** Offers the homeowner times for the field inspection's visit (in this browser's time zone); mailed to them. */
export function useProposeVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ inspection, times }: { inspection: Inspection; times: string[] }) =>
      api<Inspection>('PUT', `${reviewPath(inspection)}/visit`, {
        body: { times, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone } satisfies VisitProposal,
        ignoreErrors: [409, 422],
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}

/** One inspection (its checklists listed), for ops or the inspector it is assigned to. */
export function useInspection(jobId: number, reviewId: string) {
  return useQuery({
    queryKey: [...inspectionKeys.all, 'one', jobId, reviewId],
    queryFn: () => api<Inspection>('GET', reviewPath({ job_id: jobId, review_id: reviewId }), { ignoreErrors: [404] }),
  });
}

/** The checklist forms, ready to render (their validators loaded); forms change only on deploy. */
export function useChecklistForms(keys: string[]) {
  return useQueries({
    queries: keys.map((key) => ({
      queryKey: ['form-client', key],
      queryFn: async (): Promise<ClientForm> =>
        loadClientForm(await api<FormDocumentAnswer>('GET', `/api/forms/${encodeURIComponent(key)}`)),
      staleTime: Infinity,
    })),
  });
}

export function useRecordInspection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      inspection,
      body,
    }: {
      inspection: Pick<Inspection, 'job_id' | 'review_id'>;
      body: QualityOutcome;
    }) => api<RecordedOutcome>('POST', `${reviewPath(inspection)}/outcome`, { body, ignoreErrors: [422] }),
    onSettled: () => qc.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}

/** Uploads a photo for a checklist's field; the answer says what its file shows against the job (warnings). */
export function uploadChecklistPhoto(
  i: Pick<Inspection, 'job_id' | 'review_id'>,
  form: string,
  field: string,
  file: File,
): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  body.append('form', form);
  body.append('field', field);
  return api<UploadResult>('POST', `${reviewPath(i)}/attachments`, { body, ignoreErrors: [404, 413, 422] });
}

/** A photo of the inspection's checklists (the inspector reads none of the job's own files). */
export function downloadChecklistPhoto(i: Pick<Inspection, 'job_id' | 'review_id'>, a: Pick<Attachment, 'id'>) {
  return downloadFile(`${reviewPath(i)}/attachments/${encodeURIComponent(a.id)}`);
}

/** The job's own files, for a desk review beside its checklist (ops only: an inspector reads none of the job's). */
export function useJobFiles(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...inspectionKeys.all, 'job-files', jobId],
    queryFn: () => api<Attachments>('GET', `/api/jobs/${jobId}/attachments`),
    enabled,
  });
}
