/**
 * GET /api/forms/user_preferences: the form that is the Preferences screen, ready to render (its
 * validators loaded). Forms change only on deploy.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormDocumentAnswer } from '../../../../engine/api/misc.ts';
import { loadClientForm, type ClientForm } from '../../../forms/index.ts';
import { api } from '../../../lib/api-client.ts';
import { preferencesKeys } from './get-preferences.ts';

/** The form's key (task-schemas/user_preferences). */
export const PREFERENCES_FORM = 'user_preferences';

export async function getPreferencesForm(): Promise<ClientForm> {
  return loadClientForm(await api<FormDocumentAnswer>('GET', `/api/forms/${PREFERENCES_FORM}`));
}

export const preferencesFormQuery = queryOptions({
  queryKey: preferencesKeys.form,
  queryFn: getPreferencesForm,
  staleTime: Infinity,
});

export function usePreferencesForm() {
  return useQuery(preferencesFormQuery);
}
