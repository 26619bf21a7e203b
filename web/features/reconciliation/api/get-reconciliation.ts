/** GET /api/reconciliation (ops): per program and month, the payments and budget movements; and its CSV download. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramPage } from '../../../../engine/api/programs.ts';
import type { Reconciliation, ReconciliationMonth } from '../../../../engine/api/reconciliation.ts';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export type { Reconciliation, ReconciliationMonth };

/** What the page narrows the report to ('' for all). */
export interface ReconciliationFilter {
  program_id: string;
  month: string;
}

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  of: (f: ReconciliationFilter) => ['reconciliation', f.program_id, f.month] as const,
};

export const reconciliationQuery = (f: ReconciliationFilter) =>
  queryOptions({
    queryKey: reconciliationKeys.of(f),
    queryFn: () => api<Reconciliation>('GET', '/api/reconciliation', { query: { ...f } }),
  });

export function useReconciliation(f: ReconciliationFilter) {
  return useQuery(reconciliationQuery(f));
}

export const RECONCILIATION_DOWNLOAD_FAILED = 'The CSV file could not be downloaded. Please try again.';

/** Downloads the report as reconciliation[-program][-month].csv. */
export function downloadReconciliationCsv(f: ReconciliationFilter): Promise<void> {
  const name = `reconciliation${f.program_id ? `-${f.program_id}` : ''}${f.month ? `-${f.month}` : ''}.csv`;
  return downloadFile('/api/reconciliation.csv', name, RECONCILIATION_DOWNLOAD_FAILED, { ...f });
}

/** The programs the filter offers (id and name). */
export const reconciliationProgramsQuery = queryOptions({
  queryKey: ['reconciliation', 'programs'] as const,
  queryFn: () => api<ProgramPage>('GET', '/api/programs', { query: { per_page: 200 } }),
  staleTime: 5 * 60_000,
});

export function useReconciliationPrograms() {
  return useQuery(reconciliationProgramsQuery);
}
