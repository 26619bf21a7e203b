/** GET /api/preferences: the signed-in user's preferences, defaults filled in (older stored shapes migrated). */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '../../../../engine/api/admin-requests.ts';
import { api } from '../../../lib/api-client.ts';

export type { Preferences };

export const preferencesKeys = { all: ['preferences'] as const, form: ['preferences', 'form'] as const };

export function getPreferences(): Promise<Preferences> {
  return api<Preferences>('GET', '/api/preferences');
}

export const preferencesQuery = queryOptions({ queryKey: preferencesKeys.all, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQuery);
}
