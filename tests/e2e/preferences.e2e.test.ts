/**
 * Preferences in Chromium: a user opens Preferences from the menu, moves Review before Apply, sets
 * Review's SLA to 2 days and saves; the server keeps them and the jobs list shows its tabs in the new
 * order (Review first and open, Canceled last). Screenshots at 1280 and 390 px.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { readPreferences } from '../../server/services/preferences.service.ts';

let p: Portal;
let userId: number;
const OPS = { email: 'e2e-prefs@example.test', password: 'e2e-password-1' };
beforeAll(async () => {
  p = await startPortal();
  userId = await insertUser(p.deps.db, {
    email: OPS.email,
    name: 'Pat Prefs',
    role: 'ops',
    password_hash: hashPassword(OPS.password),
    created_at: new Date().toISOString(),
  });
});
afterAll(() => p.close());

describe('Preferences', () => {
  it('moves Review before Apply, gives Review a 2-day SLA, saves; the jobs list follows', async () => {
    const page = await p.signedIn(OPS.email, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await page.waitForURL((u) => u.pathname === '/preferences');
    await expect.poll(() => page.title()).toBe('Preferences | Rebate Portal');
    const order = page.locator('.rjsf-bp-ordered-label');
    await expect.poll(() => order.allTextContents()).toEqual(['Apply', 'Review', 'Install', 'Enroll', 'Pay']);
    await p.shot(page, 'preferences-1280-before');

    await page.getByRole('button', { name: 'Move Review up' }).click();
    await expect.poll(() => order.allTextContents()).toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay']);
    await page.locator('input[id$="sla_days_in_stage_Review"]').fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Preferences saved.').isVisible()).toBe(true);
    await p.shot(page, 'preferences-1280-saved');

    const saved = await readPreferences(p.deps, userId);
    expect(saved.bucket_order).toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay']);
    expect(saved.sla_days_in_stage).toMatchObject({ Review: 2 });

    await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    const tabs = page.locator('.jobs-tabs [role="tab"]');
    await expect
      .poll(async () => (await tabs.allTextContents()).map((t) => t.replace(/[\d,]+$/, '')))
      .toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay', 'Canceled']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await p.shot(page, 'preferences-jobs-1280');
  });

  it('reads well on a phone (390 px): the form, then the jobs list in the saved order', async () => {
    const page = await p.signedIn(OPS.email, '/preferences', 390);
    await expect
      .poll(() => page.locator('.rjsf-bp-ordered-label').allTextContents())
      .toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay']);
    expect(await page.locator('input[id$="sla_days_in_stage_Review"]').inputValue()).toBe('2');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.shot(page, 'preferences-390');
    await page.goto('/');
    // On a phone the stage tabs are a select: in the saved order, the first one open.
    await expect.poll(() => page.locator('.jobs-tabs-select option').first().textContent()).toMatch(/^Review/);
    expect(await page.locator('.jobs-tabs-select select').inputValue()).toBe('Review');
    await p.shot(page, 'preferences-jobs-390', false);
  });
});
