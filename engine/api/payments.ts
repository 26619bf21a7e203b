/**
 * Rebate payments bound to the rebate (issue 41), as JSON Schemas written once: what a job may be paid (the rules'
 * rebate), and paying more only by four eyes: one ops user asks with a reason, a second one approves or declines.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { NULLABLE_INTEGER, NULLABLE_STRING } from './schema-parts.ts';
import { formatCents } from '../explain.ts';

/** Messages of the payment bound and its override. */
export const PAYMENT_MESSAGES = {
  above_rebate: (amount: number, limit: number) =>
    `The payable $${formatCents(amount)} is above the rebate $${formatCents(limit)}. Pay at most the rebate, or ask a second ops user to approve paying more (Payment override).`,
  reason_required: 'Say why this job should be paid more than its rebate.',
  /** Said to ops on the job when the final costs bring the rules' amount below the one they shared. */
  rules_below_shared: (rules: number, shared: number) =>
    `The rebate is now $${formatCents(rules)}; $${formatCents(shared)} was shared.`,
  share_again: 'Share the amount again, or confirm it with a reason, before approving payment.',
  not_above: (limit: number) =>
    `Paying up to the rebate ($${formatCents(limit)}) needs no override: ask only for an amount above it.`,
  no_payable: 'This job’s program pays no rebate through accounts payment: there is nothing to override.',
  already_paid: 'This job’s payment is approved or sent already: there is nothing to override.',
  pending: 'An override of this job’s payment is waiting for a second ops user already: decide that one first.',
  none_pending: 'No override of this job’s payment is waiting for a decision.',
  same_user: 'A second ops user must decide: you asked for this override yourself.',
} as const;

/** POST /api/jobs/{job_id}/payment-override: ask to pay up to `amount_cents`, above the rebate, and why. */
export const PAYMENT_OVERRIDE_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['amount_cents', 'reason'],
  properties: {
    amount_cents: { type: 'integer', minimum: 1, maximum: 100_000_000_00 },
    reason: { type: 'string', maxLength: 2000 },
  },
} as const;
export type PaymentOverrideRequest = FromSchema<typeof PAYMENT_OVERRIDE_REQUEST>;

/** POST /api/jobs/{job_id}/payment-override/decision: a second ops user approves or declines (a note optional). */
export const PAYMENT_OVERRIDE_DECISION = {
  type: 'object',
  additionalProperties: false,
  required: ['approve'],
  properties: { approve: { type: 'boolean' }, note: { type: 'string', maxLength: 2000 } },
} as const;
export type PaymentOverrideDecision = FromSchema<typeof PAYMENT_OVERRIDE_DECISION>;

/** One ask to pay more than the rebate, and its decision. */
export const PAYMENT_OVERRIDE = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'amount_cents',
    'limit_cents',
    'reason',
    'status',
    'requested_by',
    'requested_at',
    'decided_by',
    'decided_at',
    'decision_note',
  ],
  properties: {
    id: { type: 'integer' },
    amount_cents: { type: 'integer' },
    /** The rebate when it was asked. */
    limit_cents: { type: 'integer' },
    reason: { type: 'string' },
    status: { enum: ['requested', 'approved', 'declined'] },
    /** Who asked and who decided, by name. */
    requested_by: { type: 'string' },
    requested_at: { type: 'string' },
    decided_by: NULLABLE_STRING,
    decided_at: NULLABLE_STRING,
    decision_note: NULLABLE_STRING,
  },
} as const;
export type PaymentOverride = FromSchema<typeof PAYMENT_OVERRIDE>;

/** GET /api/jobs/{job_id}/payment (ops): the most the job may be paid now, and the overrides asked. */
export const JOB_PAYMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['pays_through_accounts_payment', 'limit_cents', 'approved_up_to_cents', 'overrides', 'abilities'],
  properties: {
    /** The program sends its payment to accounts payment (incentives.payment.payable). */
    pays_through_accounts_payment: { type: 'boolean' },
    /** The rebate: the most the job may be paid without an override (null while the rules give no amount). */
    limit_cents: NULLABLE_INTEGER,
    /** The most an approved override lets it be paid (null: none approved). */
    approved_up_to_cents: NULLABLE_INTEGER,
    /** Newest first. */
    overrides: { type: 'array', items: PAYMENT_OVERRIDE },
    abilities: {
      type: 'object',
      additionalProperties: false,
      required: ['request', 'decide'],
      properties: {
        request: { type: 'boolean' },
        /** The caller may approve or decline the waiting ask (not the one who asked). */
        decide: { type: 'boolean' },
      },
    },
  },
} as const;
export type JobPayment = FromSchema<typeof JOB_PAYMENT>;
