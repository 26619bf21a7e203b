/** POST /api/jobs: Add new job. Loaded with the dialog, not with the list. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A new job's fields (spec sect. 2 "Add new job"; server/routes/jobs.routes.ts NEW_JOB). */
export interface NewJob {
  first_name: string;
  last_name: string;
  email?: string;
  phone_number?: string;
  address: string;
  city?: string;
  county?: string;
  state?: string;
  zip?: string;
  contractor_id?: number;
  program_id?: string;
  create_anyway?: boolean;
}

/** The prompts (409) and field messages (422) show in the dialog, not as toasts. */
export const createJob = (body: NewJob) => api<{ id: number }>('POST', '/api/jobs', { body, ignoreErrors: [409, 422] });

/** Creates a job; the lists and counts are refetched. */
export const useCreateJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['jobs'] }), client.invalidateQueries({ queryKey: ['jobs-summary'] })]),
  });
};
