/**
 * The browser half of the hardening issue: the drawer's own actions do not conflict with its form; an
 * ops exception needs its note; a session that ends (expired, revoked, or removed in another tab)
 * leads to sign-in and back to the same page; an unsafe announcement link never becomes a link.
 */

import { submitFilled } from '../support/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMenu, newWiHearJob, startPortal, type Portal, setupAnswerer } from './portal.ts';
import { findUserByEmail, insertUser } from '../../server/db/users.db.ts';
import { endSessionsOf, hashPassword } from '../../server/services/auth.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { WI_HEAR_APPLY } from '../api/fixtures.ts';
import { dbRun, dbGet } from '../support/db.ts';

let p: Portal;
const OPS = 'harden-ops@example.test';
const PASSWORD = 'harden-password-1';
let contractor: AuthUser;

const newJob = () =>
  newWiHearJob(p.deps, contractor, { first_name: 'Hal', last_name: `Harden${Math.floor(Math.random() * 1e6)}` });

const taskRow = async (jobId: number, taskId: string) =>
  (await dbGet(
    p.deps,
    'SELECT status, version, exceptions, owner_override FROM job_tasks WHERE job_id = ? AND task_id = ?',
    jobId,
    taskId,
  )) as { status: string; version: number; exceptions: string | null; owner_override: string | null } | undefined;

beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, {
    email: OPS,
    name: 'Hedy Harden',
    role: 'ops',
    password_hash: hashPassword(PASSWORD),
    created_at: new Date().toISOString(),
  });
  const c = (await dbGet(p.deps, "SELECT email FROM users WHERE role = 'contractor' ORDER BY id LIMIT 1")) as {
    email: string;
  };
  contractor = (await findUserByEmail(p.deps.db, c.email))!;
});
afterAll(() => p.close());

describe('the drawer and its own actions', () => {
  it('flag (a note required), transfer and reset, then Submit: no false conflict, the answers kept, the flags resolved', async () => {
    const job = await newJob();
    for (const [task, form, data] of WI_HEAR_APPLY)
      await submitFilled(p.deps, await setupAnswerer(p.deps, 'wi-hear', task, contractor), job.id, task, form, data);
    const TASK = 'review_income_qualification';
    const page = await p.signedIn(OPS, `/${job.id}/program-progress?task=${TASK}`);
    const drawer = page.locator('.bp6-drawer');
    // The answers first: they must survive the actions below.
    await drawer.getByText('Below 80% of the area median income').click();
    await drawer.locator('input[type="date"]').first().fill('2026-05-20');

    // An ops exception with an empty note is refused under the field; nothing is flagged.
    const actions = drawer.getByRole('button', { name: 'Task actions' });
    await fromMenu(page, actions, page.getByText('Flag ops exception…'), page.locator('#exception-note'));
    const dialog = page.getByRole('dialog').last();
    await dialog.getByRole('button', { name: 'Flag exception' }).click();
    await expect.poll(() => dialog.textContent()).toContain('This field is required');
    expect((await taskRow(job.id, TASK))?.exceptions ?? null).toBeNull();
    await page.locator('#exception-note').fill('The pay stub is from last year.');
    await dialog.getByRole('button', { name: 'Flag exception' }).click();
    await expect.poll(async () => (await taskRow(job.id, TASK))?.exceptions ?? '').toContain('ops');

    await fromMenu(page, actions, page.getByText('Transfer ownership…'), page.locator('#transfer-role'));
    await page.locator('#transfer-role').selectOption('finance');
    await page.locator('#transfer-reason').fill('Finance checks this one.');
    await page.getByRole('dialog').last().getByRole('button', { name: 'Transfer' }).click();
    await expect.poll(async () => (await taskRow(job.id, TASK))?.owner_override ?? '').toContain('finance');

    const resetOwner = page.getByRole('button', { name: 'Reset owner' });
    await fromMenu(page, actions, page.getByText(/^Reset to default owner/), resetOwner);
    await resetOwner.click();
    await expect.poll(async () => (await taskRow(job.id, TASK))?.owner_override ?? null).toBeNull();
    expect((await taskRow(job.id, TASK))!.version).toBeGreaterThanOrEqual(3);

    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(async () => (await taskRow(job.id, TASK))?.status).toBe('COMPLETE');
    expect(await page.getByText('This task was changed by someone else').count()).toBe(0);
    expect((await taskRow(job.id, TASK))!.exceptions ?? null).toBeNull();
    const history = (await dbGet(
      p.deps,
      "SELECT detail FROM history WHERE job_id = ? AND type = 'task_submitted' ORDER BY id DESC LIMIT 1",
      job.id,
    )) as { detail: string };
    expect(history.detail).toContain('exceptions_resolved');
  });
});

describe('a session that ends', () => {
  it('revoked on the server: one toast, sign-in after 5 s, and back to the page the user was on', async () => {
    const job = await newJob();
    const where = `/${job.id}/program-progress`;
    const page = await p.signedIn(OPS, where);
    await page
      .getByRole('heading', { name: /Hal Harden/ })
      .first()
      .waitFor();
    await endSessionsOf(p.deps, (await findUserByEmail(p.deps.db, OPS))!.id, new Date().toISOString());
    await page.reload();
    await page.getByText('Invalid user permissions, redirecting to login.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(where);
    expect(await page.getByText('Invalid user permissions, redirecting to login.').count()).toBeLessThanOrEqual(1);
    await page.getByLabel('Email').fill(OPS);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === where);
    await page
      .getByRole('heading', { name: /Hal Harden/ })
      .first()
      .waitFor();
  });

  it('removed in another tab: this tab goes to sign-in, with no "Unauthorized" toast', async () => {
    const page = await p.signedIn(OPS, '/');
    await page.locator('table tbody tr').first().waitFor();
    const other = await page.context().newPage();
    await other.goto('/');
    await other.evaluate(() => localStorage.removeItem('rebate.session'));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.getByText('Unauthorized').count()).toBe(0);
    await p.shot(page, 'signed-out-in-another-tab', false);
  });
});

describe('announcement links', () => {
  it("a link stored before the https rule is not rendered as a link in the contractors' banner", async () => {
    const now = new Date();
    const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    // Written straight to the table, as a row from before the rule would be; the first in the banner.
    await dbRun(
      p.deps,
      'INSERT INTO announcements (title, content, link, image_url, video_url, valid_from, valid_until, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      'Old unsafe link',
      'Stored before the rule.',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      day(-1),
      day(5),
      now.toISOString(),
      now.toISOString(),
    );
    const page = await p.signedIn(contractor.email, '/');
    const banner = page.locator('.job-announcement', { hasText: 'Old unsafe link' });
    await banner.waitFor();
    expect(await banner.locator('a').count()).toBe(0);
    expect(await banner.locator('img').count()).toBe(0);
  });
});

describe('actions follow the abilities the server gives', () => {
  it('ops see Claim in their own view, not when previewing the job as the contractor sees it', async () => {
    const job = await newJob();
    const page = await p.signedIn(OPS, `/${job.id}`);
    await page.getByRole('button', { name: 'Claim' }).waitFor();
    await page.goto(`/${job.id}?view=contractor`);
    await page
      .getByRole('heading', { name: /Hal Harden/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Claim' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions' }).count()).toBe(0);
  });

  it('a contractor is offered no ops action on a task: no transfer, no reset, no ops exception', async () => {
    const job = await newJob();
    const page = await p.signedIn(contractor.email, `/${job.id}/program-progress?task=provide_services`);
    const drawer = page.locator('.bp6-drawer');
    await drawer.getByRole('button', { name: 'Task actions' }).click();
    await page.getByText('Flag contractor exception…').waitFor();
    expect(await page.getByText('Flag ops exception…').count()).toBe(0);
    expect(await page.getByText('Transfer ownership…').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Claim' }).count()).toBe(0);
  });
});
