/** GET /api/jobs/search and GET /api/contractor/search. */

import { api } from '../../../lib/api-client.ts';

/** A job result (spec sect. 2). */
export interface JobHit {
  id: number;
  code: string;
  full_name: string;
  is_canceled: boolean;
  address: string;
  city: string | null;
  contractor: string | null;
  stage: { number: number; label: string };
  program: { id: string; name: string };
}

/** A contractor result (spec sect. 2). */
export interface ContractorHit {
  id: number;
  name: string;
  primary_contact: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
}

export const searchJobs = (q: string, signal: AbortSignal) => api<{ items: JobHit[] }>('GET', '/api/jobs/search', { query: { q }, signal, ignoreErrors: [400] });
export const searchContractors = (q: string, signal: AbortSignal) => api<{ items: ContractorHit[] }>('GET', '/api/contractor/search', { query: { q }, signal, ignoreErrors: [400, 403] });
