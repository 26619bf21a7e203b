/**
 * Inspections in the browser (issue 43), one journey: ops open the inspection queue, narrow it to what is not
 * assigned, and assign a job's field inspection to the demo inspector; the inspector signs in on a phone (390 px),
 * lands on their day (not a jobs list), sees that visit with the homeowner to call, and offers the homeowner two times
 * (mailed); the homeowner, on a phone with no sign-in, picks another time with a note, which the inspector's page shows
 * at once. The inspector fills the checklists (every job's and the heat pump's) and takes photos (one whose file places
 * it miles away is flagged at once); a failed item asks what was found; recorded with its photos, the review failed
 * (nobody picked the outcome), and the job's page tells ops payment approval waits on the corrective action. The
 * contractor answers it on a phone; ops accept the answer, approve the payment, and accounts payment pays the job.
 * Screenshots at each step; axe finds nothing critical or serious; nothing is wider than the phone.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerCorrectiveAction,
  approvePaymentInForm,
  expectPaid,
  axeFindings,
  checkItem,
  recoJobAtPayment,
  sideScroll,
  SLOW,
  startPortal,
  type Portal,
} from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { readOutbox } from '../../server/db/settings.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { setStanding } from '../../server/workflows/quality/quality.service.ts';
import { jpeg } from '../support/photos.ts';
import { recordOfJob } from '../../server/workflows/records/records.db.ts';
import { VERIFY_MESSAGES } from '../../engine/api/completion.ts';

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
  it('ops assign an inspection; the inspector records it on a phone with photos; the contractor answers; the job is paid', async () => {
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
    // The inspection's page: the inspector offers the homeowner two times (in the phone's zone); they go by mail.
    await visit.getByRole('link', { name: 'Open the checklist' }).click();
    const general = phone.locator('[data-checklist="qa_field_inspection"]');
    await general.waitFor({ timeout: SLOW.timeout });
    await phone.getByRole('button', { name: 'Offer visit times…' }).click();
    const offer = phone.getByRole('dialog', { name: 'Offer the homeowner visit times' });
    const local = (daysAhead: number, hour: string) => {
      const d = new Date(Date.now() + daysAhead * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${hour}`;
    };
    await offer.getByLabel('Time 1').fill(local(2, '10:00'));
    await offer.getByLabel('Time 2').fill(local(3, '14:30'));
    await p.shot(phone, 'inspections-inspector-offer', false);
    findings.push(...(await axeFindings(phone, 'inspector: offering visit times at 390 px')));
    await offer.getByRole('button', { name: 'Send the times' }).click();
    await expect.poll(() => offer.count(), SLOW).toBe(0);
    const facts = phone.locator('.inspection-card .inspection-facts');
    await expect.poll(() => facts.textContent(), SLOW).toContain('Offered, waiting on the homeowner');
    const link = await vi.waitFor(async () => {
      const mail = (await readOutbox(p.deps.db, 50)).find((m) => /\/visit\//.test(m.body));
      const token = mail && /\/visit\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
      if (!token) throw new Error('no visit mail yet');
      return `/visit/${token}`;
    }, SLOW);

    // The homeowner, on their phone from the mail, no sign-in: neither time suits, so they pick another, with a note.
    const home = await (await p.context(390)).newPage();
    await home.goto(link);
    await home.getByRole('heading', { name: 'When may the inspector visit?' }).waitFor({ timeout: SLOW.timeout });
    expect(await home.getByRole('radio').count()).toBe(3);
    await home.locator('label.bp6-radio', { hasText: 'Another time' }).click();
    await home.getByLabel('The day and time that suits you').fill(local(4, '09:00'));
    await home.getByLabel('Anything the inspector should know').fill('Gate code 4411');
    expect(await sideScroll(home)).toBe(0);
    await p.shot(home, 'inspections-homeowner-visit');
    findings.push(...(await axeFindings(home, 'homeowner: the visit page at 390 px')));
    await home.getByRole('button', { name: 'Confirm this time' }).click();
    await expect
      .poll(() => home.locator('.visit-confirmed').textContent(), SLOW)
      .toMatch(/^The inspector comes .+9:00/);
    await p.shot(home, 'inspections-homeowner-confirmed');
    // The inspector's page follows (no reload): the time the homeowner picked, and their note.
    await expect.poll(() => facts.textContent(), SLOW).toMatch(/picked by the homeowner\. Note: Gate code 4411/);

    // The checklists of this job: every job's and the heat pump's. A failed item needs what was found.
    expect(await phone.locator('[data-checklist="qa_heat_pump"]').count()).toBe(1);
    await phone.locator('#task_qa_field_inspection_visited_on').fill(new Date().toISOString().slice(0, 10));
    await phone.locator('label:has(input[name="task_qa_field_inspection_homeowner_present"][value="yes"])').click();
    for (const f of ['equipment_matches_invoice', 'site_left_clean', 'safety'])
      await checkItem(phone, 'qa_field_inspection', f, 0);
    await checkItem(phone, 'qa_field_inspection', 'workmanship', 2);
    for (const f of ['outdoor_unit_placement', 'line_set_insulated', 'thermostat_lockouts'])
      await checkItem(phone, 'qa_heat_pump', f, 0);
    await checkItem(phone, 'qa_heat_pump', 'condensate_drain', 1);
    await phone.locator('#task_qa_heat_pump_supply_air_temperature_degrees').fill('104');
    await phone.locator('#task_qa_heat_pump_return_air_temperature_degrees').fill('68');
    // Photos from the phone's camera: one at the home, one whose file says it was taken miles away (flagged at once).
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, ':');
    await general.locator('input[type="file"]').setInputFiles([
      { name: 'line-set.jpg', mimeType: 'image/jpeg', buffer: jpeg({ lat: 41.08, lon: -74.14 }, `${today} 10:15:00`) },
      { name: 'elsewhere.jpg', mimeType: 'image/jpeg', buffer: jpeg({ lat: 41.5, lon: -74.5 }, `${today} 11:00:00`) },
    ]);
    await expect.poll(() => general.locator('.rjsf-bp-thumb img').count(), SLOW).toBe(2);
    await expect.poll(() => general.locator('.rjsf-bp-thumb-warning').count(), SLOW).toBe(1);
    expect(await general.locator('.rjsf-bp-thumb-flag').first().getAttribute('title')).toBe(
      'This photo was taken more than one mile from the job site.',
    );
    await phone.getByRole('button', { name: 'Record the review' }).click();
    await expect
      .poll(() => general.textContent(), SLOW)
      .toContain('Please say what was found; the contractor is asked to correct it.');
    expect(await sideScroll(phone)).toBe(0);
    await p.shot(phone, 'inspections-inspector-checklist');
    findings.push(...(await axeFindings(phone, 'inspector: the checklists at 390 px')));
    await phone.locator('#task_qa_field_inspection_findings').fill('Condensate line not trapped');
    await phone.getByRole('button', { name: 'Record the review' }).click();
    // Back on their day: the visit failed, with what was found and the minor issue.
    await expect.poll(() => new URL(phone.url()).pathname, SLOW).toBe('/inspections');
    await expect.poll(() => phone.locator('.bp6-toast').first().textContent(), SLOW).toContain('The review failed');
    await phone
      .getByLabel('State')
      .selectOption({ label: 'Failed' })
      .catch(() => undefined);
    const recorded = await p.deps.db
      .selectFrom('quality_outcomes')
      .select(['outcome', 'note', 'answers'])
      .where('job_id', '=', job.id)
      .where('review_id', '=', 'field_inspection')
      .executeTakeFirstOrThrow();
    expect([recorded.outcome, recorded.note]).toEqual(['fail', 'Condensate line not trapped']);
    expect(JSON.parse(recorded.answers!).qa_heat_pump).toMatchObject({ condensate_drain: 'minor' });
    // The photos are kept with the outcome as stored: where and when each was taken, read from its file.
    const photos = JSON.parse(recorded.answers!).qa_field_inspection.photos as { name: string; lat: number }[];
    // (Both were picked at once: they upload side by side, in either order.)
    expect(photos.map((ph) => [ph.name, Math.round(ph.lat * 10) / 10]).sort()).toEqual([
      ['elsewhere.jpg', 41.5],
      ['line-set.jpg', 41.1],
    ]);
    await p.shot(phone, 'inspections-inspector-recorded');
    findings.push(...(await axeFindings(phone, 'inspector: recorded at 390 px')));

    // Ops, on the job: payment approval waits on the corrective action the failure opened.
    await opsPage.goto(`/${job.id}`);
    const hold = opsPage.locator('.job-quality .quality-hold');
    await hold.waitFor({ timeout: SLOW.timeout });
    expect(await hold.textContent()).toMatch(/the field inspection failed/);

    // The contractor, on a phone: what was found, answered with what was corrected.
    const { phone: contractorPhone } = await answerCorrectiveAction(p, CONTRACTOR, job.id, {
      found: 'Condensate line not trapped',
      corrected: 'Trapped the condensate line and sent a photo',
    });
    expect(await sideScroll(contractorPhone)).toBe(0);
    findings.push(...(await axeFindings(contractorPhone, 'contractor: corrective action answered at 390 px')));

    // Ops accept the answer (no reload): the hold lifts; they approve the payment, accounts payment pays the job.
    const opsAction = opsPage.locator('.job-quality [data-review="field_inspection"] .quality-action');
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('answered');
    await opsAction.getByRole('button', { name: 'Accept answer' }).click();
    await expect.poll(() => opsAction.getAttribute('data-action-state'), SLOW).toBe('closed');
    await expect.poll(() => hold.count(), SLOW).toBe(0);
    await approvePaymentInForm(opsPage, '1,800.00');
    await expectPaid(p, opsPage, job.id, '1,800.00');
    // The worker issues the paid job's completion record; the page shows it without a reload.
    const record = opsPage.locator('.completion-record');
    await record.waitFor({ timeout: SLOW.timeout });
    await p.shot(opsPage, 'inspections-ops-paid');

    // Anyone given the record checks it on the public verify page: the record itself, then a changed copy.
    const issued = (await recordOfJob(p.deps.db, job.id))!;
    const pdf = (await p.deps.adapters.files.get(issued.file_name))!;
    const stranger = await (await p.context(390)).newPage();
    await stranger.goto(`${p.url}/verify/${issued.sha256}`);
    await stranger.getByText('The portal issued this completion record on').waitFor({ timeout: SLOW.timeout });
    await stranger
      .locator('#verify-file')
      .setInputFiles({ name: 'record.pdf', mimeType: 'application/pdf', buffer: pdf });
    await stranger.getByText(VERIFY_MESSAGES.matches).waitFor({ timeout: SLOW.timeout });
    expect(await sideScroll(stranger)).toBe(0);
    findings.push(...(await axeFindings(stranger, 'verify page at 390 px')));
    await p.shot(stranger, 'inspections-verify-record');
    const changed = Buffer.from(pdf);
    changed[changed.length - 20] ^= 1;
    await stranger
      .locator('#verify-file')
      .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
    await stranger.getByText(VERIFY_MESSAGES.differs).waitFor({ timeout: SLOW.timeout });
    await p.shot(stranger, 'inspections-verify-changed');
    expect(findings).toEqual([]);
  }, 600_000);
});
