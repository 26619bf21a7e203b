/** GET /api/jobs/search and GET /api/contractor/search. */

import type { ContractorHit, JobHit } from '../../../../engine/api/search.ts';
import { api } from '../../../lib/api-client.ts';

/** The results: the answer contracts' types (engine/api/search.ts). */
export type { ContractorHit, JobHit } from '../../../../engine/api/search.ts';

export const searchJobs = (q: string, signal: AbortSignal) => api<{ items: JobHit[] }>('GET', '/api/jobs/search', { query: { q }, signal, ignoreErrors: [400] });
export const searchContractors = (q: string, signal: AbortSignal) => api<{ items: ContractorHit[] }>('GET', '/api/contractor/search', { query: { q }, signal, ignoreErrors: [400, 403] });
