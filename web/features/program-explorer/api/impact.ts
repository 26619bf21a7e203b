/** Impact before shipping (POST /api/programs/{id}/impact): proposed definition files in, the report out. */

import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { SourceFile } from '../../../../engine/index.ts';
import type { ImpactAnswer, ImpactDiagnostic } from '../../../../engine/api/impact.ts';

/** The report as the explorer shows it. */
export type ImpactReport = ImpactAnswer;
export type { ImpactDiagnostic };

/** The loader's errors of a refused proposal (a 422), else undefined. */
export function diagnosticsOf(error: unknown): ImpactDiagnostic[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return (error.body?.diagnostics as ImpactDiagnostic[] | undefined) ?? [];
}

/** Posts proposed files; a 422 is shown by the tab (its errors at their lines), not as a toast. */
export function useImpact(programId: string) {
  return useMutation({
    mutationFn: (files: SourceFile[]) =>
      api<ImpactAnswer>('POST', `/api/programs/${encodeURIComponent(programId)}/impact`, {
        body: { files },
        ignoreErrors: [422],
      }),
  });
}
