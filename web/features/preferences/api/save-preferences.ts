/**
 * PUT /api/preferences: saves the preferences the form holds. A 422 is shown under the fields; once
 * saved, this browser's remembered copies follow, so the jobs list uses them at once.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesBody } from '../../../../engine/api/admin-requests.ts';
import { api } from '../../../lib/api-client.ts';
import { rememberPreferences, type PreferenceKey } from '../../../lib/preferences.ts';
import { preferencesKeys, type Preferences } from './get-preferences.ts';

export function savePreferences(body: PreferencesBody): Promise<Preferences> {
  return api<Preferences>('PUT', '/api/preferences', { body, ignoreErrors: [422] });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved, body) => {
      qc.setQueryData(preferencesKeys.all, saved);
      rememberPreferences(Object.fromEntries((Object.keys(body) as PreferenceKey[]).map((k) => [k, saved[k]])));
    },
  });
}
