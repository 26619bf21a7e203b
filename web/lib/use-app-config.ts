/** The server's public configuration: environment (staging banner) and feature flags. */

import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** What /api/config answers. */
export interface AppConfig {
  app_env: string;
  is_production: boolean;
  feature_flags: string[];
  google_sign_in: boolean;
  playwright_sign_in: boolean;
}

export const appConfigQuery = { queryKey: ['config'], queryFn: () => api<AppConfig>('GET', '/api/config'), staleTime: 60_000 };

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
