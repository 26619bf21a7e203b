/**
 * A homeowner brought onto the portal, in the browser: ops open a job's Basic details, invite the
 * homeowner with two of their tasks; the mail arrives at the test's SMTP server; the homeowner opens its
 * link on a phone-sized page, lands signed in on their job with exactly the sent tasks (and the one only
 * they may answer), and completes the income estimate in its form. The contractor sees a homeowner-only
 * task read-only, with what to do instead.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newWiHearJob, startPortal, type Portal } from './portal.ts';
import { smtpServer, plainText } from '../support/smtp.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { getTask } from '../../server/db/tasks.db.ts';
import type { AuthUser } from '../../server/context.ts';
import { submitTask } from '../../server/services/tasks.service.ts';
import { filled } from '../api/fixtures.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** Waits for the worker (mail over SMTP) on a CI machine of two cores. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let contractor: AuthUser;
const errors: string[] = [];
const watch = (page: Page) => {
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
};

beforeAll(async () => {
  smtp = await smtpServer();
  p = await startPortal({ smtp_url: smtp.url });
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
});
afterAll(async () => {
  await p?.close();
  await smtp?.close();
});

describe('homeowner onboarding', () => {
  it('ops invite the homeowner from the job; the homeowner opens the mailed link on a phone and completes the sent task', async () => {
    const email = `pat.${Date.now()}@example.com`;
    const job = await newWiHearJob(p.deps, contractor, { email });

    // Ops: Basic details > Homeowner access > Invite homeowner, with two of the three tasks ticked.
    const ops = await p.signedIn(OPS, `/${job.id}/basic-details`);
    watch(ops);
    const panel = ops.locator('.homeowner-access');
    await panel.getByRole('heading', { name: 'Homeowner access' }).waitFor();
    expect(await panel.textContent()).toContain('has not joined the portal');
    await panel.getByRole('button', { name: 'Invite homeowner' }).click();
    const dialog = ops.getByRole('dialog', { name: 'Invite the homeowner' });
    expect(await dialog.getByLabel('Homeowner email').inputValue()).toBe(email);
    await dialog.getByText('Household and home details', { exact: true }).click();
    expect(await dialog.getByLabel('Household and home details').isChecked()).toBe(false);
    expect(await dialog.getByLabel('Income estimate').isChecked()).toBe(true);
    await p.shot(ops, 'homeowner-invite-dialog', false);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => await panel.locator('.homeowner-invites').textContent()).toContain('Not opened yet');
    await p.shot(ops, 'homeowner-access-invited');

    // The mail, from the SMTP server the worker delivered it to.
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, SLOW).toBe(1);
    const text = plainText(smtp.received.find((m) => m.to.includes(email))!.raw);
    expect(text).toContain('Income estimate');
    expect(text).toContain('Energy sources and utilities');
    expect(text).not.toContain('Household and home details');
    const link = /https?:\/\/[^\s]+\/welcome\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();

    // The homeowner, on a phone: the link signs them in and lands on their job with exactly those tasks.
    const phone = await (await p.context(390)).newPage();
    watch(phone);
    await phone.goto(new URL(link!).pathname);
    await phone.waitForURL((u) => u.pathname === `/${job.id}`, { timeout: 30_000 });
    await phone.getByText('Income estimate').first().waitFor();
    const listed = await phone.locator('.task-row-title, .task-title').allTextContents();
    const body = (await phone.locator('main, body').first().textContent()) ?? '';
    expect(body).toContain('Energy sources and utilities');
    expect(body).toContain('Verify your income');
    expect(body).not.toContain('Household and home details');
    expect(listed.join('|')).not.toContain('Services');
    await p.shot(phone, 'homeowner-welcome-phone');

    // They answer the income estimate in its form, from their next steps.
    await phone.getByRole('button', { name: 'Start Income estimate' }).click();
    const drawer = phone.locator('.bp6-drawer');
    await drawer.getByLabel('Number of people living in the home').fill('3');
    await drawer.getByText('Below 80% of the area median income').click();
    await p.shot(phone, 'homeowner-income-form-phone', false);
    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(async () => (await getTask(p.deps.db, job.id, 'provide_income_estimate'))?.status, SLOW)
      .toBe('COMPLETE');
    const row = (await getTask(p.deps.db, job.id, 'provide_income_estimate'))!;
    expect(row.data).toMatchObject({ number_of_occupants: 3, income_level: 'below_ami_80' });
    const linked = (await getJob(p.deps.db, job.id))!;
    const homeowner = (await findUserByEmail(p.deps.db, email))!;
    expect(linked.homeowner_user_id).toBe(homeowner.id);
    expect(homeowner.role).toBe('homeowner');

    // Ops see the invitation opened.
    await ops.reload();
    await expect.poll(async () => await ops.locator('.homeowner-access').textContent()).toContain('Joined');
    await p.shot(ops, 'homeowner-access-joined');
    expect(errors).toEqual([]);
  });

  it('the contractor sees a homeowner-only task read-only, with what to do instead', async () => {
    const job = await newWiHearJob(p.deps, contractor);
    // The income estimate first (the contractor may answer it for the homeowner): income verification opens after it.
    await submitTask(p.deps, contractor, (await getJob(p.deps.db, job.id))!, 'provide_income_estimate', {
      data: filled('provide_income_estimate'),
      version: 0,
    });
    const page = await p.signedIn(CONTRACTOR, `/${job.id}/basic-details?task=apply_for_income_verification`, 390);
    watch(page);
    const drawer = page.locator('.bp6-drawer');
    await drawer.getByText('Only the homeowner can answer this task.').waitFor();
    expect(await drawer.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    await p.shot(page, 'homeowner-only-task-contractor-phone', false);
    expect(errors).toEqual([]);
  });
});
