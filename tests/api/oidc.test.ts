/**
 * Single sign-on through OpenID Connect over HTTP, against a real provider (oidc-provider on loopback):
 * a fetch client that follows redirects itself and keeps cookies per origin walks start -> provider ->
 * its sign-in form -> the portal's callback -> /login?token=..., and the token opens a session for the
 * portal account with that verified email (matched whatever its case). Refusals land on
 * /login?sso_error=<code> with no token: an unverified email, no such account, a cancelled sign-in, a
 * state spent twice, forged or too old. A redirect off the site lands on '/'. Off unless configured.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, startServer, type TestServer } from './harness.ts';
import { startOidcProvider, type TestProvider } from '../support/oidc-provider.ts';

const LABEL = 'Sign in with Example SSO';
const STRANGER = 'stranger@elsewhere.test';
/** The portal's clock: a sign-in started more than ten minutes ago has expired. */
let clock = new Date('2026-06-01T15:00:00.000Z');

/** A browser's minimum: cookies per origin, redirects followed by hand (each step kept). */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  const keep = (url: URL, r: Response) => {
    const jar = jars.get(url.origin) ?? new Map<string, string>();
    jars.set(url.origin, jar);
    for (const c of r.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const gone = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
      );
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(pair.indexOf('=') + 1));
    }
  };
  const cookieOf = (url: URL) => [...(jars.get(url.origin) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  /** Requests `url` and follows redirects until an answer that is not one (or a URL `stopAt` picks, not requested);
   * every URL is returned. */
  async function go(
    url: string,
    init: { method?: string; form?: Record<string, string>; stopAt?: (u: URL) => boolean } = {},
  ) {
    const trail: URL[] = [];
    let at = new URL(url);
    let method = init.method ?? 'GET';
    let body: URLSearchParams | undefined = init.form && new URLSearchParams(init.form);
    for (let hops = 0; hops < 20; hops++) {
      trail.push(at);
      const r = await fetch(at, { method, body, redirect: 'manual', headers: { cookie: cookieOf(at) } });
      keep(at, r);
      const location = r.headers.get('location');
      if (r.status < 300 || r.status >= 400 || !location)
        return { status: r.status, text: await r.text(), url: at, trail };
      await r.arrayBuffer();
      at = new URL(location, at);
      if (init.stopAt?.(at)) return { status: r.status, text: '', url: at, trail: [...trail, at] };
      method = 'GET';
      body = undefined;
    }
    throw new Error(`too many redirects from ${url}`);
  }
  return { go };
}

let s: TestServer;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider({
    accounts: [
      { email: 'ALICE@Company-A.test', email_verified: true },
      { email: PEOPLE.ops, email_verified: false },
      { email: STRANGER, email_verified: true },
    ],
    redirect_uri: () => `${s.url}/api/auth/oidc/callback`,
  });
  s = await startServer({
    config: {
      oidc_issuer: idp.issuer,
      oidc_client_id: idp.client_id,
      oidc_client_secret: idp.client_secret,
      oidc_label: LABEL,
    },
    now: () => clock,
  });
  // The callback the provider sends browsers to is this server's own address.
  s.deps.config.public_url = s.url;
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

/** Starts a sign-in and follows it to the provider's form: the form's answer, and the client holding its cookies. */
async function atProviderForm(redirect: string) {
  const b = browser();
  const form = await b.go(`${s.url}/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`);
  expect(form.status).toBe(200);
  expect(form.url.origin).toBe(idp.issuer);
  expect(form.text).toContain('Sign in');
  return { b, form };
}

/** Signs in at the provider as `email` and follows the redirects back to the portal's login page. */
async function signIn(email: string, redirect = '/jobs') {
  const { b, form } = await atProviderForm(redirect);
  const back = await b.go(form.url.href, { method: 'POST', form: { email, action: 'sign-in' } });
  expect(back.trail.map((u) => u.origin + u.pathname)).toContain(`${s.url}/api/auth/oidc/callback`);
  return { landed: back.url };
}

/** Signs in at the provider and stops at the portal's callback (not called yet). */
async function toCallback(email: string) {
  const { b, form } = await atProviderForm('/jobs');
  const back = await b.go(form.url.href, {
    method: 'POST',
    form: { email, action: 'sign-in' },
    stopAt: (u) => u.pathname === '/api/auth/oidc/callback',
  });
  expect(back.url.origin + back.url.pathname).toBe(`${s.url}/api/auth/oidc/callback`);
  expect(back.url.searchParams.get('code')).toBeTruthy();
  return { b, callback: back.url };
}

const landedOn = (u: URL) => ({
  path: u.pathname,
  token: u.searchParams.get('token'),
  redirect: u.searchParams.get('redirect'),
  sso_error: u.searchParams.get('sso_error'),
});

describe('single sign-on (OpenID Connect)', () => {
  it('is off unless configured: start and callback answer 503 and /api/config says google_sign_in: false', async () => {
    const off = await startServer();
    try {
      const config = await off.api('GET', '/api/config');
      expect(config.body.google_sign_in).toBe(false);
      expect(config.body.sso_label).toBe('Sign in with Google');
      const start = await off.api('GET', '/api/auth/oidc/start?redirect=/jobs');
      expect(start.status).toBe(503);
      expect(start.body.code).toBe('not_configured');
      expect(start.body.detail).toMatch(/OIDC_ISSUER/);
      expect((await off.api('GET', '/api/auth/oidc/callback?code=x&state=y')).status).toBe(503);
    } finally {
      await off.close();
    }
  });

  it('configured, /api/config says google_sign_in: true with the label', async () => {
    const config = await s.api('GET', '/api/config');
    expect(config.body.google_sign_in).toBe(true);
    expect(config.body.sso_label).toBe(LABEL);
  });

  it('start redirects to the provider with PKCE S256, state, nonce, the scopes and the portal callback', async () => {
    const r = await fetch(`${s.url}/api/auth/oidc/start?redirect=/jobs`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get('location')!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('client_id')).toBe(idp.client_id);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('redirect_uri')).toBe(`${s.url}/api/auth/oidc/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('the full flow lands on /login?token=... whose token opens a session for the account of that verified email, any case', async () => {
    const { landed } = await signIn('ALICE@Company-A.test', '/jobs/42?tab=tasks');
    const l = landedOn(landed);
    expect(l.path).toBe('/login');
    expect(l.sso_error).toBeNull();
    expect(l.redirect).toBe('/jobs/42?tab=tasks');
    expect(l.token).toMatch(/^[\w-]{40,}$/);
    const session = await s.api('POST', '/api/auth/token', { body: { token: l.token } });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(s.ids.users.contractor_a);
    expect(session.body.user.email).toBe(PEOPLE.contractor_a);
    expect((await s.api('GET', '/api/auth/me', { token: session.body.token })).body.email).toBe(PEOPLE.contractor_a);
    // One-time: the same token does not sign in twice.
    expect((await s.api('POST', '/api/auth/token', { body: { token: l.token } })).status).toBe(401);
  });

  it('an email the provider has not verified lands on sso_error=unverified_email, with no token, though a portal account has it', async () => {
    const l = landedOn((await signIn(PEOPLE.ops)).landed);
    expect(l).toEqual({ path: '/login', token: null, redirect: null, sso_error: 'unverified_email' });
  });

  it('a verified email of no portal account lands on sso_error=no_account (no account is created, the email is not in the URL)', async () => {
    const { landed } = await signIn(STRANGER);
    expect(landedOn(landed)).toEqual({ path: '/login', token: null, redirect: null, sso_error: 'no_account' });
    expect(landed.href).not.toContain('stranger');
    const users = await s.deps.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).not.toContain(STRANGER);
  });

  it('a state spends once: the same callback a second time fails with sso_error=expired', async () => {
    const { b, callback } = await toCallback('alice@company-a.test');
    expect(landedOn((await b.go(callback.href)).url).token).toBeTruthy();
    expect(landedOn((await b.go(callback.href)).url)).toEqual({
      path: '/login',
      token: null,
      redirect: null,
      sso_error: 'expired',
    });
  });

  it('a forged or missing state fails with sso_error=expired, and spends nothing: the real callback works after', async () => {
    const { b, callback } = await toCallback('alice@company-a.test');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-forged-state-forged-state');
    expect(landedOn((await b.go(forged.href)).url)).toEqual({
      path: '/login',
      token: null,
      redirect: null,
      sso_error: 'expired',
    });
    const none = new URL(callback);
    none.searchParams.delete('state');
    expect(landedOn((await b.go(none.href)).url).sso_error).toBe('expired');
    expect(landedOn((await b.go(callback.href)).url).token).toBeTruthy();
  });

  it("a code sent with another sign-in's state fails with sso_error=failed (the PKCE verifier and nonce are that sign-in's)", async () => {
    const { b, callback } = await toCallback('alice@company-a.test');
    const other = await fetch(`${s.url}/api/auth/oidc/start?redirect=/`, { redirect: 'manual' });
    const swapped = new URL(callback);
    swapped.searchParams.set('state', new URL(other.headers.get('location')!).searchParams.get('state')!);
    expect(landedOn((await b.go(swapped.href)).url)).toEqual({
      path: '/login',
      token: null,
      redirect: null,
      sso_error: 'failed',
    });
  });

  it('a sign-in cancelled at the provider lands on sso_error=denied', async () => {
    const { b, form } = await atProviderForm('/jobs');
    const back = await b.go(form.url.href, { method: 'POST', form: { email: '', action: 'cancel' } });
    expect(landedOn(back.url)).toEqual({ path: '/login', token: null, redirect: null, sso_error: 'denied' });
  });

  it('a sign-in finished more than ten minutes after it started lands on sso_error=expired', async () => {
    const { b, form } = await atProviderForm('/jobs');
    clock = new Date(clock.getTime() + 11 * 60_000);
    const back = await b.go(form.url.href, {
      method: 'POST',
      form: { email: 'alice@company-a.test', action: 'sign-in' },
    });
    expect(landedOn(back.url)).toEqual({ path: '/login', token: null, redirect: null, sso_error: 'expired' });
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example', 'jobs'])(
    'a redirect off the site (%s) lands on /',
    async (redirect) => {
      const l = landedOn((await signIn('alice@company-a.test', redirect)).landed);
      expect(l.token).toBeTruthy();
      expect(l.redirect).toBe('/');
    },
  );
});

describe('single sign-on with the provider unreachable', () => {
  it('start lands on the login page with sso_error=failed (no JSON for a browser), and logs why', async () => {
    const down = await startServer({ config: { oidc_issuer: 'http://127.0.0.1:9', oidc_client_id: 'rebate-portal' } });
    try {
      const r = await fetch(`${down.url}/api/auth/oidc/start?redirect=/jobs`, { redirect: 'manual' });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/login?sso_error=failed');
      expect(await down.deps.db.selectFrom('oidc_logins').select('state_hash').execute()).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('single sign-on with the email in userinfo only', () => {
  let s2: TestServer;
  let idp2: TestProvider;
  beforeAll(async () => {
    idp2 = await startOidcProvider({
      accounts: [{ email: PEOPLE.homeowner, email_verified: true }],
      redirect_uri: () => `${s2.url}/api/auth/oidc/callback`,
      email_in_id_token: false,
    });
    s2 = await startServer({
      config: { oidc_issuer: idp2.issuer, oidc_client_id: idp2.client_id, oidc_client_secret: idp2.client_secret },
    });
    s2.deps.config.public_url = s2.url;
  });
  afterAll(async () => {
    await s2?.close();
    await idp2?.close();
  });

  it('reads the email from userinfo when the id token has none', async () => {
    const b = browser();
    const form = await b.go(`${s2.url}/api/auth/oidc/start?redirect=/`);
    const back = await b.go(form.url.href, { method: 'POST', form: { email: PEOPLE.homeowner, action: 'sign-in' } });
    const token = back.url.searchParams.get('token');
    expect(back.url.pathname).toBe('/login');
    expect(token).toBeTruthy();
    const session = await s2.api('POST', '/api/auth/token', { body: { token } });
    expect(session.body.user.id).toBe(s2.ids.users.homeowner);
  });
});
