import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { insertUser } from '../../server/db/users.db.ts';

let p: Portal;
const OPS = { email: 'e2e-ops@example.test', password: 'e2e-password-1' };
beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, { email: OPS.email, name: 'Erin Ops', role: 'ops', password_hash: hashPassword(OPS.password), created_at: new Date().toISOString() });
});
afterAll(() => p.close());

describe('sign-in and the shell', () => {
  it('a signed-out visit goes to /login with the full path, and sign-in returns there', async () => {
    const page = await (await p.context()).newPage();
    await page.goto('/contractors?tab=all#top');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/contractors?tab=all#top');
    await page.getByLabel('Email').fill(OPS.email);
    await page.getByLabel('Password').fill(OPS.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/contractors');
    expect(new URL(page.url()).search).toBe('?tab=all');
    await expect.poll(() => page.title()).toBe('Contractors | Rebate Portal');
  });

  it("a wrong password shows 'Invalid email or password' and stays on sign-in", async () => {
    const page = await (await p.context()).newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(OPS.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await p.shot(page, 'login-failure');
  });

  it("shows the 'STAGING ENV' banner outside production", async () => {
    const page = await p.signedIn(OPS.email, '/');
    await expect.poll(() => page.getByText('STAGING ENV', { exact: true }).isVisible()).toBe(true);
  });

  it("an unknown path shows the not-found page with contact-us and return-to-job-list links", async () => {
    const page = await p.signedIn(OPS.email, '/no/such/page/here');
    await expect.poll(() => page.getByText('Cannot find page. Please return to job list.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^mailto:/);
    await page.getByRole('link', { name: 'Return to job list' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await p.shot(page, 'not-found-then-jobs');
  });

  it('the automated-testing sign-in without a token says so', async () => {
    const page = await (await p.context()).newPage();
    await page.goto('/playwright-test-login');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Missing Playwright auth token');
  });

  it('the remembered sidebar state survives a reload', async () => {
    const page = await p.signedIn(OPS.email, '/');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Expand sidebar' }).isVisible()).toBe(true);
  });
});
