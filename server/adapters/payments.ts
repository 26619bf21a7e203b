/**
 * Accounts payment: the portal's view of the program administrator's accounts-payable (AP) system. When
 * payment is approved the portal creates a payable (the rebate amount, the invoice date) under an
 * idempotency key; the AP system approves or rejects it later and, once approved, pays it. The adapter
 * talks HTTP to a base URL from configuration (AP_URL): the simulated AP system of sim/ap in the demo and
 * the tests, the administrator's real one in production.
 *
 * CONTRACT (shared by the workflow and the implementation below):
 * - createPayable: the same idempotency_key always answers the same payable (never a second one), whatever
 *   the amount sent the second time.
 * - getPayable: its state. `status` moves pending -> approved -> paid, or pending -> rejected.
 * - Errors: PaymentsError with `code`: `unavailable` (network error, time-out, 5xx, a malformed answer:
 *   worth retrying), `not_found` (404), `rejected` (any other 4xx: not worth retrying).
 */

export type PayableStatus = 'pending' | 'approved' | 'rejected' | 'paid';

export interface Payable {
  id: string;
  idempotency_key: string;
  job_code: string;
  payee: string;
  amount_cents: number;
  /** The invoice date (YYYY-MM-DD). */
  invoiced_at: string;
  status: PayableStatus;
  /** ISO times, null until they happen. */
  decided_at: string | null;
  paid_at: string | null;
  /** The check number or transfer reference, once paid. */
  payment_reference: string | null;
  /** Why the AP system rejected it. */
  rejection_reason: string | null;
}

export interface PaymentsAdapter {
  createPayable(input: { idempotency_key: string; job_code: string; payee: string; amount_cents: number; invoiced_at: string }): Promise<Payable>;
  getPayable(id: string): Promise<Payable>;
}

export type PaymentsErrorCode = 'unavailable' | 'not_found' | 'rejected';

export class PaymentsError extends Error {
  constructor(
    readonly code: PaymentsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentsError';
  }
}
