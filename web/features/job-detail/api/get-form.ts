/**
 * A task form's document (schema, UI schema, messages, rules): GET /api/forms/{form}, the loaded form (forms
 * change only on deploy); or, for a task whose `form_version` is set (its job keeps an earlier definition
 * version whose form differs), GET /api/jobs/{job}/tasks/{task}/form, that job's own.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormJson } from '../../../forms/client-form.ts';
import { api } from '../../../lib/api-client.ts';
import type { FormDocumentAnswer } from '../../../../engine/api/misc.ts';
import { loadFormValidators } from '../../../forms/validator-modules.ts';

/** Where a task's form comes from: its key, and for a job's own form (form_version set) the job and task. */
export interface FormSource {
  form: string;
  form_version?: string | null;
  job_id?: number;
  task_id?: string;
}

const own = (s: FormSource) => !!(s.form_version && s.job_id !== undefined && s.task_id !== undefined);

/** The form's document, once its generated validators are loaded too (so the drawer never suspends on them). */
export async function getForm(source: FormSource): Promise<FormJson> {
  if (own(source)) {
    const doc: FormJson = {
      ...(await api<FormDocumentAnswer>(
        'GET',
        `/api/jobs/${source.job_id}/tasks/${encodeURIComponent(source.task_id!)}/form`,
      )),
      job_id: source.job_id,
    };
    await loadFormValidators(doc.key, doc.schema, doc.job_id);
    return doc;
  }
  const doc = await api<FormDocumentAnswer>('GET', `/api/forms/${encodeURIComponent(source.form)}`);
  await loadFormValidators(doc.key, doc.schema);
  return doc;
}

/** Cached by form and version: the loaded form once for every job, a version's once per job that keeps it. */
export const formQuery = (source: FormSource) =>
  queryOptions({
    queryKey: own(source) ? ['form', source.form, source.form_version, source.job_id] : ['form', source.form],
    queryFn: () => getForm(source),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

export function useFormDocument(source: FormSource | undefined) {
  return useQuery({ ...formQuery(source ?? { form: '' }), enabled: !!source?.form });
}
