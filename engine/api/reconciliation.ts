/**
 * Reconciliation (issue 41), as JSON Schemas written once: per program and month, the payments approved, the payables
 * created in the accounts-payment system, what it paid and rejected, what finance recorded as paid by hand, the
 * budget's movements, and each job whose figures disagree (paid other than its rebate; recorded as paid by hand while
 * accounts payment holds a payable for it, or paid by both). The screen, the CSV download and the API read the same
 * rows.
 */

import type { FromSchema } from 'json-schema-to-ts';

/** A count of events and the money they carry. */
const TALLY = {
  type: 'object',
  additionalProperties: false,
  required: ['count', 'cents'],
  properties: { count: { type: 'integer', minimum: 0 }, cents: { type: 'integer' } },
} as const;

/** The kinds of difference a job can show. */
export const DIFFERENCE_KINDS = ['paid_other_than_rebate', 'paid_by_hand_with_payable', 'paid_twice'] as const;

/** One job whose money does not add up, in the month of its payment. */
export const RECONCILIATION_DIFFERENCE = {
  type: 'object',
  additionalProperties: false,
  required: ['job_id', 'job_code', 'kind', 'expected_cents', 'actual_cents', 'message'],
  properties: {
    job_id: { type: 'integer' },
    job_code: { type: 'string' },
    kind: { enum: DIFFERENCE_KINDS },
    expected_cents: { type: 'integer' },
    actual_cents: { type: 'integer' },
    message: { type: 'string' },
  },
} as const;
export type ReconciliationDifference = FromSchema<typeof RECONCILIATION_DIFFERENCE>;

/** A budget's movements in the month, summed by what moved (cents; releases and uncommits as positive amounts). */
const BUDGET_MOVEMENTS = {
  type: 'object',
  additionalProperties: false,
  required: ['allocated', 'adjusted', 'reserved', 'released', 'committed', 'uncommitted', 'spent'],
  properties: {
    allocated: { type: 'integer' },
    adjusted: { type: 'integer' },
    reserved: { type: 'integer' },
    released: { type: 'integer' },
    committed: { type: 'integer' },
    uncommitted: { type: 'integer' },
    spent: { type: 'integer' },
  },
} as const;
export type BudgetMovements = FromSchema<typeof BUDGET_MOVEMENTS>;

/** One program's month. */
export const RECONCILIATION_MONTH = {
  type: 'object',
  additionalProperties: false,
  required: [
    'program_id',
    'program_name',
    'month',
    'approved',
    'payables_created',
    'paid',
    'rejected',
    'paid_by_hand',
    'budget',
    'differences',
  ],
  properties: {
    program_id: { type: 'string' },
    program_name: { type: 'string' },
    /** YYYY-MM (UTC). */
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
    /** Payment approvals (each attempt sent to accounts payment), by the month approved. */
    approved: TALLY,
    /** Of those, the payables the accounts-payment system created. */
    payables_created: TALLY,
    /** Paid by the accounts-payment system, by the month paid. */
    paid: TALLY,
    /** Rejected by the accounts-payment system, by the month decided. */
    rejected: TALLY,
    /** Recorded by hand on the payment task instead of by accounts payment, by the payment date given. */
    paid_by_hand: TALLY,
    /** Null: the program has no budget. */
    budget: { anyOf: [{ type: 'null' }, BUDGET_MOVEMENTS] },
    differences: { type: 'array', items: RECONCILIATION_DIFFERENCE },
  },
} as const;
export type ReconciliationMonth = FromSchema<typeof RECONCILIATION_MONTH>;

/** GET /api/reconciliation (ops): every program's months, newest first; and the ledger check's findings. */
export const RECONCILIATION = {
  type: 'object',
  additionalProperties: false,
  required: ['months', 'ledger_differences'],
  properties: {
    months: { type: 'array', items: RECONCILIATION_MONTH },
    /** `rebate db check-ledger`'s lines: a budget's balance that differs from its jobs' states (none: it agrees). */
    ledger_differences: { type: 'array', items: { type: 'string' } },
  },
} as const;
export type Reconciliation = FromSchema<typeof RECONCILIATION>;

/** The columns of the CSV download, in order (one row per program and month). */
export const RECONCILIATION_CSV_COLUMNS = [
  'program_id',
  'program_name',
  'month',
  'approved_count',
  'approved',
  'payables_created_count',
  'payables_created',
  'paid_count',
  'paid',
  'rejected_count',
  'rejected',
  'paid_by_hand_count',
  'paid_by_hand',
  'budget_allocated',
  'budget_adjusted',
  'budget_reserved',
  'budget_released',
  'budget_committed',
  'budget_uncommitted',
  'budget_spent',
  'differences',
] as const;

export const RECONCILIATION_MESSAGES = {
  bad_month: 'Give the month as YYYY-MM.',
  unknown_program: 'No such program.',
} as const;
