/**
 * Quality assurance in the browser (issue 43): a company on probation in RECO has every job sampled; ops record its
 * field inspection from the job page as its checklists (the line set failed, with what was found), and the job page
 * says payment approval waits; the
 * contractor answers the corrective action on a phone (390 px) with the job's photo; ops, without a reload, see the
 * answer, ask for a re-inspection and record it passed: the action closes and payment approval waits no more; ops
 * approve it, the accounts-payment system pays, and the page says the payment was sent.
 * Screenshots at each step; axe finds nothing critical or serious.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answerCorrectiveAction,
  approvePaymentInForm,
  expectPaid,
  axeFindings,
  checkItem,
  recoJobAtPayment,
  SLOW,
  startPortal,
  type Portal,
} from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { setStanding } from '../../server/workflows/quality/quality.service.ts';
import { upload } from '../../server/services/attachments.service.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { demoPng } from '../../server/seed/demo-files.ts';

/** A photo the contractor uploads for a task's field, through the attachments service (as the upload route does). */
async function uploadFile(deps: Portal['deps'], user: AuthUser, jobId: number, task_id: string, field: string) {
  const job = (await getJob(deps.db, jobId))!;
  await upload(deps, user, job, { task_id, field, filename: 'outdoor-unit.png', bytes: demoPng(200) });
}

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';

/**
 * Fills a RECO field inspection's checklists on its page (every job's and the heat pump's), every item passed but, with
 * `fail`, the heat pump's line set, whose finding goes where the general checklist asks what was found; records it.
 */
async function recordChecklists(page: Page, o: { fail?: string }) {
  await page.locator('[data-checklist="qa_field_inspection"]').waitFor({ timeout: SLOW.timeout });
  await page.locator('#task_qa_field_inspection_visited_on').fill(new Date().toISOString().slice(0, 10));
  await page.locator('label:has(input[name="task_qa_field_inspection_homeowner_present"][value="no"])').click();
  for (const f of ['equipment_matches_invoice', 'workmanship', 'site_left_clean', 'safety'])
    await checkItem(page, 'qa_field_inspection', f, 0);
  for (const f of ['outdoor_unit_placement', 'condensate_drain', 'thermostat_lockouts'])
    await checkItem(page, 'qa_heat_pump', f, 0);
  await checkItem(page, 'qa_heat_pump', 'line_set_insulated', o.fail ? 2 : 0);
  if (o.fail) await page.locator('#task_qa_field_inspection_findings').fill(o.fail);
  await page.locator('#task_qa_heat_pump_supply_air_temperature_degrees').fill('104');
  await page.locator('#task_qa_heat_pump_return_air_temperature_degrees').fill('68');
  await page.getByRole('button', { name: 'Record the review' }).click();
}

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
    const contractorUser = contractor as unknown as AuthUser;
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
    // The desk review's page puts the job's files beside its checklist (here a photo the contractor uploaded).
    await uploadFile(p.deps, contractorUser, job.id, 'photos_of_installed_measures', 'heat_pump_outdoor_unit_photos');
    await panel.locator('[data-review="desk_review"]').getByRole('link', { name: 'Record the review…' }).click();
    const evidence = opsPage.locator('.inspection-evidence');
    await evidence.waitFor({ timeout: SLOW.timeout });
    await expect.poll(() => evidence.textContent(), SLOW).toMatch(/Photos of installed measures.*outdoor-unit\.png/);
    await p.shot(opsPage, 'quality-ops-desk-review');
    findings.push(...(await axeFindings(opsPage, 'ops: the desk review with the job’s files')));
    await opsPage.goBack();
    await panel.waitFor({ timeout: SLOW.timeout });
    // Recorded on its page, as its checklists: the line set fails, with what was found; back to the job.
    await field.getByRole('link', { name: 'Record the review…' }).click();
    await recordChecklists(opsPage, { fail: 'Line set not insulated outdoors' });
    await expect.poll(() => new URL(opsPage.url()).pathname, SLOW).toBe(`/${job.id}`);
    const hold = panel.locator('.quality-hold');
    await expect.poll(() => hold.count(), SLOW).toBe(1);
    expect(await hold.textContent()).toMatch(
      /^Payment approval waits on quality assurance: the field inspection failed and its corrective action waits on the contractor’s answer, due [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    expect(await field.locator('.quality-action').getAttribute('data-action-state')).toBe('open');
    await p.shot(opsPage, 'quality-ops-failed');
    findings.push(...(await axeFindings(opsPage, 'ops: inspection failed')));

    // The contractor, on a phone: the corrective action, answered.
    const { phone } = await answerCorrectiveAction(p, CONTRACTOR, job.id, {
      found: 'Line set not insulated outdoors',
      corrected: 'Insulated the line set with UV-rated wrap',
    });
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
    await field.getByRole('link', { name: 'Record the re-inspection…' }).click();
    await recordChecklists(opsPage, {});
    await expect.poll(() => new URL(opsPage.url()).pathname, SLOW).toBe(`/${job.id}`);
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('closed');
    expect(await hold.count()).toBe(0);
    expect(await opsAction.textContent()).toContain('Passed on re-inspection');
    await p.shot(opsPage, 'quality-ops-closed');
    findings.push(...(await axeFindings(opsPage, 'ops: action closed')));

    // Payment approval waits no more: ops approve it in its form, the accounts-payment system pays, the job is paid.
    await approvePaymentInForm(opsPage, '1,800.00');
    await expectPaid(p, opsPage, job.id, '1,800.00');
    expect(findings).toEqual([]);
  });
});
