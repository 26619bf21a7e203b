/**
 * Reconciliation (issue 41) over HTTP with the accounts-payment simulator and the worker: per program and month, the
 * approvals, payables created, paid, rejected and paid by hand add up to what happened; the budget's movements are the
 * ledger's; a job paid other than its rebate, recorded by hand while a payable waits, or paid both ways is named; the
 * CSV download carries the same figures; a bad filter is a 400 and changes nothing.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { filled, RECO_REBATE, recoJobAtPayment } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { paymentHandlers } from '../../server/workflows/payments/payment-work.ts';
import { startApSimulator } from '../../sim/ap/server.ts';
import type { Reconciliation, ReconciliationMonth } from '../../engine/api/reconciliation.ts';

let s: TestServer;
let ap: Awaited<ReturnType<typeof startApSimulator>>;
let worker: Worker;
let clock = new Date('2026-06-10T15:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const APPROVE_MS = 60_000;
const PAY_MS = 30_000;

beforeAll(async () => {
  ap = await startApSimulator({ now: () => clock, approve_after_ms: APPROVE_MS, pay_after_ms: PAY_MS });
  s = await startServer({ config: { ap_url: ap.url }, now: () => clock });
  worker = createWorker(s.deps.db, { handlers: paymentHandlers(s.deps), now: () => clock });
});
afterAll(async () => {
  await s?.close();
  await ap?.close();
});

const REBATE = RECO_REBATE;

/** A RECO job with every task before payment complete: payment approval is next. */
const jobAtPayment = () => recoJobAtPayment(s, { at: clock });

const taskOf = async (jobId: number, taskId: string) =>
  (await s.api('GET', `/api/jobs/${jobId}/tasks/${taskId}`, { as: 'ops' })).body;

async function submitAsOps(jobId: number, taskId: string, data: Record<string, unknown>) {
  const cur = await taskOf(jobId, taskId);
  const r = await s.api('POST', `/api/jobs/${jobId}/tasks/${taskId}/submit`, {
    as: 'ops',
    body: { data: filled(taskId, data), version: cur.version ?? 0 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
const approve = (jobId: number, amount: number) =>
  submitAsOps(jobId, 'approve_payment', {
    is_payment_approved: true,
    payable_amount: amount,
    invoiced_at: '2026-06-09',
  });

async function settle() {
  for (let waited = 0; waited <= APPROVE_MS + PAY_MS + 10_000; waited += 5_000) {
    await worker.drain();
    tick(5_000);
  }
  await worker.drain();
}

async function payableOf(code: string) {
  const r = await fetch(`${ap.url}/api/payables?idempotency_key=${encodeURIComponent(`rebate-${code}-1`)}`);
  return ((await r.json()) as { items: { id: string }[] }).items[0];
}

const june = async (): Promise<ReconciliationMonth> => {
  const r = await s.api('GET', '/api/reconciliation?program_id=reco&month=2026-06', { as: 'ops' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const body = r.body as Reconciliation;
  expect(body.months.map((m) => `${m.program_id} ${m.month}`)).toEqual(['reco 2026-06']);
  return body.months[0];
};

describe('reconciliation', () => {
  it('adds up approvals, payables, payments, rejections, payments by hand and budget movements; names the differences', async () => {
    // Paid the rebate through accounts payment: no difference.
    const paid = await jobAtPayment();
    await approve(paid.id, REBATE);
    // Paid less than the rebate.
    const less = await jobAtPayment();
    await approve(less.id, 250_000);
    // Rejected by accounts payment.
    const rejected = await jobAtPayment();
    await approve(rejected.id, REBATE);
    await worker.drain();
    const payable = await payableOf(rejected.code);
    const d = await fetch(`${ap.url}/api/payables/${payable.id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'reject', reason: 'Bank details do not match the W-9' }),
    });
    expect(d.status).toBe(200);
    // Recorded by hand while its payable waits at accounts payment, which pays it later too.
    const twice = await jobAtPayment();
    await approve(twice.id, REBATE);
    await worker.drain();
    await submitAsOps(twice.id, 'send_payment', {
      payment_amount: REBATE,
      payment_sent_date: '2026-06-10',
      payment_reference: 'CHK-1',
    });
    const waitingAtHand = await june();
    expect(waitingAtHand.differences).toContainEqual(
      expect.objectContaining({ job_code: twice.code, kind: 'paid_by_hand_with_payable', actual_cents: REBATE }),
    );
    await settle();

    const m = await june();
    expect(m.program_name).toBe(s.deps.defs.programs.reco.name);
    expect(m.approved).toEqual({ count: 4, cents: 3 * REBATE + 250_000 });
    expect(m.payables_created).toEqual({ count: 4, cents: 3 * REBATE + 250_000 });
    expect(m.rejected).toEqual({ count: 1, cents: REBATE });
    expect(m.paid).toEqual({ count: 3, cents: 2 * REBATE + 250_000 });
    expect(m.paid_by_hand).toEqual({ count: 1, cents: REBATE });
    expect(m.differences).toEqual([
      expect.objectContaining({
        job_code: less.code,
        kind: 'paid_other_than_rebate',
        expected_cents: REBATE,
        actual_cents: 250_000,
        message: 'Paid $2,500.00 through accounts payment; the rebate is $3,000.00.',
      }),
      expect.objectContaining({
        job_code: twice.code,
        kind: 'paid_twice',
        actual_cents: 2 * REBATE,
        message: 'Paid $3,000.00 through accounts payment and $3,000.00 recorded by hand.',
      }),
    ]);
    // The budget's movements are the ledger's own sums for the month.
    const entries = await s.deps.db
      .selectFrom('budget_entries')
      .innerJoin('budgets', 'budgets.id', 'budget_entries.budget_id')
      .select(['budget_entries.kind', 'budget_entries.amount_cents'])
      .where('budgets.program_id', '=', 'reco')
      .execute();
    const sum = (k: string) => entries.filter((e) => e.kind === k).reduce((a, e) => a + Number(e.amount_cents), 0);
    expect(m.budget).toEqual({
      allocated: sum('allocate'),
      adjusted: sum('adjust'),
      reserved: sum('reserve'),
      released: sum('release'),
      committed: sum('commit'),
      uncommitted: sum('uncommit'),
      spent: sum('spend'),
    });
    expect(m.budget!.reserved).toBeGreaterThan(0);
    expect(m.budget!.spent).toBeGreaterThan(0);

    // The CSV carries the same row.
    const csv = await s.api<string>('GET', '/api/reconciliation.csv?program_id=reco', { as: 'ops' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="reconciliation\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'program_id,program_name,month,approved_count,approved,payables_created_count,payables_created,paid_count,paid,' +
        'rejected_count,rejected,paid_by_hand_count,paid_by_hand,budget_allocated,budget_adjusted,budget_reserved,' +
        'budget_released,budget_committed,budget_uncommitted,budget_spent,differences',
    );
    const row = lines.find((l) => l.startsWith('reco,'))!;
    expect(row).toContain(',2026-06,4,11500.00,4,11500.00,3,8500.00,1,3000.00,1,3000.00,');
    expect(row).toContain(`${less.code}: Paid $2,500.00 through accounts payment; the rebate is $3,000.00.`);

    // A rebate not final yet is only a ceiling: paying under the top of the range is no difference, above it is.
    const unfinal = (max: number) =>
      s.deps.db
        .updateTable('jobs')
        .set({ rebate_final_cents: null, rebate_max_cents: max })
        .where('id', '=', less.id)
        .execute();
    await unfinal(400_000);
    expect((await june()).differences.filter((x) => x.job_code === less.code)).toEqual([]);
    await unfinal(200_000);
    expect((await june()).differences.filter((x) => x.job_code === less.code)).toEqual([
      expect.objectContaining({
        kind: 'paid_other_than_rebate',
        message: 'Paid $2,500.00 through accounts payment; the rebate is at most $2,000.00 (not final yet).',
      }),
    ]);
  });

  it('shows the ledger check: money the ledger holds that no job accounts for is a line naming the budget', async () => {
    expect((await s.api('GET', '/api/reconciliation', { as: 'ops' })).body.ledger_differences).toEqual([]);
    const budget = await s.deps.db
      .selectFrom('budgets')
      .select(['id', 'territory'])
      .where('program_id', '=', 'reco')
      .executeTakeFirstOrThrow();
    await s.deps.db
      .insertInto('budget_entries')
      .values({
        budget_id: budget.id,
        job_id: null,
        kind: 'reserve',
        amount_cents: 5_000,
        reason: 'behind the portal',
        user_id: null,
        expires_at: null,
        at: clock.toISOString(),
      })
      .execute();
    const r = await s.api('GET', '/api/reconciliation', { as: 'ops' });
    const name = `reco${budget.territory ? ` ${budget.territory}` : ''}`;
    expect(r.body.ledger_differences).toContainEqual(
      expect.stringMatching(new RegExp(`^${name}: reserved .*its jobs' sum`)),
    );
  });

  it('narrows to a program and a month; a bad filter is a 400 with a plain message', async () => {
    const none = await s.api('GET', '/api/reconciliation?month=2025-01', { as: 'ops' });
    expect(none.status).toBe(200);
    expect(none.body.months).toEqual([]);
    const bad = await s.api('GET', '/api/reconciliation?month=2026-13', { as: 'ops' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Give the month as YYYY-MM.');
    const unknown = await s.api('GET', '/api/reconciliation.csv?program_id=nope', { as: 'ops' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('No such program.');
    for (const as of ['contractor_a', 'homeowner'] as const)
      expect((await s.api('GET', '/api/reconciliation', { as })).status).toBe(403);
  });
});
