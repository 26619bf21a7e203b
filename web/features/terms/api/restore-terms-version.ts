/** POST /api/terms_and_conditions/{id}/restore: copies an old version as a new, current version (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { termsKeys, type TermsVersion } from './get-terms-version.ts';

export function restoreTermsVersion(id: number): Promise<TermsVersion> {
  return api<TermsVersion>('POST', `/api/terms_and_conditions/${id}/restore`);
}

export function useRestoreTermsVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: restoreTermsVersion,
    onSuccess: (v) => {
      qc.setQueryData(termsKeys.detail(v.id), v);
      void qc.invalidateQueries({ queryKey: termsKeys.all, predicate: (q) => q.queryKey[2] !== v.id });
    },
  });
}
