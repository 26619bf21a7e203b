/**
 * Budgets (issue 41), as JSON Schemas written once: each program's money per territory (allocation, reserved,
 * committed, paid, available), its waitlist in order, its allocation's history, an adjustment with a reason, and what
 * the budget holds for one job.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { NULLABLE_INTEGER, NULLABLE_STRING } from './schema-parts.ts';
import { formatCents } from '../explain.ts';

/** What ops and contractors read about budgets. */
export const BUDGET_MESSAGES = {
  reason_required: 'Say why the allocation changes.',
  zero: 'An adjustment moves the allocation up or down: give an amount other than $0.00.',
  below_held: (most: number) =>
    `The allocation cannot fall below what is reserved, committed and paid: take away at most $${formatCents(most)}.`,
  unknown_territory: (name: string) => `This program has no budget territory '${name}'.`,
  no_budget: 'This program has no budget.',
  above_held: (amount: number, held: number) =>
    `The payable $${formatCents(amount)} is above what the budget holds for this job ($${formatCents(held)}). Pay at most that, or ask a second ops user to approve paying more (Payment override).`,
  budget_short: (amount: number, held: number, available: number) =>
    `The payable $${formatCents(amount)} is above what the budget holds for this job ($${formatCents(held)}) and only $${formatCents(available)} more is available: the budget would be overspent.`,
} as const;

/** One job waiting for money, at its position (1 first). */
export const BUDGET_WAITING = {
  type: 'object',
  additionalProperties: false,
  required: ['position', 'job_id', 'job_code', 'amount_cents', 'queued_at'],
  properties: {
    position: { type: 'integer' },
    job_id: { type: 'integer' },
    job_code: { type: 'string' },
    amount_cents: { type: 'integer' },
    queued_at: { type: 'string' },
  },
} as const;

/** One change of the allocation: from program.yaml (allocate) or by ops with a reason (adjust). */
export const BUDGET_ALLOCATION_CHANGE = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'amount_cents', 'reason', 'by', 'at'],
  properties: {
    kind: { enum: ['allocate', 'adjust'] },
    amount_cents: { type: 'integer' },
    reason: NULLABLE_STRING,
    /** Who adjusted it (null: the program's definition). */
    by: NULLABLE_STRING,
    at: { type: 'string' },
  },
} as const;

/** One budget: a program's money in one territory ('' for the whole program). */
export const BUDGET = {
  type: 'object',
  additionalProperties: false,
  required: [
    'program_id',
    'program_name',
    'per',
    'territory',
    'allocation_cents',
    'reserved_cents',
    'committed_cents',
    'paid_cents',
    'available_cents',
    'hold_days',
    'waitlist',
    'changes',
  ],
  properties: {
    program_id: { type: 'string' },
    program_name: { type: 'string' },
    per: { enum: ['program', 'county', 'electric_utility', 'utility'] },
    territory: { type: 'string' },
    allocation_cents: { type: 'integer' },
    reserved_cents: { type: 'integer' },
    committed_cents: { type: 'integer' },
    paid_cents: { type: 'integer' },
    available_cents: { type: 'integer' },
    hold_days: { type: 'integer' },
    waitlist: { type: 'array', items: BUDGET_WAITING },
    /** Newest first. */
    changes: { type: 'array', items: BUDGET_ALLOCATION_CHANGE },
  },
} as const;
export type Budget = FromSchema<typeof BUDGET>;

/** GET /api/budgets (ops): every program's budgets, by program and territory. */
export const BUDGET_LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['budgets'],
  properties: { budgets: { type: 'array', items: BUDGET } },
} as const;
export type BudgetList = FromSchema<typeof BUDGET_LIST>;

/** POST /api/programs/{program_id}/budget-adjustments: move a territory's allocation up or down, and why. */
export const BUDGET_ADJUSTMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['territory', 'amount_cents', 'reason'],
  properties: {
    /** '' for a program allocated as one pot. */
    territory: { type: 'string', maxLength: 200 },
    amount_cents: { type: 'integer', minimum: -100_000_000_000_00, maximum: 100_000_000_000_00 },
    reason: { type: 'string', maxLength: 2000 },
  },
} as const;
export type BudgetAdjustment = FromSchema<typeof BUDGET_ADJUSTMENT>;

/** What the budget holds for one job (the job detail's `budget`; null when its program has no budget). */
export const JOB_BUDGET = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: [
        'territory',
        'status',
        'reserved_cents',
        'committed_cents',
        'paid_cents',
        'expires_at',
        'waitlist_position',
        'waiting_cents',
      ],
      properties: {
        territory: { type: 'string' },
        /** none: nothing reserved yet (or released); waitlisted: waiting for money at waitlist_position. */
        status: { enum: ['none', 'reserved', 'waitlisted', 'committed', 'paid', 'released'] },
        reserved_cents: { type: 'integer' },
        committed_cents: { type: 'integer' },
        paid_cents: { type: 'integer' },
        /** When the reservation lapses unless payment is approved. */
        expires_at: NULLABLE_STRING,
        waitlist_position: NULLABLE_INTEGER,
        waiting_cents: NULLABLE_INTEGER,
      },
    },
  ],
} as const;
export type JobBudget = FromSchema<typeof JOB_BUDGET>;
