/**
 * The simulated accounts-payable (AP) system: a small HTTP service for the demo and the tests (the
 * portal reaches it through server/adapters/payments.ts). The portal creates a payable under an
 * idempotency key; the payee's name decides what happens to it (payables.ts: OUTCOMES), lazily, as an
 * injectable clock moves, so tests never sleep; a control endpoint lets a test or a demo decide one now.
 * In-memory state.
 *
 * Routes (JSON; 400 {error} for bad input, 404 unknown id, 405 wrong method, 409 already decided, 413 body too large):
 *   GET  /api/health                                   {ok: true}
 *   POST /api/payables {idempotency_key, job_code, payee, amount_cents, invoiced_at}
 *                                                      201 Payable (new), 200 Payable (the key's existing one)
 *   GET  /api/payables?idempotency_key=...             {items: Payable[]} (none or one)
 *   GET  /api/payables/:id                             Payable
 *   POST /api/payables/:id/decision {outcome: 'approve' | 'reject', reason?, paid_after_ms?}   200 Payable
 */

import { HttpError, isDate, readJsonObject, serve, type Handler, type Route } from '../http.ts';
import { PayableStore, type PayableInput, type PayableRecord } from './payables.ts';

/** The largest payable accepted: one million dollars. */
const MAX_AMOUNT_CENTS = 100_000_000;

/** The longest payment delay the control endpoint accepts: a year. */
const MAX_PAID_AFTER_MS = 366 * 86_400_000;

/** A non-empty string of at most `max` characters (trimmed unless `exact`). */
function textField(body: Record<string, unknown>, name: string, max: number, exact = false): string {
  const value = body[name];
  const text = typeof value === 'string' && !exact ? value.trim() : value;
  if (typeof text !== 'string' || !text || text.length > max)
    throw new HttpError(400, `${name} must be a non-empty string of at most ${max} characters`);
  return text;
}

function payableInput(body: Record<string, unknown>): PayableInput {
  const idempotency_key = textField(body, 'idempotency_key', 200, true);
  const job_code = textField(body, 'job_code', 100);
  const payee = textField(body, 'payee', 200);
  const { amount_cents, invoiced_at } = body;
  if (
    typeof amount_cents !== 'number' ||
    !Number.isInteger(amount_cents) ||
    amount_cents <= 0 ||
    amount_cents > MAX_AMOUNT_CENTS
  ) {
    throw new HttpError(400, `amount_cents must be a whole number of cents from 1 to ${MAX_AMOUNT_CENTS}`);
  }
  if (!isDate(invoiced_at)) throw new HttpError(400, 'invoiced_at must be a date YYYY-MM-DD');
  return { idempotency_key, job_code, payee, amount_cents, invoiced_at };
}

export async function startApSimulator(
  o: { port?: number; host?: string; now?: () => Date; approve_after_ms?: number; pay_after_ms?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const now = o.now ?? (() => new Date());
  const store = new PayableStore(now, {
    approve_after_ms: o.approve_after_ms ?? 2000,
    pay_after_ms: o.pay_after_ms ?? 1000,
  });

  function found(id: string): PayableRecord {
    const record = store.get(id);
    if (!record) throw new HttpError(404, 'unknown payable');
    return record;
  }

  const createPayable: Handler = async (req) => {
    const result = store.create(payableInput(await readJsonObject(req)));
    if (!result) throw new HttpError(503, 'the simulated AP system holds as many payables as it can');
    return { status: result.created ? 201 : 200, json: store.view(result.record) };
  };

  const findPayables: Handler = (_req, _params, query) => {
    const key = query.get('idempotency_key');
    if (!key) throw new HttpError(400, 'idempotency_key is required');
    const record = store.byIdempotencyKey(key);
    return { status: 200, json: { items: record ? [store.view(record)] : [] } };
  };

  const decide: Handler = async (req, [id]) => {
    const record = found(id);
    const body = await readJsonObject(req);
    const { outcome, paid_after_ms } = body;
    if (outcome !== 'approve' && outcome !== 'reject')
      throw new HttpError(400, "outcome must be 'approve' or 'reject'");
    if (outcome === 'approve' && body.reason !== undefined) throw new HttpError(400, 'reason is for a rejection only');
    if (outcome === 'reject' && paid_after_ms !== undefined)
      throw new HttpError(400, 'paid_after_ms is for an approval only');
    if (
      paid_after_ms !== undefined &&
      (typeof paid_after_ms !== 'number' ||
        !Number.isInteger(paid_after_ms) ||
        paid_after_ms < 0 ||
        paid_after_ms > MAX_PAID_AFTER_MS)
    ) {
      throw new HttpError(400, `paid_after_ms must be a whole number of milliseconds from 0 to ${MAX_PAID_AFTER_MS}`);
    }
    const reason = body.reason === undefined ? undefined : textField(body, 'reason', 500);
    const decided = store.decide(
      record,
      outcome === 'approve' ? { status: 'approved', paid_after_ms } : { status: 'rejected', reason },
    );
    if (!decided) throw new HttpError(409, `payable is already ${store.status(record)}`);
    return { status: 200, json: store.view(record) };
  };

  const routes: Route[] = [
    ['GET', /^\/api\/health$/, () => ({ status: 200, json: { ok: true } })],
    ['POST', /^\/api\/payables$/, createPayable],
    ['GET', /^\/api\/payables$/, findPayables],
    ['GET', /^\/api\/payables\/([^/]+)$/, (_req, [id]) => ({ status: 200, json: store.view(found(id)) })],
    ['POST', /^\/api\/payables\/([^/]+)\/decision$/, decide],
  ];

  return serve(routes, { port: o.port, host: o.host });
}
