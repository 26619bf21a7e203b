/**
 * A rebate paid through the accounts-payment system, watched in the browser: finance signs in, opens a RECO
 * job and approves payment in the approve_payment task form; the worker creates the payable, the simulated
 * AP system approves and pays it, the payment task completes itself, and the page shows "Payment sent" with
 * the amount without a reload (the change feed tells the page the job changed). Screenshots of the page
 * before, of the filled form, and after.
 *
 * Finance owns approve_payment in the RECO definition, but finance is a task owner, not a sign-in role
 * (engine/constants.ts: USER_ROLES are ops, contractor and homeowner) and ops answer any task
 * (server/services/access.ts): an ops user does finance's part, through the same form.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePaymentInForm, recoJobAtPayment, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** Waits for the worker, the AP system's decision and the page's refresh on a CI machine of two cores. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;

beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
});

describe('rebate payment', () => {
  it('finance approves payment in the form; the AP system approves and pays; the job shows "Payment sent" without a reload', async () => {
    const ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
    const contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    const created = await recoJobAtPayment(p.deps, ops, contractor.contractor_id!);

    // Finance signs in with the sign-in form and opens the job.
    const page = await (await p.context()).newPage();
    await page.goto(`/${created.id}`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(OPS);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === `/${created.id}`);
    await expect.poll(async () => (await page.textContent('body'))?.includes('Final rebate amount'), SLOW).toBe(true);
    expect(await page.textContent('body')).toContain('$1,800.00');
    await p.shot(page, 'payment-final-amount');

    // Approve payment, in its task form: the amount payable, the invoice date, approved.
    const invoiced = await approvePaymentInForm(page, '1,800.00', () => p.shot(page, 'payment-approve-form', false));
    const drawer = page.locator('.bp6-drawer');
    await expect
      .poll(async () => (await tasksDb.getTask(p.deps.db, created.id, 'approve_payment'))?.status, SLOW)
      .toBe('COMPLETE');
    expect((await tasksDb.getTask(p.deps.db, created.id, 'approve_payment'))?.data).toMatchObject({
      is_payment_approved: true,
      payable_amount: 180_000,
      invoiced_at: invoiced,
    });
    await expect.poll(() => drawer.count()).toBe(0);

    // The worker and the AP system do their part...
    const history = async () =>
      (await p.deps.db.selectFrom('history').select(['type', 'detail']).where('job_id', '=', created.id).execute())
        .map((h) => `${h.type} ${h.detail ?? ''}`)
        .join('\n');
    await expect
      .poll(async () => (await tasksDb.getTask(p.deps.db, created.id, 'send_payment'))?.status, {
        ...SLOW,
        message: await history(),
      })
      .toBe('COMPLETE');
    // ...and the page, never reloaded, follows until the payment is sent.
    // The rebate card names the amount, the payee and the day.
    await expect
      .poll(async () => /Payment sent \$1,800\.00 to .+ on/.test((await page.textContent('body')) ?? ''), SLOW)
      .toBe(true);
    expect(await page.textContent('body')).toContain('$1,800.00');
    // Back at the top (opening the task scrolled to it), so the full-page shot has the sticky header where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await p.shot(page, 'payment-sent');
    const task = await tasksDb.getTask(p.deps.db, created.id, 'send_payment');
    expect(task?.status).toBe('COMPLETE');
    expect((task?.data as Record<string, unknown>).payment_reference).toMatch(/^ACH-\d{8}$/);
  });
});
