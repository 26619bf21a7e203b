/**
 * Rebate payments through the accounts-payment system end to end over HTTP: the portal, its background
 * worker and the simulated AP system (sim/ap) over loopback. Finance approves payment; the payable is
 * created under an idempotency key; the AP system approves (or rejects, or takes its time) and pays; the
 * payment task completes by itself with the amount, the date and the reference. Also: a rejection flags the
 * task and a new approval makes a new payable; the system down then back; a worker killed between "payable
 * created" and "recorded" leaves one payable; finance recording the payment by hand is an override.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { filled, RECO_REBATE, recoJobAtPayment } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { PAYMENT_WORK, paymentHandlers } from '../../server/workflows/payments/payment-work.ts';
import { leaseWork } from '../../server/db/work.db.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { httpPayments } from '../../server/adapters/payments.ts';
import { startApSimulator } from '../../sim/ap/server.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { hashPassword } from '../../server/services/auth.service.ts';

let s: TestServer;
let ap: Awaited<ReturnType<typeof startApSimulator>>;
let worker: Worker;
let clock = new Date('2026-06-01T15:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const APPROVE_MS = 60_000;
const PAY_MS = 30_000;

beforeAll(async () => {
  ap = await startApSimulator({ now: () => clock, approve_after_ms: APPROVE_MS, pay_after_ms: PAY_MS });
  s = await startServer({ config: { ap_url: ap.url }, now: () => clock });
  worker = createWorker(s.deps.db, { handlers: paymentHandlers(s.deps), now: () => clock });
});
afterAll(async () => {
  await s.close();
  await ap.close();
});

/** The rebate ops shared on each job of these tests (payment is bound to it): the rules' amount too. */
const SHARED = RECO_REBATE;

/** A RECO job with every task before payment complete (written as the engine reads them), at stage 5, $3,000 shared. */
const jobAtPayment = (answers: Record<string, Record<string, unknown>> = {}) =>
  recoJobAtPayment(s, { at: clock, answers });

const taskOf = async (jobId: number, taskId: string) =>
  (await s.api('GET', `/api/jobs/${jobId}/tasks/${taskId}`, { as: 'ops' })).body;

async function approve(jobId: number, amount = 275_000) {
  const r = await tryApprove(jobId, amount);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function tryApprove(jobId: number, amount: number, token?: string) {
  const cur = await taskOf(jobId, 'approve_payment');
  return s.api('POST', `/api/jobs/${jobId}/tasks/approve_payment/submit`, {
    as: 'ops',
    body: {
      data: filled('approve_payment', { is_payment_approved: true, payable_amount: amount, invoiced_at: '2026-05-29' }),
      version: cur.version ?? 0,
    },
    ...(token ? { as: undefined, token } : {}),
  });
}

async function historyOf(jobId: number): Promise<{ type: string; detail: Record<string, unknown> | null }[]> {
  const h = await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' });
  expect(h.status).toBe(200);
  return (h.body.items ?? h.body).map((x: { type: string; detail: unknown }) => ({
    type: x.type,
    detail: (typeof x.detail === 'string' ? JSON.parse(x.detail) : x.detail) as Record<string, unknown> | null,
  }));
}
const types = async (jobId: number) => (await historyOf(jobId)).map((x) => x.type);

/** The AP system's payables of a job attempt (asked directly, as an auditor would). */
async function payablesOf(code: string, attempt = 1) {
  const r = await fetch(`${ap.url}/api/payables?idempotency_key=${encodeURIComponent(`rebate-${code}-${attempt}`)}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { items: { id: string; amount_cents: number }[] }).items;
}

/** Moves the clock past the AP system's decision and payment, running the worker's checks as they fall due. */
async function untilDecided(ms = APPROVE_MS + PAY_MS) {
  for (let waited = 0; waited <= ms + 10_000; waited += 5_000) {
    await worker.drain();
    tick(5_000);
  }
  await worker.drain();
}

describe('rebate payments', () => {
  it('approved payment: one payable, approved and paid by the AP system; the payment task completes itself; the job is Complete', async () => {
    const job = await jobAtPayment();
    expect((await taskOf(job.id, 'send_payment')).status).toBe('LOCKED');
    await approve(job.id);
    await worker.drain();
    const [payable] = await payablesOf(job.code);
    expect(payable.amount_cents).toBe(275_000);
    expect((await taskOf(job.id, 'send_payment')).status).not.toBe('COMPLETE'); // pending at the AP system
    // The job says so, for every role, so the page reads it again until the payment is decided.
    for (const as of ['ops', 'contractor_a'] as const)
      expect((await s.api('GET', `/api/jobs/${job.id}`, { as })).body.payment_pending).toBe(true);
    await untilDecided();
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.payment_pending).toBe(false);
    const task = await taskOf(job.id, 'send_payment');
    expect(task.status).toBe('COMPLETE');
    expect(task.data).toMatchObject({ payment_amount: 275_000, payment_sent_date: '2026-06-01' });
    expect(task.data.payment_reference).toMatch(/^ACH-\d{8}$/);
    const h = await types(job.id);
    expect(h).toEqual(expect.arrayContaining(['payable_created', 'payable_approved', 'payment_sent']));
    expect(h).not.toContain('payment_recorded_by_hand');
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.stage.number).toBe(6);
    expect(await payablesOf(job.code)).toHaveLength(1);
  });

  it('rejected: the payment task is flagged with the system’s reason; approving again makes a second payable, which is paid', async () => {
    const job = await jobAtPayment();
    await approve(job.id);
    await worker.drain();
    const [payable] = await payablesOf(job.code);
    const d = await fetch(`${ap.url}/api/payables/${payable.id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'reject', reason: 'Bank details do not match the W-9' }),
    });
    expect(d.status).toBe(200);
    tick(6_000);
    await worker.drain();
    const task = await taskOf(job.id, 'send_payment');
    expect(task.status).not.toBe('COMPLETE');
    expect(task.exceptions.ops).toBe(true);
    expect(task.exception_notes.ops.note).toContain('Bank details do not match the W-9');
    expect((await historyOf(job.id)).find((x) => x.type === 'payment_rejected')?.detail).toMatchObject({
      reason: 'Bank details do not match the W-9',
    });
    // Nothing new until finance approves again.
    await untilDecided();
    expect(await payablesOf(job.code, 2)).toHaveLength(0);
    tick(1_000);
    await approve(job.id, 250_000);
    await untilDecided();
    expect(await payablesOf(job.code, 2)).toEqual([expect.objectContaining({ amount_cents: 250_000 })]);
    expect((await taskOf(job.id, 'send_payment')).status).toBe('COMPLETE');
  });

  it('a late decision: the task waits, pending, as long as the AP system takes', async () => {
    const job = await jobAtPayment();
    await approve(job.id);
    await worker.drain();
    tick(APPROVE_MS / 2);
    await worker.drain();
    expect((await taskOf(job.id, 'send_payment')).status).not.toBe('COMPLETE');
    await untilDecided();
    expect((await taskOf(job.id, 'send_payment')).status).toBe('COMPLETE');
  });

  it('the AP system down: the worker retries with backoff, and one payable is created once it answers', async () => {
    const working = s.deps.adapters.payments;
    s.deps.adapters.payments = httpPayments('http://127.0.0.1:9', { timeout_ms: 2_000 });
    try {
      const job = await jobAtPayment();
      await approve(job.id);
      await worker.drain();
      expect(await payablesOf(job.code)).toHaveLength(0);
      s.deps.adapters.payments = working;
      tick(60_000);
      await untilDecided();
      expect(await payablesOf(job.code)).toHaveLength(1);
      expect((await taskOf(job.id, 'send_payment')).status).toBe('COMPLETE');
    } finally {
      s.deps.adapters.payments = working;
    }
  });

  it('a worker killed between "payable created" and "recorded": the item is taken over and finds the same payable (one payable)', async () => {
    const job = await jobAtPayment();
    await approve(job.id);
    const [held] = await leaseWork(s.deps.db, {
      owner: 'killed-worker',
      now: clock,
      lease_ms: 60_000,
      kinds: [PAYMENT_WORK.create],
    });
    expect(held.kind).toBe(PAYMENT_WORK.create);
    // The dead worker got as far as the AP system: the payable exists there, the portal never recorded it.
    const row = await s.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    await s.deps.adapters.payments.createPayable({
      idempotency_key: row.idempotency_key,
      job_code: job.code,
      payee: 'Company A Heating',
      amount_cents: row.amount_cents,
      invoiced_at: row.invoiced_at,
    });
    expect(await worker.drain()).toBe(0); // still leased
    tick(61_000);
    await untilDecided();
    expect(await payablesOf(job.code)).toHaveLength(1);
    expect((await types(job.id)).filter((t) => t === 'payable_created')).toHaveLength(1);
    expect((await types(job.id)).filter((t) => t === 'payment_sent')).toHaveLength(1);
  });

  it('the rebate display moves initial range -> final amount (the one ops shared, in history) -> payment sent, the same for ops, contractor and homeowner', async () => {
    const job = await jobAtPayment();
    // Reopen the sharing step and the final costs: the job as it was before ops shared the amount.
    const reopen = (taskId: string) =>
      tasksDb.writeTask(
        s.deps.db,
        {
          job_id: job.id,
          task_id: taskId,
          status: null,
          data: null,
          draft: null,
          owner_override: null,
          exceptions: null,
          updated_at: clock.toISOString(),
          updated_by: null,
        },
        1,
      );
    await reopen('determine_and_share_rebate_amount');
    await reopen('confirm_project_final_costs');
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: job.id,
        task_id: 'provide_services',
        status: 'COMPLETE',
        data: { services_being_installed: ['heat_pump'] },
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: clock.toISOString(),
        updated_by: null,
      },
      1,
    );
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: job.id,
        task_id: 'review_deemed_range',
        status: 'COMPLETE',
        data: { deemed_savings_low_kwh: 800, deemed_savings_high_kwh: 2400, estimated_annual_savings_kwh: 1500 },
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: clock.toISOString(),
        updated_by: null,
      },
      1,
    );
    await s.deps.db
      .updateTable('jobs')
      .set({ homeowner_user_id: s.ids.users.homeowner })
      .where('id', '=', job.id)
      .execute();
    await refreshJob(s.deps, job.id);
    const views = async () => {
      const ops = (await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.evaluation.incentive;
      const contractor = (await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' })).body.evaluation.incentive;
      const homeowner = (await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' })).body.evaluation
        .incentive;
      for (const v of [contractor, homeowner])
        expect({ phase: v.phase, range: v.range, final_cents: v.final_cents, payment: v.payment }).toEqual({
          phase: ops.phase,
          range: ops.range,
          final_cents: ops.final_cents,
          payment: ops.payment,
        });
      return ops as {
        phase: string;
        range: { min_cents: number; max_cents: number };
        final_cents: number | null;
        payment?: { amount_cents: number };
      };
    };
    const initial = await views();
    expect(initial.phase).toBe('range');
    expect(initial.range).toEqual({ min_cents: 40_000, max_cents: 120_000 });
    const cur = await taskOf(job.id, 'determine_and_share_rebate_amount');
    const share = (data: Record<string, unknown>) =>
      s.api('POST', `/api/jobs/${job.id}/tasks/determine_and_share_rebate_amount/submit`, {
        as: 'ops',
        body: { data, version: cur.version ?? 0 },
      });
    // Above the estimate's maximum ($1,200.00): ops confirm it with a reason first.
    const refused = await share({ program_final_amount: 275_000 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: 'above_estimate_confirmed',
        message: "The final amount is above the estimate's maximum of $1,200.00. Confirm it and say why.",
      },
    ]);
    expect((await share({ program_final_amount: 275_000, above_estimate_confirmed: true })).status).toBe(422);
    expect((await views()).phase).toBe('range'); // nothing changed
    const shared = await share({
      program_final_amount: 275_000,
      above_estimate_confirmed: true,
      above_estimate_reason: 'Deemed savings revised after the site visit',
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const final = await views();
    expect(final).toMatchObject({ phase: 'final', final_cents: 275_000 });
    expect((await historyOf(job.id)).find((x) => x.type === 'rebate_amount_shared')?.detail).toMatchObject({
      amount_cents: 275_000,
    });
    // The install done (final costs confirmed): still the amount ops shared.
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: job.id,
        task_id: 'confirm_project_final_costs',
        status: 'COMPLETE',
        data: {},
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: clock.toISOString(),
        updated_by: null,
      },
      2,
    );
    await refreshJob(s.deps, job.id);
    expect(await views()).toMatchObject({ phase: 'final', final_cents: 275_000 });
    await approve(job.id);
    await untilDecided();
    const paid = await views();
    expect(paid).toMatchObject({ phase: 'payment_sent', payment: { amount_cents: 275_000 } });
  });

  it('finance records the payment by hand: an override in history; the AP system’s later payment does not complete it twice', async () => {
    const job = await jobAtPayment();
    await approve(job.id);
    await worker.drain();
    const cur = await taskOf(job.id, 'send_payment');
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/send_payment/submit`, {
      as: 'ops',
      body: {
        data: filled('send_payment', {
          payment_amount: 275_000,
          payment_sent_date: '2026-06-01',
          payment_reference: 'CHK-1001',
        }),
        version: cur.version ?? 0,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await historyOf(job.id)).find((x) => x.type === 'payment_recorded_by_hand')?.detail).toMatchObject({
      override: true,
      amount_cents: 275_000,
      paid_on: '2026-06-01',
    });
    await untilDecided();
    const task = await taskOf(job.id, 'send_payment');
    expect(task.data.payment_reference).toBe('CHK-1001');
    const h = await types(job.id);
    expect(h).toContain('payable_paid');
    expect(h).not.toContain('payment_sent');
  });
});

describe('payment bound to the rebate, paying more by four eyes', () => {
  /** A second ops user (the harness's is Olive Ops), signed in. */
  let oscar: string;
  beforeAll(async () => {
    await insertUser(s.deps.db, {
      email: 'oscar@ops.test',
      name: 'Oscar Ops',
      role: 'ops',
      password_hash: hashPassword('second ops password'),
      created_at: clock.toISOString(),
    });
    const r = await s.api('POST', '/api/auth/login', {
      body: { email: 'oscar@ops.test', password: 'second ops password' },
    });
    oscar = r.body.token;
  });
  const ABOVE =
    'The payable $8,000.00 is above the rebate $3,000.00. Pay at most the rebate, or ask a second ops user to approve paying more (Payment override).';
  const REASON = 'County match funds approved by the program manager on 2026-05-28';

  it('the approval opens with the rebate as the payable; one above it is refused under the field, nothing sent', async () => {
    const job = await jobAtPayment();
    expect((await taskOf(job.id, 'approve_payment')).data).toMatchObject({ payable_amount: SHARED });
    const r = await tryApprove(job.id, 800_000);
    expect(r).toMatchObject({
      status: 422,
      body: { detail: ABOVE, errors: [{ path: 'payable_amount', message: ABOVE }] },
    });
    expect((await taskOf(job.id, 'approve_payment')).status).not.toBe('COMPLETE');
    await worker.drain();
    expect(await payablesOf(job.code)).toEqual([]);
    // At the rebate exactly: sent as approved.
    await approve(job.id, SHARED);
    await worker.drain();
    expect((await payablesOf(job.code)).map((p) => p.amount_cents)).toEqual([SHARED]);
  });

  it('asked by one ops user with a reason, approved by a second: the payable is the approved amount; history names both', async () => {
    const job = await jobAtPayment();
    const url = `/api/jobs/${job.id}/payment-override`;
    expect(
      (await s.api('POST', url, { as: 'contractor_a', body: { amount_cents: 800_000, reason: REASON } })).status,
    ).toBe(403);
    expect((await s.api('GET', `/api/jobs/${job.id}/payment`, { as: 'contractor_a' })).status).toBe(403);
    expect(await s.api('POST', url, { as: 'ops', body: { amount_cents: 800_000, reason: '  ' } })).toMatchObject({
      status: 422,
      body: { detail: 'Say why this job should be paid more than its rebate.' },
    });
    expect(await s.api('POST', url, { as: 'ops', body: { amount_cents: SHARED, reason: REASON } })).toMatchObject({
      status: 422,
      body: {
        errors: [
          {
            path: 'amount_cents',
            message: 'Paying up to the rebate ($3,000.00) needs no override: ask only for an amount above it.',
          },
        ],
      },
    });
    const asked = await s.api('POST', url, { as: 'ops', body: { amount_cents: 800_000, reason: REASON } });
    expect(asked).toMatchObject({
      status: 200,
      body: {
        limit_cents: SHARED,
        approved_up_to_cents: null,
        overrides: [
          {
            amount_cents: 800_000,
            limit_cents: SHARED,
            reason: REASON,
            status: 'requested',
            requested_by: 'Olive Ops',
          },
        ],
        abilities: { request: false, decide: false },
      },
    });
    // Asked, not approved: still refused. A second ask waits for the first.
    expect((await tryApprove(job.id, 800_000)).status).toBe(422);
    expect(await s.api('POST', url, { as: 'ops', body: { amount_cents: 900_000, reason: REASON } })).toMatchObject({
      status: 409,
      body: { code: 'payment_override_refused' },
    });
    // The one who asked may not decide.
    expect(await s.api('POST', `${url}/decision`, { as: 'ops', body: { approve: true } })).toMatchObject({
      status: 409,
      body: { detail: 'A second ops user must decide: you asked for this override yourself.' },
    });
    const seenBySecond = await s.api('GET', `/api/jobs/${job.id}/payment`, { token: oscar });
    expect(seenBySecond.body.abilities).toEqual({ request: false, decide: true });
    const decided = await s.api('POST', `${url}/decision`, {
      token: oscar,
      body: { approve: true, note: 'Checked the match letter' },
    });
    expect(decided).toMatchObject({
      status: 200,
      body: {
        approved_up_to_cents: 800_000,
        overrides: [
          {
            status: 'approved',
            requested_by: 'Olive Ops',
            decided_by: 'Oscar Ops',
            decision_note: 'Checked the match letter',
          },
        ],
      },
    });
    expect(await s.api('POST', `${url}/decision`, { token: oscar, body: { approve: true } })).toMatchObject({
      status: 409,
    });

    // Above the approved amount: still refused; at it: sent, and the AP system holds exactly that.
    expect((await tryApprove(job.id, 800_001)).status).toBe(422);
    await approve(job.id, 800_000);
    await worker.drain();
    expect((await payablesOf(job.code)).map((p) => p.amount_cents)).toEqual([800_000]);
    expect(await s.api('POST', url, { as: 'ops', body: { amount_cents: 900_000, reason: REASON } })).toMatchObject({
      status: 409,
      body: { detail: 'This job’s payment is approved or sent already: there is nothing to override.' },
    });

    const h = await historyOf(job.id);
    expect(h.find((x) => x.type === 'payment_override_approved')?.detail).toMatchObject({
      amount_cents: 800_000,
      reason: REASON,
      requested_by: 'Olive Ops',
      decided_by: 'Oscar Ops',
    });
    // The contractor reads that payment was overridden, not who in ops or why.
    const theirs = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'contractor_a' });
    const told = JSON.stringify(theirs.body);
    expect(told).toContain('payment_override_approved');
    expect(told).not.toContain(REASON);
    expect(told).not.toContain('Oscar Ops');
  });

  it('declined by the second ops user: the payable above the rebate is still refused, and a new ask may follow', async () => {
    const job = await jobAtPayment();
    const url = `/api/jobs/${job.id}/payment-override`;
    await s.api('POST', url, { as: 'ops', body: { amount_cents: 800_000, reason: REASON } });
    const declined = await s.api('POST', `${url}/decision`, { token: oscar, body: { approve: false } });
    expect(declined.body).toMatchObject({
      approved_up_to_cents: null,
      overrides: [{ status: 'declined', decided_by: 'Oscar Ops' }],
    });
    expect(declined.body.abilities.request).toBe(true);
    expect((await tryApprove(job.id, 800_000)).body.detail).toBe(ABOVE);
    expect(await s.api('POST', `${url}/decision`, { token: oscar, body: { approve: true } })).toMatchObject({
      status: 409,
      body: { detail: 'No override of this job’s payment is waiting for a decision.' },
    });
  });

  it('final costs that bring the rules below the shared amount: said to ops, payment waits until ops confirm with a reason', async () => {
    // 3,000 kWh a year: the rules say 1,500.00 once the final costs are in; 3,000.00 was shared before.
    const job = await jobAtPayment({ review_deemed_range: { estimated_annual_savings_kwh: 3000 } });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.evaluation.incentive).toMatchObject({
      final_cents: SHARED,
      shared_above_rules: { rules_cents: 150_000, shared_cents: SHARED },
    });
    expect((await taskOf(job.id, 'approve_payment')).data).toMatchObject({ payable_amount: 150_000 });
    const waiting = await tryApprove(job.id, SHARED);
    expect(waiting).toMatchObject({
      status: 422,
      body: {
        errors: [
          {
            path: 'payable_amount',
            message:
              'The rebate is now $1,500.00; $3,000.00 was shared. Share the amount again, or confirm it with a reason, before approving payment.',
          },
        ],
      },
    });
    // Ops confirm the shared amount with a reason: the job stops saying so, and the payment at it is sent.
    const share = await taskOf(job.id, 'determine_and_share_rebate_amount');
    const confirmed = await s.api('POST', `/api/jobs/${job.id}/tasks/determine_and_share_rebate_amount/submit`, {
      as: 'ops',
      body: {
        data: {
          ...filled('determine_and_share_rebate_amount'),
          program_final_amount: SHARED,
          above_estimate_confirmed: true,
          above_estimate_reason: 'Metered savings letter from the utility',
        },
        version: share.version,
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(
      (await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.evaluation.incentive.shared_above_rules,
    ).toBeUndefined();
    await approve(job.id, SHARED);
  });

  it('sharing above the program’s caps is refused, whatever the confirmation (RECO: 75% of the final project cost)', async () => {
    const job = await jobAtPayment({ confirm_project_final_costs: { total_project_cost: 200_000 } });
    const share = await taskOf(job.id, 'determine_and_share_rebate_amount');
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/determine_and_share_rebate_amount/submit`, {
      as: 'ops',
      body: {
        data: {
          ...filled('determine_and_share_rebate_amount'),
          program_final_amount: 150_001,
          above_estimate_confirmed: true,
          above_estimate_reason: 'Asked to',
        },
        version: share.version,
      },
    });
    expect(r).toMatchObject({
      status: 422,
      body: {
        errors: [
          {
            path: 'program_final_amount',
            message: "The final amount may not be above the program's caps for this job ($1,500.00).",
          },
        ],
      },
    });
  });
});
