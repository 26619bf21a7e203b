/**
 * The simulated AP system over real HTTP, driven through the portal's adapter the way the payment
 * workflow would: create a payable, watch the lazy decision by moving an injected clock (no sleeps),
 * read the payment. Every outcome of the table is run, then the control endpoint, idempotency (also
 * under 50 concurrent creations) and hostile requests, after which the simulator still serves. Last, the
 * CLI starts, answers and stops on SIGTERM.
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpPayments,
  PaymentsError,
  type Payable,
  type PaymentsAdapter,
  type PaymentsErrorCode,
} from '../../server/adapters/payments.ts';
import {
  LATE_FACTOR,
  ORDINARY,
  OUTCOMES,
  outcomeFor,
  PayableStore,
  paymentReference,
  REJECTION_REASON,
} from './payables.ts';
import { startApSimulator } from './server.ts';

const APPROVE_MS = 2000;
const PAY_MS = 1000;
let clock = new Date('2026-03-15T12:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

let sim: { url: string; close(): Promise<void> };
let adapter: PaymentsAdapter;
beforeAll(async () => {
  sim = await startApSimulator({ now: () => clock, approve_after_ms: APPROVE_MS, pay_after_ms: PAY_MS });
  adapter = httpPayments(sim.url, { timeout_ms: 5000 });
});
afterAll(() => sim.close());

let keys = 0;
/** A new payable's input, under a key of its own. */
function input(
  payee = 'Bright Home Energy LLC',
  amount_cents = 125_000,
): Parameters<PaymentsAdapter['createPayable']>[0] {
  keys += 1;
  return {
    idempotency_key: `job-7:payment:${keys}`,
    job_code: 'HR-2026-0007',
    payee,
    amount_cents,
    invoiced_at: '2026-03-10',
  };
}

/** The code a call rejects with. */
async function errorCode(call: Promise<unknown>): Promise<PaymentsErrorCode> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsError);
  return (error as PaymentsError).code;
}

const api = (path: string, init?: RequestInit) => fetch(`${sim.url}${path}`, init);
const postJson = (path: string, body: string) =>
  api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const errorOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const decide = (id: string, body: unknown) =>
  postJson(`/api/payables/${encodeURIComponent(id)}/decision`, JSON.stringify(body));

interface Expected {
  /** approve_after_ms times this before the decision; null: never decided on its own. */
  wait: number | null;
  status?: 'approved' | 'rejected';
}
const EXPECTED: Record<string, Expected> = {
  '': { wait: 1, status: 'approved' },
  '[reject]': { wait: 1, status: 'rejected' },
  '[late]': { wait: LATE_FACTOR, status: 'approved' },
  '[never]': { wait: null },
};

describe('every outcome, end to end', () => {
  it('the expectations cover the whole outcome table', () => {
    expect(Object.keys(EXPECTED).filter(Boolean).sort()).toEqual(Object.keys(OUTCOMES).sort());
  });

  it.each(Object.entries(EXPECTED))('payee marker "%s"', async (marker, expected) => {
    const asked = input(`Bright Home Energy LLC ${marker}`.trim());
    const created = await adapter.createPayable(asked);
    expect(created).toEqual({
      ...asked,
      id: expect.stringMatching(/^pay_[\w-]{16}$/),
      status: 'pending',
      decided_at: null,
      paid_at: null,
      payment_reference: null,
      rejection_reason: null,
    });
    const { id } = created;
    expect(await adapter.getPayable(id)).toEqual(created);

    if (expected.wait === null) {
      tick(APPROVE_MS * LATE_FACTOR * 100);
      expect(await adapter.getPayable(id)).toEqual(created);
      return;
    }
    // The lazy decision: still pending one millisecond before it is due, decided when it is.
    const due = APPROVE_MS * expected.wait;
    tick(due - 1);
    expect((await adapter.getPayable(id)).status).toBe('pending');
    tick(1);
    const decidedAt = clock.toISOString();
    const decided = await adapter.getPayable(id);
    if (expected.status === 'rejected') {
      expect(decided).toEqual({
        ...created,
        status: 'rejected',
        decided_at: decidedAt,
        rejection_reason: REJECTION_REASON,
      });
      tick(APPROVE_MS * 100);
      expect(await adapter.getPayable(id)).toEqual(decided);
      return;
    }
    expect(decided).toEqual({ ...created, status: 'approved', decided_at: decidedAt });
    tick(PAY_MS - 1);
    expect(await adapter.getPayable(id)).toEqual(decided);
    tick(1);
    const paid = await adapter.getPayable(id);
    expect(paid).toEqual({
      ...decided,
      status: 'paid',
      paid_at: clock.toISOString(),
      payment_reference: expect.stringMatching(/^ACH-\d{8}$/),
    });
    expect(paid.payment_reference).toBe(paymentReference(id));
    tick(APPROVE_MS * 100);
    expect(await adapter.getPayable(id)).toEqual(paid);
  });

  it('a decision read long after it was due carries the time it fell due, not the time of reading', async () => {
    const { id } = await adapter.createPayable(input());
    const createdAt = clock.getTime();
    tick(60 * 60_000);
    expect(await adapter.getPayable(id)).toMatchObject({
      status: 'paid',
      decided_at: new Date(createdAt + APPROVE_MS).toISOString(),
      paid_at: new Date(createdAt + APPROVE_MS + PAY_MS).toISOString(),
    });
  });

  it('markers are found anywhere in the payee, in any case; the first of the table wins', () => {
    expect(outcomeFor('Acme [REJECT] Heating')).toBe(OUTCOMES['[reject]']);
    expect(outcomeFor('[Late] Acme')).toBe(OUTCOMES['[late]']);
    expect(outcomeFor('Acme [late] [never]')).toBe(OUTCOMES['[never]']);
    expect(outcomeFor('Acme [never] [reject]')).toBe(OUTCOMES['[reject]']);
    expect(outcomeFor('Acme late reject never')).toBe(ORDINARY);
  });

  it('payment references are ACH- and 8 digits, the same for an id, different between ids', () => {
    expect(paymentReference('pay_a')).toMatch(/^ACH-\d{8}$/);
    expect(paymentReference('pay_a')).toBe(paymentReference('pay_a'));
    expect(new Set(['pay_a', 'pay_b', 'pay_c', 'pay_d'].map(paymentReference)).size).toBe(4);
  });
});

describe('the decision endpoint', () => {
  it('approves a pending payable now; it is paid pay_after_ms later unless paid_after_ms says otherwise', async () => {
    const { id } = await adapter.createPayable(input('Slow Vendor [never]'));
    const res = await decide(id, { outcome: 'approve' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'approved', decided_at: clock.toISOString(), paid_at: null });
    tick(PAY_MS);
    expect(await adapter.getPayable(id)).toMatchObject({
      status: 'paid',
      paid_at: clock.toISOString(),
      payment_reference: paymentReference(id),
    });

    const now = (await adapter.createPayable(input())).id;
    expect(await (await decide(now, { outcome: 'approve', paid_after_ms: 0 })).json()).toMatchObject({
      status: 'paid',
      decided_at: clock.toISOString(),
      paid_at: clock.toISOString(),
    });
    const later = (await adapter.createPayable(input())).id;
    await decide(later, { outcome: 'approve', paid_after_ms: 5 * PAY_MS });
    tick(5 * PAY_MS - 1);
    expect((await adapter.getPayable(later)).status).toBe('approved');
    tick(1);
    expect((await adapter.getPayable(later)).status).toBe('paid');
  });

  it('rejects a pending payable now, with the reason given or the usual one', async () => {
    const { id } = await adapter.createPayable(input());
    expect(await (await decide(id, { outcome: 'reject', reason: '  Duplicate invoice  ' })).json()).toMatchObject({
      status: 'rejected',
      decided_at: clock.toISOString(),
      rejection_reason: 'Duplicate invoice',
    });
    tick(APPROVE_MS * 100);
    expect(await adapter.getPayable(id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Duplicate invoice',
      paid_at: null,
    });
    const other = (await adapter.createPayable(input('Late Vendor [late]'))).id;
    expect(await (await decide(other, { outcome: 'reject' })).json()).toMatchObject({
      status: 'rejected',
      rejection_reason: REJECTION_REASON,
    });
  });

  it('a payable already decided (by the endpoint or on its own) is 409', async () => {
    const { id } = await adapter.createPayable(input());
    await decide(id, { outcome: 'reject' });
    expect(await errorOf(await decide(id, { outcome: 'approve' }))).toEqual({
      status: 409,
      body: { error: 'payable is already rejected' },
    });
    const due = (await adapter.createPayable(input())).id;
    tick(APPROVE_MS);
    expect(await errorOf(await decide(due, { outcome: 'reject' }))).toEqual({
      status: 409,
      body: { error: 'payable is already approved' },
    });
    tick(PAY_MS);
    expect(await errorOf(await decide(due, { outcome: 'reject' }))).toEqual({
      status: 409,
      body: { error: 'payable is already paid' },
    });
    expect((await adapter.getPayable(due)).status).toBe('paid');
  });

  it('bad decisions are 400 and decide nothing; an unknown payable is 404', async () => {
    const { id } = await adapter.createPayable(input('[never]'));
    for (const body of [
      {},
      { outcome: 'approved' },
      { outcome: 'approve', reason: 'x' },
      { outcome: 'reject', paid_after_ms: 0 },
      { outcome: 'reject', reason: '' },
      { outcome: 'reject', reason: 'x'.repeat(501) },
      { outcome: 'approve', paid_after_ms: -1 },
      { outcome: 'approve', paid_after_ms: 1.5 },
      { outcome: 'approve', paid_after_ms: '0' },
      { outcome: 'approve', paid_after_ms: 1e12 },
    ]) {
      expect((await decide(id, body)).status).toBe(400);
    }
    expect((await postJson(`/api/payables/${id}/decision`, 'approve')).status).toBe(400);
    expect((await adapter.getPayable(id)).status).toBe('pending');
    expect(await errorOf(await decide('pay_nope', { outcome: 'approve' }))).toEqual({
      status: 404,
      body: { error: 'unknown payable' },
    });
  });
});

describe('idempotency', () => {
  it('the same key twice is one payable, the first one, whatever the second asks', async () => {
    const first = input();
    const res = await postJson('/api/payables', JSON.stringify(first));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Payable;
    const again = await postJson(
      '/api/payables',
      JSON.stringify({ ...first, amount_cents: 999, payee: 'Someone Else [reject]', job_code: 'HR-OTHER' }),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    expect(await adapter.createPayable({ ...first, amount_cents: 1 })).toEqual(created);
    expect(
      await (await api(`/api/payables?idempotency_key=${encodeURIComponent(first.idempotency_key)}`)).json(),
    ).toEqual({ items: [created] });
    // Answered in its current state, and decided as the first payee said.
    tick(APPROVE_MS);
    expect(await adapter.createPayable(first)).toMatchObject({
      id: created.id,
      status: 'approved',
      amount_cents: 125_000,
    });
  });

  it('50 concurrent creations under one key make one payable', async () => {
    const one = input();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson('/api/payables', JSON.stringify({ ...one, amount_cents: 1000 + i })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(49).fill(200), 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Payable[];
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    const viaAdapter = await Promise.all(Array.from({ length: 50 }, () => adapter.createPayable(one)));
    expect(new Set(viaAdapter.map((p) => p.id))).toEqual(new Set([bodies[0].id]));
    expect(
      (
        (await (await api(`/api/payables?idempotency_key=${encodeURIComponent(one.idempotency_key)}`)).json()) as {
          items: Payable[];
        }
      ).items,
    ).toHaveLength(1);
  });

  it('different keys are different payables; a key nobody used finds none; the key is required', async () => {
    const a = await adapter.createPayable(input());
    const b = await adapter.createPayable(input());
    expect(a.id).not.toBe(b.id);
    expect(await (await api('/api/payables?idempotency_key=never-used')).json()).toEqual({ items: [] });
    expect(await errorOf(await api('/api/payables'))).toEqual({
      status: 400,
      body: { error: 'idempotency_key is required' },
    });
  });

  it('a full store refuses new payables but still answers known keys', () => {
    const store = new PayableStore(() => clock, { approve_after_ms: APPROVE_MS, pay_after_ms: PAY_MS }, 2);
    const [a, b, c] = [input(), input(), input()];
    expect(store.create(a)?.created).toBe(true);
    expect(store.create(b)?.created).toBe(true);
    expect(store.create(c)).toBeUndefined();
    expect(store.create(a)?.created).toBe(false);
  });
});

describe('hostile and mistaken requests', () => {
  const good = () => input();

  it('bad JSON and bad shapes are 400 with an error', async () => {
    expect(await errorOf(await postJson('/api/payables', '{"idempotency_key":'))).toEqual({
      status: 400,
      body: { error: 'body is not valid JSON' },
    });
    expect(await errorOf(await postJson('/api/payables', ''))).toEqual({
      status: 400,
      body: { error: 'body is not valid JSON' },
    });
    for (const body of ['[1,2]', 'null', '"x"', '42'])
      expect(await errorOf(await postJson('/api/payables', body))).toEqual({
        status: 400,
        body: { error: 'body must be a JSON object' },
      });
    for (const field of ['idempotency_key', 'job_code', 'payee', 'amount_cents', 'invoiced_at']) {
      expect((await postJson('/api/payables', JSON.stringify({ ...good(), [field]: undefined }))).status).toBe(400);
      expect((await postJson('/api/payables', JSON.stringify({ ...good(), [field]: null }))).status).toBe(400);
    }
    for (const [field, value] of [
      ['payee', '   '],
      ['payee', 'x'.repeat(201)],
      ['job_code', ''],
      ['idempotency_key', ''],
      ['idempotency_key', 'k'.repeat(201)],
      ['payee', 7],
    ] as const) {
      expect((await postJson('/api/payables', JSON.stringify({ ...good(), [field]: value }))).status).toBe(400);
    }
  });

  it('amounts that are not a whole number of cents from 1 to 100000000 are 400', async () => {
    for (const amount of [-1, 0, 1.5, 0.01, 100_000_001, 1e21, '100', true, [100], { cents: 100 }]) {
      const res = await postJson('/api/payables', JSON.stringify({ ...good(), amount_cents: amount }));
      expect(await errorOf(res)).toEqual({
        status: 400,
        body: { error: 'amount_cents must be a whole number of cents from 1 to 100000000' },
      });
    }
    expect(
      (
        await postJson(
          '/api/payables',
          `{"idempotency_key":"k-nan","job_code":"j","payee":"p","amount_cents":NaN,"invoiced_at":"2026-01-01"}`,
        )
      ).status,
    ).toBe(400);
    expect((await adapter.createPayable({ ...good(), amount_cents: 100_000_000 })).amount_cents).toBe(100_000_000);
    expect(await errorCode(adapter.createPayable({ ...good(), amount_cents: -5 }))).toBe('rejected');
  });

  it('invoice dates that are not a real YYYY-MM-DD are 400', async () => {
    for (const date of [
      '2026-02-30',
      '2026-13-01',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      '05/01/2026',
      'yesterday',
      '',
      20260105,
    ]) {
      const res = await postJson('/api/payables', JSON.stringify({ ...good(), invoiced_at: date }));
      expect(await errorOf(res)).toEqual({ status: 400, body: { error: 'invoiced_at must be a date YYYY-MM-DD' } });
    }
    expect((await adapter.createPayable({ ...good(), invoiced_at: '2024-02-29' })).invoiced_at).toBe('2024-02-29');
  });

  it('a huge body is refused with 413', async () => {
    const huge = JSON.stringify({ ...good(), payee: 'x'.repeat(1024 * 1024) });
    expect(await errorOf(await postJson('/api/payables', huge))).toEqual({
      status: 413,
      body: { error: 'request body over 16384 bytes' },
    });
  });

  it('unknown payables and routes are 404; a wrong method is 405; a malformed path is 400', async () => {
    expect(await errorCode(adapter.getPayable('pay_nope'))).toBe('not_found');
    expect(await errorCode(adapter.getPayable('../health'))).toBe('not_found');
    expect(await errorOf(await api('/api/payables/pay_nope'))).toEqual({
      status: 404,
      body: { error: 'unknown payable' },
    });
    expect(await errorOf(await api('/api/nothing'))).toEqual({ status: 404, body: { error: 'no such route' } });
    expect(await errorOf(await api('/api/payables', { method: 'DELETE' }))).toEqual({
      status: 405,
      body: { error: 'method not allowed' },
    });
    expect(await errorOf(await api('/api/payables/pay_x/decision'))).toEqual({
      status: 405,
      body: { error: 'method not allowed' },
    });
    expect(await errorOf(await api('/api/payables/%E0%A4%A'))).toEqual({
      status: 400,
      body: { error: 'malformed path' },
    });
  });

  it('keeps serving after all of that', async () => {
    expect(await (await api('/api/health')).json()).toEqual({ ok: true });
    const { id } = await adapter.createPayable(good());
    expect((await adapter.getPayable(id)).status).toBe('pending');
  });
});

describe('the CLI', () => {
  it('prints its URL, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/ap/main.ts'], {
      cwd: `${import.meta.dirname}/../..`,
      env: { ...process.env, AP_SIM_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      for await (const chunk of child.stdout) {
        out += String(chunk);
        if (out.includes('\n')) break;
      }
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
      expect(out).toMatch(/^Simulated accounts-payable system on http:\/\/127\.0\.0\.1:\d+\n$/);
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
