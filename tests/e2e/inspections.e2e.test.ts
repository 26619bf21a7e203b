/**
 * Inspections in the browser (issue 43): ops open the inspection queue, narrow it to what is not assigned, and assign
 * a job's field inspection to the demo inspector; the inspector signs in on a phone (390 px), lands on their day (not
 * a jobs list), sees that visit with the homeowner to call, and records it failed with what they found: their card
 * says so, and the job's page tells ops payment approval waits on the corrective action. Screenshots at each step;
 * axe finds nothing critical or serious; nothing is wider than the phone.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, recoJobAtPayment, sideScroll, SLOW, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { setStanding } from '../../server/workflows/quality/quality.service.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
const INSPECTOR = 'inspector@demo.rebates.test';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
});

describe('inspections', () => {
  it('ops assign an inspection; the inspector records it on a phone; the job waits on its corrective action', async () => {
    const ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
    const contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    // On probation, every job of the company is sampled for both reviews.
    await setStanding(p.deps, ops, contractor.contractor_id!, {
      program_id: 'reco',
      standing: 'probation',
      reason: 'Two failed inspections last month',
    });
    const job = await recoJobAtPayment(p.deps, ops, contractor.contractor_id!);
    const key = `${job.id}:field_inspection`;
    const findings: string[] = [];

    // Ops: the queue, narrowed to what nobody holds yet; the job's field inspection goes to Iris.
    const opsPage = await p.signedIn(OPS, '/inspections?state=unassigned');
    const card = opsPage.locator(`[data-inspection="${key}"]`);
    await card.waitFor({ timeout: SLOW.timeout });
    expect(await card.textContent()).toContain('Not assigned');
    await card.getByLabel('Inspector').selectOption({ label: 'Iris Inspector' });
    // Assigned, it leaves the unassigned list (the list reads again after the change).
    await expect.poll(() => card.count(), SLOW).toBe(0);
    await opsPage.getByLabel('State').selectOption({ label: 'To inspect' });
    await expect.poll(() => card.count(), SLOW).toBe(1);
    expect(await card.textContent()).toContain('To inspect');
    await p.shot(opsPage, 'inspections-ops-queue');
    findings.push(...(await axeFindings(opsPage, 'ops: the inspection queue')));

    // The inspector, on a phone: '/' is their day; the visit with whom to call; they fail it with what they found.
    const phone = await p.signedIn(INSPECTOR, '/', 390);
    await expect.poll(() => new URL(phone.url()).pathname, SLOW).toBe('/inspections');
    const visit = phone.locator(`[data-inspection="${key}"]`);
    await visit.waitFor({ timeout: SLOW.timeout });
    expect(await visit.textContent()).toMatch(/Homeowner.*Paula Ramapo/);
    expect(await phone.getByRole('button', { name: 'Search', exact: true }).count()).toBe(0);
    expect(await phone.getByRole('link', { name: 'Jobs', exact: true }).count()).toBe(0);
    expect(await sideScroll(phone)).toBe(0);
    await p.shot(phone, 'inspections-inspector-day');
    findings.push(...(await axeFindings(phone, 'inspector: their day at 390 px')));
    // Failing needs what was found.
    const failed = visit.getByRole('button', { name: 'Failed' });
    expect(await failed.isDisabled()).toBe(true);
    await visit.getByLabel('What you found').fill('Condensate line not trapped');
    await failed.click();
    await expect.poll(() => visit.textContent(), SLOW).toContain('Condensate line not trapped');
    expect(await visit.textContent()).toContain('Failed');
    await p.shot(phone, 'inspections-inspector-recorded');
    findings.push(...(await axeFindings(phone, 'inspector: recorded at 390 px')));

    // Ops, on the job: payment approval waits on the corrective action the failure opened.
    await opsPage.goto(`/${job.id}`);
    const hold = opsPage.locator('.job-quality .quality-hold');
    await hold.waitFor({ timeout: SLOW.timeout });
    expect(await hold.textContent()).toMatch(/the field inspection failed/);
    expect(findings).toEqual([]);
  });
});
