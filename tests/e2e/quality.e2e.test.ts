/**
 * Quality assurance in the browser (issue 43): a company on probation in RECO has every job sampled; ops record a
 * failed field inspection on the job page with what was found, and the page says payment approval waits; the
 * contractor answers the corrective action on a phone (390 px) with the job's photo; ops, without a reload, see the
 * answer, ask for a re-inspection and record it passed: the action closes and payment approval waits no more.
 * Screenshots at each step; axe finds nothing critical or serious.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, recoJobAtPayment, SLOW, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { setStanding } from '../../server/workflows/quality/quality.service.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
});

describe('quality assurance', () => {
  it('ops fail an inspection; the contractor answers on a phone; a passing re-inspection releases payment approval', async () => {
    const ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
    const contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    await setStanding(p.deps, ops, contractor.contractor_id!, {
      program_id: 'reco',
      standing: 'probation',
      reason: 'Two failed inspections last month',
    });
    const job = await recoJobAtPayment(p.deps, ops, contractor.contractor_id!);
    const findings: string[] = [];

    // Ops: the job's quality panel, both reviews sampled because of the probation.
    const opsPage = await p.signedIn(OPS, `/${job.id}`);
    const panel = opsPage.locator('.job-quality');
    await panel.waitFor({ timeout: SLOW.timeout });
    const field = panel.locator('[data-review="field_inspection"]');
    expect(await field.textContent()).toContain('the contractor is on probation');
    await field.getByRole('button', { name: 'Failed…' }).click();
    await field.getByLabel('What was found?').fill('Line set not insulated outdoors');
    await field.getByRole('button', { name: 'Record failed' }).click();
    const hold = panel.locator('.quality-hold');
    await expect.poll(() => hold.count(), SLOW).toBe(1);
    expect(await hold.textContent()).toMatch(
      /^Payment approval waits on quality assurance: the field inspection failed and its corrective action waits on the contractor’s answer, due [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    expect(await field.locator('.quality-action').getAttribute('data-action-state')).toBe('open');
    await p.shot(opsPage, 'quality-ops-failed');
    findings.push(...(await axeFindings(opsPage, 'ops: inspection failed')));

    // The contractor, on a phone: the corrective action, answered.
    const phone = await p.signedIn(CONTRACTOR, `/${job.id}`, 390);
    const action = phone.locator('.job-quality [data-review="field_inspection"] .quality-action');
    await action.waitFor({ timeout: SLOW.timeout });
    expect(await action.textContent()).toContain('Found: Line set not insulated outdoors');
    await action.getByLabel('What was corrected?').fill('Insulated the line set with UV-rated wrap');
    await action.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => action.getAttribute('data-action-state'), SLOW).toBe('answered');
    const scrolls = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
    await p.shot(phone, 'quality-contractor-answered', false);
    findings.push(...(await axeFindings(phone, 'contractor: answered at 390 px')));

    // Ops, without a reload: the answer; a re-inspection, then passed.
    const opsAction = field.locator('.quality-action');
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('answered');
    expect(await opsAction.textContent()).toContain('Answer: Insulated the line set with UV-rated wrap');
    await opsAction.getByRole('button', { name: 'Ask for a re-inspection' }).click();
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('reinspection');
    await field.getByRole('button', { name: 'Passed' }).click();
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('closed');
    expect(await hold.count()).toBe(0);
    expect(await opsAction.textContent()).toContain('Passed on re-inspection');
    await p.shot(opsPage, 'quality-ops-closed');
    findings.push(...(await axeFindings(opsPage, 'ops: action closed')));
    expect(findings).toEqual([]);
  });
});
