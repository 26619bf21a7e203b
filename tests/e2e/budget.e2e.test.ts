/**
 * Budgets in the browser (issue 41): ops open the Budgets page and see RECO's budget with a job waiting in line once
 * the money is reserved; another job is canceled (its reservation released) and, without a reload, the page shows
 * the waiting job promoted (the line empties, the money reserved for it), and that job's page shows its reservation.
 * Screenshots before and after.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import { cancelJob } from '../../server/services/job-actions.service.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import * as jobsDb from '../../server/db/jobs.db.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { adjustBudget, listBudgets } from '../../server/workflows/budget/budgets.service.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** The page reads the budgets every 3 s; a 2-core CI machine is slow. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
});

/** The answers that give the job a rebate range: a heat pump with deemed savings of 4,000 to 8,000 kWh. */
const ANSWERS: Record<string, Record<string, unknown>> = {
  provide_services: { services_being_installed: ['heat_pump'] },
  review_deemed_range: {
    deemed_savings_low_kwh: 4000,
    deemed_savings_high_kwh: 8000,
    estimated_annual_savings_kwh: 6000,
  },
};

/** A RECO job with every task before payment approval done: submitted, so it reserves or waits. */
async function submittedJob(ops: AuthUser, contractorId: number, last: string) {
  const created = (await createJob(p.deps, ops, {
    first_name: 'Wanda',
    last_name: last,
    email: `wanda.${last.toLowerCase()}.${Date.now()}@example.com`,
    phone_number: '201-555-0188',
    address: `${last.length} Waitlist Rd`,
    city: 'Mahwah',
    county: 'Bergen',
    state: 'NJ',
    zip: '07430',
    lat: 41.08,
    lon: -74.14,
    electric_utility: 'Rockland Electric Company',
    program_id: 'reco',
    contractor_id: contractorId,
  } as Parameters<typeof createJob>[2])) as unknown as { id: number; code: string };
  const at = new Date().toISOString();
  for (const t of p.deps.defs.programs.reco.tasks) {
    if (t.id === 'approve_payment' || t.id === 'send_payment') continue;
    const data = ANSWERS[t.id] ?? {};
    const cur = await tasksDb.getTask(p.deps.db, created.id, t.id);
    await tasksDb.writeTask(
      p.deps.db,
      {
        job_id: created.id,
        task_id: t.id,
        status: 'COMPLETE',
        data,
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: at,
        updated_by: null,
      },
      cur?.version ?? 0,
    );
  }
  await refreshJob(p.deps, created.id);
  return (await jobsDb.getJob(p.deps.db, created.id))!;
}

describe('budgets', () => {
  it('ops see a job waitlisted; another is canceled and the first is promoted without a reload', async () => {
    const ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
    const contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    const holder = await submittedJob(ops, contractor.contractor_id!, 'Holder');
    // The state cuts the program year's funds to what is reserved: the next job waits.
    const reco = (await listBudgets(p.deps, ops)).budgets.find((b) => b.program_id === 'reco')!;
    await adjustBudget(p.deps, ops, 'reco', {
      territory: '',
      amount_cents: -reco.available_cents,
      reason: 'Program year funds cut',
    });
    const waiting = await submittedJob(ops, contractor.contractor_id!, 'Waiting');
    expect((await jobsDb.getJob(p.deps.db, holder.id))!.rebate_max_cents).toBeGreaterThan(0);

    const page = await p.signedIn(OPS, '/budgets');
    const row = page.locator('tr[data-budget="reco:"]');
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain(waiting.code);
    expect(await row.locator('.budget-waitlist li[data-position="1"]').textContent()).toContain(waiting.code);
    expect(await row.textContent()).toContain('Program year funds cut');
    await p.shot(page, 'budget-waitlisted');

    await cancelJob(p.deps, ops, holder, { reason: 'mistake' });
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain('Nobody waits');
    await p.shot(page, 'budget-promoted');

    await page.goto(`/${waiting.id}`);
    await expect
      .poll(async () => (await page.locator('[data-budget-status]').getAttribute('data-budget-status')) ?? '', SLOW)
      .toBe('reserved');
    expect(await page.locator('.job-budget').textContent()).toMatch(/reserved until/);
  });
});
