/**
 * Mail outbox: someone asks for a password reset on the sign-in page; ops open the Mail outbox from the
 * menu, find the mail, open it to read its body (its one-time link shown as text, not a link), and read
 * the templates with their placeholders explained. Contractors have no such item. Screenshots at 1280 and 390 px.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SLOW, startPortal, type Portal } from './portal.ts';

let p: Portal;
const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';

beforeAll(async () => {
  p = await startPortal();
});
afterAll(() => p.close());

/** The reset mail's row in the Sent list. */
const resetRow = (page: Page) =>
  page
    .locator('.mail-message')
    .filter({ hasText: `To ${CONTRACTOR}` })
    .filter({ hasText: 'Reset your password' })
    .first();

describe('mail outbox', () => {
  it('after a forgot-password, ops open the Mail outbox from the menu, read the reset mail, then the templates', async () => {
    const visitor = await (await p.context()).newPage();
    await visitor.goto('/login');
    await visitor.getByRole('button', { name: 'Forgot Password' }).click();
    await visitor.getByLabel('Email').fill(CONTRACTOR);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => visitor.getByText('If that email has an account').isVisible()).toBe(true);

    const page = await p.signedIn(OPS, '/');
    await expect
      .poll(
        () => page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Mail outbox' }).count(),
        SLOW,
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.waitForURL((u) => u.pathname === '/mail-outbox');
    await expect.poll(() => page.title()).toBe('Mail outbox | Rebate Portal');

    const row = resetRow(page);
    await row.waitFor();
    await row.getByRole('button').click();
    const body = row.locator('pre.mail-body');
    await body.waitFor();
    expect(await body.textContent()).toMatch(
      new RegExp(`^Open this link within an hour to choose a new password: ${p.url}/login\\?reset=[\\w-]+$`),
    );
    expect(await page.locator('.mail-messages a').count()).toBe(0);
    await page.getByRole('heading', { name: 'Mail outbox' }).hover();
    await p.shot(page, 'mail-outbox-sent');

    await page.getByRole('tab', { name: /^Templates/ }).click();
    const reset = page.locator('[data-template="password_reset"]');
    await reset.waitFor();
    expect(await reset.getByRole('heading', { name: 'Password reset' }).isVisible()).toBe(true);
    expect(await reset.locator('pre.mail-body code.mail-placeholder').allTextContents()).toEqual([
      '{valid_for}',
      '{link}',
    ]);
    expect(
      await reset.locator('.mail-placeholders-item').filter({ hasText: '{link}' }).locator('dd').textContent(),
    ).toBe('The one-time reset link');
    for (const key of ['homeowner_invite', 'user_invite', 'signature_invite', 'usage_invite'])
      expect(await page.locator(`[data-template="${key}"]`).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('templates');
    await p.shot(page, 'mail-outbox-templates');
    await reset.scrollIntoViewIfNeeded();
    await p.shot(page, 'mail-outbox-templates-view', false);
  });

  it('reads well on a phone (390 px): the message opens full width, templates stack', async () => {
    const page = await p.signedIn(OPS, '/mail-outbox', 390);
    const row = resetRow(page);
    await row.waitFor();
    await row.getByRole('button').click();
    await row.locator('pre.mail-body').waitFor();
    // Nothing wider than the screen: long links wrap inside the body.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.shot(page, 'mail-outbox-sent-390');
    await page.getByRole('tab', { name: /^Templates/ }).click();
    await page.locator('[data-template="password_reset"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.shot(page, 'mail-outbox-templates-390');
    await page.locator('[data-template="password_reset"]').scrollIntoViewIfNeeded();
    await p.shot(page, 'mail-outbox-templates-390-view', false);
  });

  it('contractors have no Mail outbox in the menu or the sidebar', async () => {
    const page = await p.signedIn(CONTRACTOR, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Announcements' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Mail outbox' }).count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Mail outbox' }).count(),
    ).toBe(0);
  });
});
