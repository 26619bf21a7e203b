/**
 * The HTTP payments adapter against a tiny local AP system that misbehaves on request: each status maps
 * to its error code, malformed or inconsistent answers are `unavailable` (never a TypeError), a hang ends
 * at the time-out, and what is sent is exactly the contract's input.
 */

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpPayments, PaymentsError, type Payable, type PaymentsErrorCode } from './payments.ts';

const PAYABLE: Payable = {
  id: 'ok',
  idempotency_key: 'job-7:payment',
  job_code: 'HR-2026-0007',
  payee: 'Bright Home Energy LLC',
  amount_cents: 125_000,
  invoiced_at: '2026-03-10',
  status: 'paid',
  decided_at: '2026-03-12T09:00:00.000Z',
  paid_at: '2026-03-13T09:00:00.000Z',
  payment_reference: 'ACH-12345678',
  rejection_reason: null,
};
const INPUT = {
  idempotency_key: 'job-7:payment',
  job_code: 'HR-2026-0007',
  payee: 'Bright Home Energy LLC',
  amount_cents: 125_000,
  invoiced_at: '2026-03-10',
};

/** Answers by payable id, beyond `eNNN` (that status with an {error}). */
const ANSWERS: Record<string, unknown> = {
  ok: PAYABLE,
  pending: { ...PAYABLE, id: 'pending', status: 'pending', decided_at: null, paid_at: null, payment_reference: null },
  rejected: {
    ...PAYABLE,
    id: 'rejected',
    status: 'rejected',
    paid_at: null,
    payment_reference: null,
    rejection_reason: 'W-9 missing',
  },
  'wrong-status': { ...PAYABLE, id: 'wrong-status', status: 'sleeping' },
  'float-amount': { ...PAYABLE, id: 'float-amount', amount_cents: 12.5 },
  'string-amount': { ...PAYABLE, id: 'string-amount', amount_cents: '125000' },
  'bad-date': { ...PAYABLE, id: 'bad-date', invoiced_at: '2026-02-30' },
  'bad-time': { ...PAYABLE, id: 'bad-time', paid_at: 'soon' },
  'no-reference': { ...PAYABLE, id: 'no-reference', payment_reference: null },
  'undecided-approval': {
    ...PAYABLE,
    id: 'undecided-approval',
    status: 'approved',
    decided_at: null,
    paid_at: null,
    payment_reference: null,
  },
  'missing-field': { ...PAYABLE, id: 'missing-field', rejection_reason: undefined },
  'other-id': PAYABLE,
  'a list': [PAYABLE],
};

const hanging: ServerResponse[] = [];
const requests: { method: string; url: string; body: string; type: string | undefined; accept: string | undefined }[] =
  [];
let base = '';
let closed = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body,
      type: req.headers['content-type'],
      accept: req.headers.accept,
    });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/api/payables') {
      const { idempotency_key } = JSON.parse(body) as { idempotency_key: string };
      const status = /^e(\d{3})$/.exec(idempotency_key)?.[1];
      if (status) return json(Number(status), { error: `AP says ${status}` });
      if (idempotency_key === 'other-key') return json(200, PAYABLE);
      return json(201, {
        ...PAYABLE,
        idempotency_key,
        status: 'pending',
        decided_at: null,
        paid_at: null,
        payment_reference: null,
      });
    }
    const id = decodeURIComponent((req.url ?? '').split('/')[3] ?? '');
    const status = /^e(\d{3})$/.exec(id)?.[1];
    if (status) return json(Number(status), { error: `AP says ${status}` });
    switch (id) {
      case 'not-json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "not-json", ');
      case 'html-error':
        return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      case 'huge':
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...PAYABLE, id: 'huge', payee: 'x'.repeat(2 * 1024 * 1024) }));
      case 'hang':
        return void hanging.push(res);
      case 'slow-body':
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"id":');
        return void hanging.push(res);
      default:
        return Object.hasOwn(ANSWERS, id) ? json(200, ANSWERS[id]) : json(404, { error: 'unknown payable' });
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: take one, then let it go.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
});

/** The PaymentsError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<{ code: PaymentsErrorCode; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsError);
  const { code, message } = error as PaymentsError;
  return { code, message };
}

describe('httpPayments: answers the contract promises', () => {
  it('creates a payable, posting exactly the contract input as JSON', async () => {
    const adapter = httpPayments(`${base}/`);
    expect(await adapter.createPayable({ ...INPUT, extra: 'not sent' } as typeof INPUT)).toEqual({
      ...PAYABLE,
      status: 'pending',
      decided_at: null,
      paid_at: null,
      payment_reference: null,
    });
    const sent = requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/api/payables',
      type: 'application/json',
      accept: 'application/json',
    });
    expect(JSON.parse(sent?.body ?? '')).toEqual(INPUT);
  });

  it('reads payables in each state, field by field', async () => {
    const adapter = httpPayments(base);
    expect(await adapter.getPayable('ok')).toEqual(PAYABLE);
    expect(await adapter.getPayable('pending')).toEqual(ANSWERS.pending);
    expect(await adapter.getPayable('rejected')).toEqual(ANSWERS.rejected);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/payables/rejected' });
  });

  it('escapes ids in the path', async () => {
    await failure(httpPayments(base).getPayable('../../api/health?x=1'));
    expect(requests.at(-1)?.url).toBe('/api/payables/..%2F..%2Fapi%2Fhealth%3Fx%3D1');
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const adapter = httpPayments('https://ap.invalid', {
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ ...PAYABLE, id: 'x' }), { status: 200 });
      },
    });
    expect((await adapter.getPayable('x')).id).toBe('x');
    expect(seen).toEqual(['https://ap.invalid/api/payables/x']);
  });
});

describe('httpPayments: errors', () => {
  it.each([
    ['e500', 'unavailable'],
    ['e503', 'unavailable'],
    ['e404', 'not_found'],
    ['e400', 'rejected'],
    ['e409', 'rejected'],
    ['e422', 'rejected'],
  ] as const)("status of %s means %s, with the AP system's words", async (id, code) => {
    expect(await failure(httpPayments(base).getPayable(id))).toEqual({
      code,
      message: `AP system: GET /api/payables/${id} answered ${id.slice(1)}: AP says ${id.slice(1)}`,
    });
    expect((await failure(httpPayments(base).createPayable({ ...INPUT, idempotency_key: id }))).code).toBe(code);
  });

  it('an error page that is not JSON keeps its status', async () => {
    expect(await failure(httpPayments(base).getPayable('html-error'))).toEqual({
      code: 'unavailable',
      message: 'AP system: GET /api/payables/html-error answered 502',
    });
  });

  it.each([
    ['not-json', 'the body is not JSON'],
    ['a list', 'payable is not an object'],
    ['wrong-status', 'payable.status is not one of pending, approved, rejected, paid'],
    ['float-amount', 'payable.amount_cents is not a positive whole number'],
    ['string-amount', 'payable.amount_cents is not a positive whole number'],
    ['bad-date', 'payable.invoiced_at is not a date YYYY-MM-DD'],
    ['bad-time', 'payable.paid_at is not a time'],
    ['missing-field', 'payable.rejection_reason is not a string'],
    ['no-reference', 'payable is paid without paid_at and payment_reference'],
    ['undecided-approval', 'payable is approved without decided_at'],
    ['other-id', 'the answer is payable ok, not other-id'],
    ['huge', 'the answer is over 1048576 bytes'],
  ])('an answer that is %s is unavailable', async (id, words) => {
    const { code, message } = await failure(httpPayments(base).getPayable(id));
    expect(code).toBe('unavailable');
    expect(message).toContain(`AP system: GET /api/payables/${encodeURIComponent(id)}`);
    expect(message).toContain(words);
  });

  it("a creation answered with another key's payable is unavailable", async () => {
    expect(await failure(httpPayments(base).createPayable({ ...INPUT, idempotency_key: 'other-key' }))).toEqual({
      code: 'unavailable',
      message:
        'AP system: POST /api/payables answered malformed data: the answer is the payable of key job-7:payment, not other-key',
    });
  });

  it('an AP system that does not answer in time is unavailable', async () => {
    const adapter = httpPayments(base, { timeout_ms: 100 });
    expect(await failure(adapter.getPayable('hang'))).toEqual({
      code: 'unavailable',
      message: 'AP system: GET /api/payables/hang: no answer within 100 ms',
    });
    expect(await failure(adapter.getPayable('slow-body'))).toEqual({
      code: 'unavailable',
      message: 'AP system: GET /api/payables/slow-body: no answer within 100 ms',
    });
  });

  it('an AP system nobody listens for is unavailable', async () => {
    const { code, message } = await failure(httpPayments(closed).createPayable(INPUT));
    expect(code).toBe('unavailable');
    expect(message).toContain('AP system: POST /api/payables: unreachable');
  });

  it('a fetch that throws something odd is unavailable, not a crash', async () => {
    const adapter = httpPayments('https://ap.invalid', { fetch: () => Promise.reject('boom') });
    expect(await failure(adapter.getPayable('x'))).toEqual({
      code: 'unavailable',
      message: 'AP system: GET /api/payables/x: unreachable (boom)',
    });
  });
});
