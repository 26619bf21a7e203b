/**
 * Energy usage collection in the browser, end to end with the background worker and the simulated
 * utility: a RECO job's usage task opens and the homeowner is mailed a link; on a phone they open it,
 * consent, sign in at the utility with credentials that fail at 2FA, come back to the portal's page,
 * retry with good ones; ops watch the steps advance on the job's Energy tab without reloading and read
 * the detailed failure, while the contractor reads the softer wording. Screenshots of each.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { readOutbox } from '../../server/db/settings.db.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import { submitTask } from '../../server/services/tasks.service.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { filled } from '../api/fixtures.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** Waits for the worker, the utility's decision and the 2 s polling on a CI machine of two cores. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;
let ops: AuthUser;

beforeAll(async () => {
  p = await startPortal();
  ops = (await findUserByEmail(p.deps.db, OPS)) as unknown as AuthUser;
});
afterAll(async () => {
  await p?.close();
});

/** The newest collection link mailed to an address. */
async function linkTo(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(p.deps.db, 200)).find((m) => m.to_address === email && /\/connect\//.test(m.body));
      token = mail && /\/connect\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
      return !!token;
    }, SLOW)
    .toBe(true);
  return token!;
}

/** Signs in on the simulated utility's page (the homeowner's phone), a code when the utility asks for one. */
async function signInAtUtility(page: Page, username: string, code?: string) {
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill('my utility password');
  await page.getByRole('button', { name: /sign in/i }).click();
  if (code !== undefined) {
    await page.getByLabel(/code/i).fill(code);
    await page.getByRole('button', { name: /verify|continue|submit/i }).click();
  }
}

describe('energy usage collection', () => {
  it('the homeowner fails at 2FA, retries with good credentials; ops watch live and read the detail, the contractor the soft wording', async () => {
    const contractorUser = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
    const email = `rita.${Date.now()}@example.com`;
    const job = (await createJob(p.deps, ops, {
      first_name: 'Rita',
      last_name: 'Mahwah',
      email,
      phone_number: '201-555-0142',
      address: '77 Franklin Tpke',
      city: 'Mahwah',
      county: 'Bergen',
      state: 'NJ',
      zip: '07430',
      lat: 41.0887,
      lon: -74.1438,
      electric_utility: 'Rockland Electric Company',
      gas_utility: 'Public Service Electric and Gas',
      program_id: 'reco',
      contractor_id: contractorUser.contractor_id,
    } as Parameters<typeof createJob>[2])) as unknown as { id: number; code: string };
    const row = (await getJob(p.deps.db, job.id))!;
    await submitTask(p.deps, ops, row, 'provide_energy_sources_and_utilities', {
      data: filled('provide_energy_sources_and_utilities', {
        has_lived_for_year: true,
        new_heating_source_within_year: false,
      }),
      version: 0,
    });
    const token = await linkTo(email);

    // Ops keep the job's Energy tab open the whole time.
    const opsPage = await p.signedIn(OPS, `/${job.id}/energy-source-details`);
    await expect.poll(() => opsPage.getByText('Send homeowner invite').isVisible(), SLOW).toBe(true);
    await expect.poll(async () => (await opsPage.textContent('body'))?.includes('Invite sent to'), SLOW).toBe(true);

    // The homeowner, on a phone.
    const phone = await (await p.context(390)).newPage();
    await phone.goto(`/connect/${token}`);
    await expect
      .poll(() => phone.getByRole('button', { name: 'Connect my utility account' }).isVisible(), SLOW)
      .toBe(true);
    await p.shot(phone, 'usage-connect-phone');
    await phone.getByText('I agree to share my home’s energy usage').click();
    expect(await phone.getByRole('checkbox').isChecked()).toBe(true);
    await phone.getByRole('button', { name: 'Connect my utility account' }).click();
    await phone.waitForURL((u) => u.pathname.startsWith('/authorize/'));
    // The utility's page starts from the job's utility and names the home and the job (issue 42).
    expect(await phone.getByLabel('Your utility').inputValue()).toBe('Rockland Electric Company');
    expect(await phone.locator('main p strong').first().textContent()).toBe(
      `77 Franklin Tpke, Mahwah, NJ (rebate job ${job.code})`,
    );
    await p.shot(phone, 'usage-utility-sign-in-phone');
    await signInAtUtility(phone, 'fail-2fa', '000000');
    await phone.waitForURL((u) => u.pathname === `/connect/${token}`);
    await expect
      .poll(async () => (await phone.textContent('body'))?.includes('security code was not accepted'), SLOW)
      .toBe(true);
    await p.shot(phone, 'usage-connect-retry-phone');

    // Ops see the detailed failure without reloading; the contractor the softer wording.
    await expect
      .poll(async () => (await opsPage.textContent('body'))?.includes('Credential validation failed at 2FA'), SLOW)
      .toBe(true);
    await expect.poll(async () => (await opsPage.textContent('body'))?.includes('Failed'), SLOW).toBe(true);
    await p.shot(opsPage, 'usage-ops-failed-2fa');
    const contractorPage = await p.signedIn(CONTRACTOR, `/${job.id}/energy-source-details`);
    await expect
      .poll(
        async () => (await contractorPage.textContent('body'))?.includes('The utility did not accept the sign-in'),
        SLOW,
      )
      .toBe(true);
    expect(await contractorPage.textContent('body')).not.toContain('Credential validation');
    await p.shot(contractorPage, 'usage-contractor-soft-wording');

    // The homeowner tries again with good credentials.
    if (!(await phone.getByRole('checkbox').isChecked()))
      await phone.getByText('I agree to share my home’s energy usage').click();
    await phone.getByRole('button', { name: 'Connect my utility account' }).click();
    await phone.waitForURL((u) => u.pathname.startsWith('/authorize/'));
    await signInAtUtility(phone, 'homeowner');
    await phone.waitForURL((u) => u.pathname === `/connect/${token}`);
    await expect
      .poll(async () => /collecting your usage|nothing more to do/.test((await phone.textContent('body')) ?? ''), SLOW)
      .toBe(true);
    await p.shot(phone, 'usage-connect-collecting-phone');

    // Ops watch it complete, still without a reload: every step done, the history Collected.
    await expect
      .poll(async () => (await opsPage.textContent('body'))?.includes('Energy history: Collected'), SLOW)
      .toBe(true);
    const body = (await opsPage.textContent('body')) ?? '';
    expect(body).toContain('Complete');
    expect(body).toContain('Credentials validated');
    expect(body).not.toContain('Credential validation failed');
    // The usage task completed itself: the task list says so, still without a reload.
    const taskRow = opsPage.getByText('Connect your utility account', { exact: true }).locator('xpath=..');
    await expect.poll(async () => (await taskRow.textContent())?.includes('Complete'), SLOW).toBe(true);
    await p.shot(opsPage, 'usage-ops-complete');
    await expect.poll(async () => (await phone.textContent('body'))?.includes('nothing more to do'), SLOW).toBe(true);
    await p.shot(phone, 'usage-connect-complete-phone');
  });
});
