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

/*
 * IMPLEMENTATION: the adapter over HTTP (the simulator's routes: /api/payables...). Every answer is
 * checked before it is believed (the AP system is an outside party): a body of the wrong shape is
 * `unavailable` with a message saying what was wrong, never a TypeError further on.
 */

/** Largest answer read from the AP system (a payable is well under 1 KiB). */
const MAX_ANSWER_BYTES = 1024 * 1024;

const STATUSES: readonly PayableStatus[] = ['pending', 'approved', 'rejected', 'paid'];

/** An AP answer that is not what the contract promises. */
class Malformed extends Error {}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Malformed(`${where} is not an object`);
  return value as Record<string, unknown>;
}

function text(o: Record<string, unknown>, key: string, nonEmpty = false): string {
  const v = o[key];
  if (typeof v !== 'string' || (nonEmpty && !v)) throw new Malformed(`payable.${key} is not a${nonEmpty ? ' non-empty' : ''} string`);
  return v;
}

function nullableText(o: Record<string, unknown>, key: string): string | null {
  return o[key] === null ? null : text(o, key);
}

function nullableTime(o: Record<string, unknown>, key: string): string | null {
  const v = nullableText(o, key);
  if (v !== null && Number.isNaN(Date.parse(v))) throw new Malformed(`payable.${key} is not a time`);
  return v;
}

/** A Payable as the contract promises it: fields of the right types, and times and reference present once they happened. */
function payable(value: unknown): Payable {
  const o = record(value, 'payable');
  const amount = o.amount_cents;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new Malformed('payable.amount_cents is not a positive whole number');
  const invoiced = text(o, 'invoiced_at');
  const day = /^\d{4}-\d{2}-\d{2}$/.test(invoiced) ? new Date(`${invoiced}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== invoiced) throw new Malformed('payable.invoiced_at is not a date YYYY-MM-DD');
  const status = o.status;
  if (!STATUSES.includes(status as PayableStatus)) throw new Malformed(`payable.status is not one of ${STATUSES.join(', ')}`);
  const found: Payable = {
    id: text(o, 'id', true),
    idempotency_key: text(o, 'idempotency_key', true),
    job_code: text(o, 'job_code'),
    payee: text(o, 'payee'),
    amount_cents: amount,
    invoiced_at: invoiced,
    status: status as PayableStatus,
    decided_at: nullableTime(o, 'decided_at'),
    paid_at: nullableTime(o, 'paid_at'),
    payment_reference: nullableText(o, 'payment_reference'),
    rejection_reason: nullableText(o, 'rejection_reason'),
  };
  if (found.status !== 'pending' && found.decided_at === null) throw new Malformed(`payable is ${found.status} without decided_at`);
  if (found.status === 'paid' && (found.paid_at === null || !found.payment_reference)) throw new Malformed('payable is paid without paid_at and payment_reference');
  return found;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Malformed('the body is not JSON');
  }
}

/** The answer body as text, refusing more than MAX_ANSWER_BYTES. */
async function readAnswer(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + decoder.decode();
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Malformed(`the answer is over ${MAX_ANSWER_BYTES} bytes`);
    }
    out += decoder.decode(value, { stream: true });
  }
}

/** The AP system's own error text from a JSON {error} body, if any, shortened. */
function apError(body: string): string {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    return typeof error === 'string' ? `: ${error.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/**
 * The adapter talking to an AP system at `baseUrl`. `timeout_ms` bounds each request, body included
 * (default 10 s); `fetch` replaces the global one.
 */
export function httpPayments(baseUrl: string, o: { timeout_ms?: number; fetch?: typeof fetch } = {}): PaymentsAdapter {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = o.timeout_ms ?? 10_000;
  const send = o.fetch ?? ((input, init) => fetch(input, init));

  /** The 2xx answer as a Payable (checked by `check` too), or the PaymentsError its status or failure means. */
  async function call(method: 'GET' | 'POST', target: string, check: (found: Payable) => void, json?: unknown): Promise<Payable> {
    const what = `${method} ${target}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let body: string;
    try {
      res = await send(base + target, {
        method,
        signal,
        headers: { accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      body = await readAnswer(res);
    } catch (error) {
      if (error instanceof Malformed) throw new PaymentsError('unavailable', `AP system: ${what}: ${error.message}`);
      const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : `unreachable (${error instanceof Error ? error.message : String(error)})`;
      throw new PaymentsError('unavailable', `AP system: ${what}: ${reason}`);
    }
    if (res.status < 200 || res.status >= 300) {
      const message = `AP system: ${what} answered ${res.status}${apError(body)}`;
      if (res.status === 404) throw new PaymentsError('not_found', message);
      if (res.status >= 400 && res.status < 500) throw new PaymentsError('rejected', message);
      throw new PaymentsError('unavailable', message);
    }
    try {
      const found = payable(parseJson(body));
      check(found);
      return found;
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      throw new PaymentsError('unavailable', `AP system: ${what} answered malformed data: ${error.message}`);
    }
  }

  return {
    createPayable: ({ idempotency_key, job_code, payee, amount_cents, invoiced_at }) =>
      call('POST', '/api/payables', (found) => {
        if (found.idempotency_key !== idempotency_key) throw new Malformed(`the answer is the payable of key ${found.idempotency_key}, not ${idempotency_key}`);
      }, { idempotency_key, job_code, payee, amount_cents, invoiced_at }),
    getPayable: (id) =>
      call('GET', `/api/payables/${encodeURIComponent(id)}`, (found) => {
        if (found.id !== id) throw new Malformed(`the answer is payable ${found.id}, not ${id}`);
      }),
  };
}
