/**
 * A rebate paid through the accounts-payment system, watched in the browser: finance approves payment of a
 * RECO job and ops open it; the worker creates the payable, the simulated AP system approves and pays it,
 * the payment task completes itself, and the page shows "Payment sent" with the amount without another
 * reload (it reads the job again while a payable waits). Screenshots of the page before and after.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import { submitTask } from '../../server/services/tasks.service.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { filled } from '../api/fixtures.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** Waits for the worker, the AP system's decision and the page's polling on a CI machine of two cores. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;

beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
});

describe('rebate payment', () => {
  it('finance approves payment; the AP system approves and pays; the job shows "Payment sent" without a reload', async () => {
    const ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
    const contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    const created = (await createJob(p.deps, ops, {
      first_name: 'Paula', last_name: 'Ramapo', email: `paula.${Date.now()}@example.com`, phone_number: '201-555-0177', address: '12 Ramapo Valley Rd', city: 'Mahwah', county: 'Bergen', state: 'NJ', zip: '07430',
      lat: 41.08, lon: -74.14, electric_utility: 'Rockland Electric Company', gas_utility: 'Public Service Electric and Gas', program_id: 'reco', contractor_id: contractor.contractor_id,
    } as Parameters<typeof createJob>[2])) as unknown as { id: number };
    // Every task before payment done (as the engine reads them), the final amount shared by ops.
    const program = p.deps.defs.programs.reco;
    const at = new Date().toISOString();
    for (const t of program.tasks) {
      if (t.id === 'approve_payment' || t.id === 'send_payment') continue;
      const data = t.id === 'determine_and_share_rebate_amount' ? { program_final_amount: 180_000 } : t.id === 'provide_services' ? { services_being_installed: ['heat_pump'] } : {};
      const cur = await tasksDb.getTask(p.deps.db, created.id, t.id);
      await tasksDb.writeTask(p.deps.db, { job_id: created.id, task_id: t.id, status: 'COMPLETE', data, draft: null, owner_override: null, exceptions: null, updated_at: at, updated_by: null }, cur?.version ?? 0);
    }
    await refreshJob(p.deps, created.id);

    const page = await p.signedIn(OPS, `/${created.id}`);
    await expect.poll(async () => (await page.textContent('body'))?.includes('Final rebate amount'), SLOW).toBe(true);
    expect(await page.textContent('body')).toContain('$1,800.00');
    await p.shot(page, 'payment-final-amount');

    // Finance approves payment (the task's submission, as the form sends it); ops open the job right after.
    await submitTask(p.deps, ops, (await getJob(p.deps.db, created.id))!, 'approve_payment', { data: filled('approve_payment', { is_payment_approved: true, payable_amount: 180_000, invoiced_at: at.slice(0, 10) }), version: 0 });
    await page.reload();
    await expect.poll(async () => (await page.textContent('body'))?.includes('$1,800.00'), SLOW).toBe(true);

    // The worker and the AP system do their part...
    const history = async () => (await p.deps.db.selectFrom('history').select(['type', 'detail']).where('job_id', '=', created.id).execute()).map((h) => `${h.type} ${h.detail ?? ''}`).join('\n');
    await expect.poll(async () => (await tasksDb.getTask(p.deps.db, created.id, 'send_payment'))?.status, { ...SLOW, message: await history() }).toBe('COMPLETE');
    // ...and the page, never reloaded, follows until the payment is sent.
    await expect.poll(async () => (await page.textContent('body'))?.includes('Payment sent on'), SLOW).toBe(true);
    expect(await page.textContent('body')).toContain('$1,800.00');
    await p.shot(page, 'payment-sent');
    const task = await tasksDb.getTask(p.deps.db, created.id, 'send_payment');
    expect(task?.status).toBe('COMPLETE');
    expect((task?.data as Record<string, unknown>).payment_reference).toMatch(/^ACH-\d{8}$/);
  });
});
