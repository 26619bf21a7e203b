/**
 * The payment bound to the rebate (ops): GET /api/jobs/{id}/payment (what the job may be paid and the overrides
 * asked), POST .../payment-override { amount_cents, reason } (ask to pay more), POST .../payment-override/decision
 * { approve, note } (a second ops user decides). Each answers the same view; the job is read again after a decision.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobPayment, PaymentOverrideDecision, PaymentOverrideRequest } from '../../../../engine/api/payments.ts';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './get-job.ts';

export type { JobPayment, PaymentOverride } from '../../../../engine/api/payments.ts';

export const getJobPayment = (jobId: number) =>
  api<JobPayment>('GET', `/api/jobs/${jobId}/payment`, { ignoreErrors: [403, 404] });

export function useJobPayment(jobId: number, enabled: boolean) {
  return useQuery({ queryKey: jobKeys.payment(jobId), queryFn: () => getJobPayment(jobId), enabled });
}

function usePaymentMutation<B>(jobId: number, call: (body: B) => Promise<JobPayment>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      qc.setQueryData(jobKeys.payment(jobId), view);
      void qc.invalidateQueries({ queryKey: jobKeys.detail(jobId), exact: true });
    },
  });
}

export const useRequestOverride = (jobId: number) =>
  usePaymentMutation(jobId, (body: PaymentOverrideRequest) =>
    api<JobPayment>('POST', `/api/jobs/${jobId}/payment-override`, { body, ignoreErrors: [422] }),
  );

export const useDecideOverride = (jobId: number) =>
  usePaymentMutation(jobId, (body: PaymentOverrideDecision) =>
    api<JobPayment>('POST', `/api/jobs/${jobId}/payment-override/decision`, { body }),
  );
