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

import {
  httpClient,
  Malformed,
  nullableText,
  nullableTime,
  oneOf,
  parseJson,
  record,
  text,
  type HttpClientOptions,
} from './http-client.ts';

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
  createPayable(input: {
    idempotency_key: string;
    job_code: string;
    payee: string;
    amount_cents: number;
    invoiced_at: string;
  }): Promise<Payable>;
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

/*
 * IMPLEMENTATION: the adapter over HTTP (the simulator's routes: /api/payables...). Every answer is
 * checked before it is believed (the AP system is an outside party): a body of the wrong shape is
 * `unavailable` with a message saying what was wrong, never a TypeError further on.
 */

/** Largest answer read from the AP system (a payable is well under 1 KiB). */
const MAX_ANSWER_BYTES = 1024 * 1024;

const STATUSES: readonly PayableStatus[] = ['pending', 'approved', 'rejected', 'paid'];

/** A Payable as the contract promises it: fields of the right types, and times and reference present once they
 * happened. */
function payable(value: unknown): Payable {
  const o = record(value, 'payable');
  const amount = o.amount_cents;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    throw new Malformed('payable.amount_cents is not a positive whole number');
  const invoiced = text(o, 'invoiced_at', 'payable');
  const day = /^\d{4}-\d{2}-\d{2}$/.test(invoiced) ? new Date(`${invoiced}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== invoiced)
    throw new Malformed('payable.invoiced_at is not a date YYYY-MM-DD');
  const status = oneOf(o, 'status', STATUSES, 'payable');
  const found: Payable = {
    id: text(o, 'id', 'payable', true),
    idempotency_key: text(o, 'idempotency_key', 'payable', true),
    job_code: text(o, 'job_code', 'payable'),
    payee: text(o, 'payee', 'payable'),
    amount_cents: amount,
    invoiced_at: invoiced,
    status,
    decided_at: nullableTime(o, 'decided_at', 'payable'),
    paid_at: nullableTime(o, 'paid_at', 'payable'),
    payment_reference: nullableText(o, 'payment_reference', 'payable'),
    rejection_reason: nullableText(o, 'rejection_reason', 'payable'),
  };
  if (found.status !== 'pending' && found.decided_at === null)
    throw new Malformed(`payable is ${found.status} without decided_at`);
  if (found.status === 'paid' && (found.paid_at === null || !found.payment_reference))
    throw new Malformed('payable is paid without paid_at and payment_reference');
  return found;
}

/**
 * The adapter talking to an AP system at `baseUrl`. `timeout_ms` bounds each request, body included
 * (default 10 s); `fetch` replaces the global one.
 */
export function httpPayments(baseUrl: string, o: HttpClientOptions = {}): PaymentsAdapter {
  const { answer } = httpClient(baseUrl, o, {
    name: 'AP system',
    max_answer_bytes: MAX_ANSWER_BYTES,
    error: PaymentsError,
  });

  /** The 2xx answer as a Payable (checked by `check` too), or the PaymentsError its status or failure means. */
  const call = (
    method: 'GET' | 'POST',
    target: string,
    check: (found: Payable) => void,
    json?: unknown,
  ): Promise<Payable> =>
    answer(
      method,
      target,
      (body) => {
        const found = payable(parseJson(body));
        check(found);
        return found;
      },
      json,
    );

  return {
    createPayable: ({ idempotency_key, job_code, payee, amount_cents, invoiced_at }) =>
      call(
        'POST',
        '/api/payables',
        (found) => {
          if (found.idempotency_key !== idempotency_key)
            throw new Malformed(`the answer is the payable of key ${found.idempotency_key}, not ${idempotency_key}`);
        },
        { idempotency_key, job_code, payee, amount_cents, invoiced_at },
      ),
    getPayable: (id) =>
      call('GET', `/api/payables/${encodeURIComponent(id)}`, (found) => {
        if (found.id !== id) throw new Malformed(`the answer is payable ${found.id}, not ${id}`);
      }),
  };
}
