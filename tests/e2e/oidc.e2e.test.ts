/**
 * Single sign-on in the browser against a real OpenID Connect provider on loopback (oidc-provider): the
 * login page shows the configured button; clicking it goes to the provider's sign-in form, and back on
 * the portal the user is signed in on the jobs list as the account of that verified email. An email of
 * no portal account comes back to the login page with the message in words. Screenshots of each.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPortal, type Portal } from './portal.ts';
import { startOidcProvider, type TestProvider } from '../support/oidc-provider.ts';

const LABEL = 'Sign in with Example SSO';
/** A demo contractor (server/seed/demo.ts), in another case at the provider. */
const CONTRACTOR = 'alex@northwind-hvac.test';

let p: Portal;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider({
    accounts: [
      { email: 'Alex@Northwind-HVAC.test', email_verified: true },
      { email: 'nobody@elsewhere.test', email_verified: true },
    ],
    redirect_uri: () => `${p.url}/api/auth/oidc/callback`,
  });
  p = await startPortal({
    oidc_issuer: idp.issuer,
    oidc_client_id: idp.client_id,
    oidc_client_secret: idp.client_secret,
    oidc_label: LABEL,
  });
});
afterAll(async () => {
  await p?.close();
  await idp?.close();
});

/** From the login page, through the provider's form as `email`. */
async function signInAtProvider(page: Page, email: string, shot: string) {
  await page.getByRole('button', { name: LABEL }).click();
  await page.waitForURL((u) => u.origin === idp.issuer);
  await page.getByLabel('Email').fill(email);
  await p.shot(page, shot);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('single sign-on (OpenID Connect)', () => {
  it('the SSO button leads through the provider and back, signed in on the jobs list as the account of that email', async () => {
    const page = await (await p.context()).newPage();
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => page.getByRole('button', { name: LABEL }).isVisible()).toBe(true);
    await p.shot(page, 'sso-login-page');
    await signInAtProvider(page, 'Alex@Northwind-HVAC.test', 'sso-provider-form');
    await page.waitForURL((u) => u.origin === p.url && u.pathname === '/');
    await expect.poll(() => page.title()).toBe('Jobs | Rebate Portal');
    const session = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('rebate.session') ?? 'null') as {
          user: { email: string; role: string };
        } | null,
    );
    expect(session?.user).toMatchObject({ email: CONTRACTOR, role: 'contractor' });
    // The one-time token left the address bar with the login page.
    expect(page.url()).not.toContain('token=');
    await p.shot(page, 'sso-signed-in-jobs');
  });

  it('an email of no portal account comes back to the login page, which says so in words', async () => {
    const page = await (await p.context()).newPage();
    await page.goto('/login');
    await signInAtProvider(page, 'nobody@elsewhere.test', 'sso-provider-form-no-account');
    await page.waitForURL((u) => u.origin === p.url && u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('sso_error')).toBe('no_account');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('No portal account uses the email you signed in with. Ask your administrator to invite you.');
    expect(page.url()).not.toContain('nobody');
    await p.shot(page, 'sso-no-account');
  });
});
