/** GET /api/jobs/search and GET /api/contractor/search. */

import { api } from '../../../lib/api-client.ts';
import type { ContractorHits, JobHits } from '../../../../engine/api/search.ts';

/** The results: the answer contracts' types (engine/api/search.ts). */
export type { ContractorHit, JobHit } from '../../../../engine/api/search.ts';

export const searchJobs = (q: string, signal: AbortSignal) =>
  api<JobHits>('GET', '/api/jobs/search', { query: { q }, signal, ignoreErrors: [400] });
export const searchContractors = (q: string, signal: AbortSignal) =>
  api<ContractorHits>('GET', '/api/contractor/search', { query: { q }, signal, ignoreErrors: [400, 403] });
