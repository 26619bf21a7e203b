/** POST /api/jobs: Add new job. Loaded with the dialog, not with the list. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewJob } from '../../../../engine/api/requests.ts';
import { api } from '../../../lib/api-client.ts';
import type { JobDetail } from '../../../../engine/api/jobs.ts';

/** A new job's fields (spec sect. 2 "Add new job"): derived from the request's schema, engine/api/requests.ts. */
export type { NewJob } from '../../../../engine/api/requests.ts';

/** The prompts (409) and field messages (422) show in the dialog, not as toasts. */
export const createJob = (body: NewJob) => api<JobDetail>('POST', '/api/jobs', { body, ignoreErrors: [409, 422] });

/** Creates a job; the lists and counts are refetched. */
export const useCreateJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['jobs'] }),
        client.invalidateQueries({ queryKey: ['jobs-summary'] }),
      ]),
  });
};
