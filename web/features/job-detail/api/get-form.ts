/** GET /api/forms/{form}: a task form's document (schema, UI schema, messages, rules). Forms change only on deploy. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormJson } from '../../../forms/client-form.ts';
import { api } from '../../../lib/api-client.ts';
import type { FormDocumentAnswer } from '../../../../engine/api/misc.ts';
import { loadFormValidators } from '../../../forms/validator-modules.ts';

/** The form's document, once its generated validators are loaded too (so the drawer never suspends on them). */
export async function getForm(form: string): Promise<FormJson> {
  const doc = await api<FormDocumentAnswer>('GET', `/api/forms/${encodeURIComponent(form)}`);
  await loadFormValidators(doc.key, doc.schema);
  return doc;
}

export const formQuery = (form: string) => queryOptions({ queryKey: ['form', form], queryFn: () => getForm(form), staleTime: Infinity, gcTime: 30 * 60_000 });

export function useFormDocument(form: string | undefined) {
  return useQuery({ ...formQuery(form ?? ''), enabled: !!form });
}
