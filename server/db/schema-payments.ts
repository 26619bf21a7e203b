/** The table of rebate payments (migration 015): server/workflows/payments/payments.db.ts. */

import type { Generated } from 'kysely';

/** One payable of a job in the accounts-payment system (one per approval attempt). */
export interface PaymentsTable {
  id: Generated<number>;
  job_id: number;
  attempt: number;
  /** What the accounts-payment system knows the payable by: the same key never makes a second one. */
  idempotency_key: string;
  amount_cents: number;
  invoiced_at: string;
  /** The system's id, once created. */
  payable_id: string | null;
  /** creating, then the system's status: pending, approved, rejected, paid. */
  status: Generated<string>;
  decided_at: string | null;
  paid_at: string | null;
  payment_reference: string | null;
  rejection_reason: string | null;
  /** Status checks scheduled so far (each check's work key carries its number). */
  checks: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A request to pay a job more than its rebate (migration 028): asked by one ops user, decided by another. */
export interface PaymentOverridesTable {
  id: Generated<number>;
  job_id: number;
  /** The most that may be paid once approved. */
  amount_cents: number;
  /** What the rules allowed when it was asked (the rebate). */
  limit_cents: number;
  reason: string;
  status: Generated<'requested' | 'approved' | 'declined'>;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
}
