/**
 * The definitions the server runs, loaded in the browser with the engine's own loadDefinitions from
 * the server's own files (GET /api/definitions/sources): no second copy of any rule in web code.
 */

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { loadDefinitions, type Definitions, type JobInput, type SourceFile } from '../../../../engine/index.ts';
import { closurePick } from '../../../../engine/forms/pick.ts';
import { NO_SCHEMA_COMPILER } from '../../../../engine/forms/precompiled.ts';
import { loadMetaValidators } from '../../../forms/validator-modules.ts';

/** What the sources call answers. */
export interface SourcesResponse {
  files: SourceFile[];
  hashes: Record<string, string>;
}

/**
 * Loads definitions from the server's files, without eval (the page's CSP): the meta-schemas checked by
 * the validators the server generated, rules interpreted, pickers as closures. The explorer never
 * validates a form's data here (its form preview loads that form's own validators), so form schemas
 * are not compiled.
 */
export async function fetchDefinitions(): Promise<{ defs: Definitions; files: SourceFile[]; hashes: Record<string, string> }> {
  const [r, meta_validators] = await Promise.all([api<SourcesResponse>('GET', '/api/definitions/sources'), loadMetaValidators()]);
  const defs = loadDefinitions(r.files, { lazy_forms: true, evaluator: 'interpreted', meta_validators, form_schemas: NO_SCHEMA_COMPILER, pick: closurePick });
  return { defs, files: r.files, hashes: r.hashes };
}

export const definitionsQuery = { queryKey: ['definitions'], queryFn: fetchDefinitions, staleTime: Infinity };

/** The loaded definitions. */
export function useDefinitions() {
  return useQuery(definitionsQuery);
}

/** A stored job as the engine reads it. */
export function useJobInput(jobId: string | null) {
  return useQuery({
    queryKey: ['definitions', 'job-input', jobId],
    enabled: !!jobId,
    queryFn: () => api<{ program_id: string; today: string; job: JobInput }>('GET', `/api/definitions/jobs/${jobId}/input`),
  });
}
