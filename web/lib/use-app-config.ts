/** The server's public configuration: environment (staging banner) and feature flags. */

import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../engine/api/auth.ts';
import { api } from './api-client.ts';

/** What /api/config answers: the answer contract's type (engine/api/auth.ts). */
export type { AppConfig } from '../../engine/api/auth.ts';

export const appConfigQuery = {
  queryKey: ['config'],
  queryFn: () => api<AppConfig>('GET', '/api/config'),
  staleTime: 60_000,
};

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
