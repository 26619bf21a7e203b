/**
 * Budgets over HTTP (issue 41), on SQLite and on PostgreSQL: a submitted job reserves its estimate's maximum; once the
 * budget is spent the next jobs wait in line in order; a cancel promotes the first (mail to its contractor), an
 * expiry on the worker promotes the next; ops see every balance and adjust an allocation with a reason; payment
 * approval commits and payment sent spends; a payable above what the budget holds is refused. Every balance is the
 * sum of the ledger's entries.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { filled } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { budgetHandlers } from '../../server/workflows/budget/budget-work.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { balancesOf } from '../../server/workflows/budget/ledger.ts';
import type { Budget } from '../../engine/api/budgets.ts';

let s: TestServer;
let worker: Worker;
let clock = new Date('2026-06-01T15:00:00.000Z');
const DAY = 86_400_000;
let n = 0;

beforeAll(async () => {
  s = await startServer({ now: () => clock });
  worker = createWorker(s.deps.db, { handlers: budgetHandlers(s.deps), now: () => clock });
});
afterAll(() => s.close());

/** What the written tasks hold: a heat pump with deemed savings of 4,000 to 8,000 kWh (RECO: 0.50 a kWh). */
const ANSWERS: Record<string, Record<string, unknown>> = {
  provide_services: { services_being_installed: ['heat_pump'] },
  review_deemed_range: {
    deemed_savings_low_kwh: 4000,
    deemed_savings_high_kwh: 8000,
    estimated_annual_savings_kwh: 6000,
  },
  confirm_project_final_costs: { total_project_cost: 1_000_000 },
  determine_and_share_rebate_amount: { program_final_amount: 300_000 },
};

/** A RECO job with every task before payment approval complete, evaluated (submitted: it reserves or waits). */
async function submittedJob() {
  n += 1;
  const r = await s.api('POST', '/api/jobs', {
    as: 'ops',
    body: {
      first_name: 'Bea',
      last_name: `Budget${n}`,
      email: `bea${n}@home.test`,
      address: `${n} Franklin Tpke`,
      city: 'Mahwah',
      county: 'Bergen',
      state: 'NJ',
      zip: '07430',
      lat: 41.08,
      lon: -74.14,
      electric_utility: 'Rockland Electric Company',
      program_id: 'reco',
      contractor_id: s.ids.contractor_a,
    },
  });
  expect(r.status).toBe(201);
  const job = r.body as { id: number; code: string };
  const program = s.deps.defs.programs.reco;
  for (const t of program.tasks) {
    if (t.id === 'approve_payment' || t.id === program.incentives.payment!.task) continue;
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: job.id,
        task_id: t.id,
        status: 'COMPLETE',
        data: ANSWERS[t.id] ?? {},
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: clock.toISOString(),
        updated_by: null,
      },
      0,
    );
  }
  await refreshJob(s.deps, job.id);
  return job;
}

const detail = async (jobId: number) => (await s.api('GET', `/api/jobs/${jobId}`, { as: 'ops' })).body;
const jobBudget = async (jobId: number) => (await detail(jobId)).budget;
async function recoBudget(): Promise<Budget> {
  const r = await s.api('GET', '/api/budgets', { as: 'ops' });
  expect(r.status).toBe(200);
  return (r.body.budgets as Budget[]).find((b) => b.program_id === 'reco')!;
}
const adjust = (body: Record<string, unknown>, as: 'ops' | 'contractor_a' = 'ops') =>
  s.api('POST', '/api/programs/reco/budget-adjustments', { as, body });
const historyTypes = async (jobId: number) =>
  ((await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' })).body.items as { type: string }[]).map(
    (x) => x.type,
  );
const mailsTo = (to: string) => s.deps.db.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();

/** Every budget's balances recomputed from its raw entries equal what the API shows, and none is overspent. */
async function ledgerAgrees() {
  const rows = await s.deps.db.selectFrom('budget_entries').selectAll().execute();
  for (const b of (await s.api('GET', '/api/budgets', { as: 'ops' })).body.budgets as Budget[]) {
    const id = (await s.deps.db
      .selectFrom('budgets')
      .select('id')
      .where('program_id', '=', b.program_id)
      .where('territory', '=', b.territory)
      .executeTakeFirst())!.id;
    const sums: Record<string, number> = {};
    for (const e of rows.filter((x) => x.budget_id === id)) sums[e.kind] = (sums[e.kind] ?? 0) + Number(e.amount_cents);
    const { allocation_cents, reserved_cents, committed_cents, paid_cents, available_cents } = b;
    expect({ allocation_cents, reserved_cents, committed_cents, paid_cents, available_cents }).toEqual(
      balancesOf(sums),
    );
    expect(available_cents).toBeGreaterThanOrEqual(0);
  }
}

describe('budgets', () => {
  let first: { id: number; code: string };
  let reservation = 0;

  it('a submitted job reserves its estimate’s maximum for the hold; ops see the program’s budget and the job its expiry', async () => {
    const before = await recoBudget();
    expect(before.allocation_cents).toBe(200_000_000);
    expect(before.changes).toEqual([
      expect.objectContaining({ kind: 'allocate', amount_cents: 200_000_000, by: null }),
    ]);
    first = await submittedJob();
    const d = await detail(first.id);
    reservation = d.evaluation.incentive.range.max_cents;
    expect(reservation).toBeGreaterThan(0);
    expect(d.budget).toEqual({
      territory: '',
      status: 'reserved',
      reserved_cents: reservation,
      committed_cents: 0,
      paid_cents: 0,
      expires_at: new Date(clock.getTime() + 180 * DAY).toISOString(),
      waitlist_position: null,
      waiting_cents: null,
    });
    const after = await recoBudget();
    expect(after.reserved_cents).toBe(reservation);
    expect(after.available_cents).toBe(200_000_000 - reservation);
    expect(await historyTypes(first.id)).toContain('budget_reserved');
    await ledgerAgrees();
  });

  it('an adjustment needs a reason, an amount other than zero, a territory the budget has, and ops; never below what is held', async () => {
    const r1 = await adjust({ territory: '', amount_cents: -1000, reason: '  ' });
    expect(r1.status).toBe(422);
    expect(r1.body.errors).toEqual([{ path: 'reason', message: expect.any(String) }]);
    const r2 = await adjust({ territory: '', amount_cents: 0, reason: 'none' });
    expect(r2.status).toBe(422);
    expect(r2.body.errors[0].message).toBe(
      'An adjustment moves the allocation up or down: give an amount other than $0.00.',
    );
    const r3 = await adjust({ territory: 'Bergen', amount_cents: 100, reason: 'a county' });
    expect(r3.status).toBe(422);
    expect(r3.body.errors[0].message).toBe("This program has no budget territory 'Bergen'.");
    const available = (await recoBudget()).available_cents;
    const r4 = await adjust({ territory: '', amount_cents: -(available + 1), reason: 'too much' });
    expect(r4.status).toBe(422);
    expect(r4.body.errors[0].message).toContain('take away at most $');
    expect((await adjust({ territory: '', amount_cents: -100, reason: 'contractor' }, 'contractor_a')).status).toBe(
      403,
    );
    expect(
      (
        await s.api('POST', '/api/programs/nope/budget-adjustments', {
          as: 'ops',
          body: { territory: '', amount_cents: 1, reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await recoBudget()).available_cents).toBe(available);
  });

  it('once the budget is spent the next jobs wait in line, in order, with their positions', async () => {
    const available = (await recoBudget()).available_cents;
    const r = await adjust({ territory: '', amount_cents: -available, reason: 'State cut the program year’s funds' });
    expect(r.status).toBe(200);
    expect(r.body.available_cents).toBe(0);
    expect(r.body.changes[0]).toMatchObject({
      kind: 'adjust',
      amount_cents: -available,
      reason: 'State cut the program year’s funds',
      by: expect.any(String),
    });
    const second = await submittedJob();
    const third = await submittedJob();
    expect(await jobBudget(second.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 1, reserved_cents: 0 });
    expect(await jobBudget(third.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    const b = await recoBudget();
    expect(b.waitlist.map((w) => [w.position, w.job_code])).toEqual([
      [1, second.code],
      [2, third.code],
    ]);
    expect(await historyTypes(second.id)).toContain('budget_waitlisted');
    await ledgerAgrees();

    // A cancel gives the first job's money back: the first in line takes it, and its contractor is told.
    const before = (await mailsTo('office@company-a.test')).length;
    expect(
      (await s.api('PATCH', `/api/jobs/${first.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } })).status,
    ).toBe(200);
    expect(await jobBudget(first.id)).toMatchObject({ status: 'released', reserved_cents: 0 });
    expect(await jobBudget(second.id)).toMatchObject({
      status: 'reserved',
      reserved_cents: reservation,
      waitlist_position: null,
    });
    expect(await jobBudget(third.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(await historyTypes(second.id)).toContain('budget_promoted');
    const mails = await mailsTo('office@company-a.test');
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Funds reserved for ${second.code}: it left the waitlist`);
    await ledgerAgrees();

    // The second job's hold runs out on the worker: its money goes to the third, whose contractor is told.
    const now = clock;
    clock = new Date(now.getTime() + 181 * DAY);
    await worker.drain();
    clock = new Date(now.getTime() + 60_000); // back: the test's sign-ins last a day
    expect(await jobBudget(second.id)).toMatchObject({ status: 'released', reserved_cents: 0 });
    expect(await historyTypes(second.id)).toContain('budget_reservation_expired');
    expect(await jobBudget(third.id)).toMatchObject({ status: 'reserved', reserved_cents: reservation });
    expect((await mailsTo('office@company-a.test')).at(-1)!.subject).toBe(
      `Funds reserved for ${third.code}: it left the waitlist`,
    );
    // An expired reservation does not come back by itself on the next evaluation.
    await refreshJob(s.deps, second.id);
    expect(await jobBudget(second.id)).toMatchObject({ status: 'released' });
    expect((await recoBudget()).waitlist).toEqual([]);
    await ledgerAgrees();
  });

  it('payment approval commits the reservation; a waiting job’s approval is refused until money is reserved for it', async () => {
    const job = await submittedJob();
    expect(await jobBudget(job.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    const approve = async (amount: number) => {
      const cur = (await s.api('GET', `/api/jobs/${job.id}/tasks/approve_payment`, { as: 'ops' })).body;
      const data = filled('approve_payment', {
        is_payment_approved: true,
        payable_amount: amount,
        invoiced_at: '2026-05-29',
      });
      return s.api('POST', `/api/jobs/${job.id}/tasks/approve_payment/submit`, {
        as: 'ops',
        body: { data, version: cur.version ?? 0 },
      });
    };
    const refused = await approve(275_000);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: 'payable_amount',
        message:
          'The payable $2,750.00 is above what the budget holds for this job ($0.00). Pay at most that, or ask a second ops user to approve paying more (Payment override).',
      },
    ]);
    expect(await jobBudget(job.id)).toMatchObject({ status: 'waitlisted' });
    // Money comes in: the waiting job is promoted, and the approval commits its reservation.
    const r = await adjust({ territory: '', amount_cents: 10 * reservation, reason: 'Second tranche' });
    expect(r.status).toBe(200);
    expect(await jobBudget(job.id)).toMatchObject({ status: 'reserved', reserved_cents: reservation });
    const ok = await approve(275_000);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await jobBudget(job.id)).toMatchObject({ status: 'committed', reserved_cents: 0, committed_cents: 275_000 });
    expect(await historyTypes(job.id)).toContain('budget_committed');
    expect((await recoBudget()).committed_cents).toBe(275_000);
    await ledgerAgrees();
  });
});
