import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYWRIGHT_SECRET, startPortal, type Portal } from './portal.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { insertUser } from '../../server/db/users.db.ts';

let p: Portal;
const OPS = { email: 'e2e-ops@example.test', password: 'e2e-password-1' };
beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, {
    email: OPS.email,
    name: 'Erin Ops',
    role: 'ops',
    password_hash: hashPassword(OPS.password),
    created_at: new Date().toISOString(),
  });
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

  it('an unknown path shows the not-found page with contact-us and return-to-job-list links', async () => {
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

  it('a full page load warns of nothing (no "No HydrateFallback element"), and the tab names the job it shows', async () => {
    const job = await p.deps.db
      .selectFrom('jobs')
      .select(['id', 'code', 'full_name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = await (await p.context()).newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await page.goto(
      `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(OPS.email)}&redirect=${encodeURIComponent(`/${job.id}/basic-details`)}`,
    );
    await expect.poll(() => page.title()).toBe(`${job.full_name} (${job.code}) · Basic details | Rebate Portal`);
    await page.reload();
    await expect.poll(() => page.title()).toBe(`${job.full_name} (${job.code}) · Basic details | Rebate Portal`);
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  });

  it('header and sidebar items are links: Ctrl+click opens the page in a new tab', async () => {
    const page = await p.signedIn(OPS.email, '/');
    const contractors = page.locator('.app-header').getByRole('link', { name: 'Contractors' });
    expect(await contractors.getAttribute('href')).toBe('/contractors');
    const opened = page.context().waitForEvent('page');
    await contractors.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForURL((u) => u.pathname === '/contractors');
    await expect.poll(() => tab.title()).toBe('Contractors | Rebate Portal');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(
      await page
        .getByRole('navigation', { name: 'Sidebar' })
        .getByRole('link', { name: 'Programs' })
        .getAttribute('href'),
    ).toBe('/programs');
  });

  it('sign-in shows no header, search or sidebar to a signed-out visitor', async () => {
    for (const width of [390, 1280]) {
      const page = await (await p.context(width)).newPage();
      await page.goto('/login');
      await page.getByLabel('Email').waitFor();
      expect(await page.locator('.app-header, nav.sidebar').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Search' }).count()).toBe(0);
      // This portal runs with the automated-testing sign-in on.
      expect(await page.getByRole('link', { name: 'Automated-testing sign-in' }).isVisible()).toBe(true);
      await p.shot(page, `login-${width}`, false);
    }
  });

  it('the remembered sidebar state survives a reload', async () => {
    const page = await p.signedIn(OPS.email, '/');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Expand sidebar' }).isVisible()).toBe(true);
  });
});
