/**
 * The definitions the server runs, loaded in the browser with the engine's own loadDefinitions from
 * the server's own files (GET /api/definitions/sources): no second copy of any rule in web code.
 */

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { loadDefinitions, type Definitions, type JobInput, type SourceFile } from '../../../../engine/index.ts';

/** What the sources call answers. */
export interface SourcesResponse {
  files: SourceFile[];
  hashes: Record<string, string>;
}

/** Loads definitions from the server's files (forms compile on first use, as in the browser). */
export async function fetchDefinitions(): Promise<{ defs: Definitions; files: SourceFile[]; hashes: Record<string, string> }> {
  const r = await api<SourcesResponse>('GET', '/api/definitions/sources');
  return { defs: loadDefinitions(r.files, { lazy_forms: true }), files: r.files, hashes: r.hashes };
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
