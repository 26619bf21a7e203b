/** POST /api/terms_and_conditions: saving the terms creates a new version, which becomes current (ops). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { termsKeys, type TermsFields, type TermsVersion } from './get-terms-version.ts';

export function createTermsVersion(body: TermsFields): Promise<TermsVersion> {
  return api<TermsVersion>('POST', '/api/terms_and_conditions', { body, ignoreErrors: [422] });
}

export function useCreateTermsVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTermsVersion,
    onSuccess: (v) => {
      qc.setQueryData(termsKeys.detail(v.id), v);
      // Every other version's current flag changed.
      void qc.invalidateQueries({ queryKey: termsKeys.all, predicate: (q) => q.queryKey[2] !== v.id });
    },
  });
}
