import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PEOPLE, startServer, type TestServer } from './harness.ts';
import { ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from '../../server/services/auth.service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ config: { playwright_auth_secret: 'pw-secret' } });
});
afterAll(() => s.close());

describe('sign-in', () => {
  it('signs in with email and password and reads the user', async () => {
    const r = await s.api('POST', '/api/auth/login', { body: { email: PEOPLE.ops, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ email: PEOPLE.ops, role: 'ops' });
    const me = await s.api('GET', '/api/auth/me', { token: r.body.token });
    expect(me.body.email).toBe(PEOPLE.ops);
  });
  it("answers 401 'Invalid email or password' for a wrong password and an unknown email alike", async () => {
    for (const email of [PEOPLE.contractor_b, 'nobody@example.test']) {
      const r = await s.api('POST', '/api/auth/login', { body: { email, password: 'wrong' } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 'invalid_credentials', detail: 'Invalid email or password' });
    }
  });
  it('rate-limits an email after repeated failures, even with the right password then', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      await s.api('POST', '/api/auth/login', { body: { email: PEOPLE.homeowner, password: 'nope' } });
    const r = await s.api('POST', '/api/auth/login', { body: { email: PEOPLE.homeowner, password: PASSWORD } });
    expect(r.status).toBe(429);
    expect(r.body.detail).toBe('Too many failed sign-in attempts. Please try again later.');
  });
  it('sign-out revokes the token', async () => {
    const r = await s.api('POST', '/api/auth/login', { body: { email: PEOPLE.contractor_a, password: PASSWORD } });
    expect((await s.api('POST', '/api/auth/logout', { token: r.body.token })).status).toBe(204);
    expect((await s.api('GET', '/api/auth/me', { token: r.body.token })).status).toBe(401);
  });
  it('a request without a token gets 401 Unauthorized on a protected call', async () => {
    const r = await s.api('GET', '/api/auth/me');
    expect(r).toMatchObject({ status: 401, body: { detail: 'Unauthorized' } });
  });
});

describe('one-time links and password reset', () => {
  it('ops mints a one-time link; it signs in once', async () => {
    const link = await s.api('POST', '/api/auth/login-links', { as: 'ops', body: { user_id: s.ids.users.homeowner } });
    expect(link.status).toBe(201);
    const first = await s.api('POST', '/api/auth/token', { body: { token: link.body.token } });
    expect(first.status).toBe(200);
    expect(first.body.user.role).toBe('homeowner');
    const again = await s.api('POST', '/api/auth/token', { body: { token: link.body.token } });
    expect(again.status).toBe(401);
  });
  it('a contractor cannot mint links', async () => {
    expect(
      (await s.api('POST', '/api/auth/login-links', { as: 'contractor_a', body: { user_id: s.ids.users.homeowner } }))
        .status,
    ).toBe(403);
  });
  it('forgot password mails a reset link to the outbox; the link sets a new password once', async () => {
    const r = await s.api('POST', '/api/auth/forgot-password', { body: { email: PEOPLE.contractor_b } });
    expect(r.status).toBe(202);
    const outbox = await s.api('GET', '/api/auth/outbox', { as: 'ops' });
    const mail = outbox.body.find((m: { to_address: string }) => m.to_address === PEOPLE.contractor_b);
    const token = /reset=([\w-]+)/.exec(mail.body)![1];
    expect(
      (await s.api('POST', '/api/auth/reset-password', { body: { token, password: 'a new long password' } })).status,
    ).toBe(204);
    expect(
      (
        await s.api('POST', '/api/auth/login', {
          body: { email: PEOPLE.contractor_b, password: 'a new long password' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.api('POST', '/api/auth/reset-password', { body: { token, password: 'another password' } })).status,
    ).toBe(400);
  });
  it('forgot password answers the same for an unknown email and sends nothing', async () => {
    const before = (await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body.length;
    expect((await s.api('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.test' } })).status).toBe(
      202,
    );
    expect((await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body.length).toBe(before);
  });
});

describe('automated-testing sign-in', () => {
  it("without a token: 'Missing Playwright auth token'", async () => {
    const r = await s.api('POST', '/api/auth/playwright', { body: { email: PEOPLE.ops } });
    expect(r).toMatchObject({ status: 401, body: { detail: 'Missing Playwright auth token' } });
  });
  it("with a wrong token: 'Error signing in for automated testing'", async () => {
    const r = await s.api('POST', '/api/auth/playwright', { body: { token: 'wrong', email: PEOPLE.ops } });
    expect(r).toMatchObject({ status: 401, body: { detail: 'Error signing in for automated testing' } });
  });
  it('with the configured secret it signs in', async () => {
    const r = await s.api('POST', '/api/auth/playwright', { body: { token: 'pw-secret', email: PEOPLE.ops } });
    expect(r.status).toBe(200);
  });
  it('is refused when no secret is configured', async () => {
    const other = await startServer();
    try {
      const r = await other.api('POST', '/api/auth/playwright', { body: { token: 'pw-secret', email: PEOPLE.ops } });
      expect(r).toMatchObject({ status: 401, body: { detail: 'Error signing in for automated testing' } });
    } finally {
      await other.close();
    }
  });
});

describe('errors and request ids', () => {
  it('echoes a sane request id and makes one otherwise', async () => {
    const r = await s.api('GET', '/api/config', { headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers.get('x-request-id')).toBe('abc-123');
    const r2 = await s.api('GET', '/api/config', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(r2.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('an unknown route answers 404 { detail }', async () => {
    expect(await s.api('GET', '/api/nothing-here')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });
  it('a malformed JSON body answers 400 without a trace', async () => {
    const r = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(r.status).toBe(400);
    const text = await r.text();
    expect(JSON.parse(text).detail).toBe('Invalid JSON body');
    expect(text).not.toMatch(/at .*\.ts|SyntaxError/);
  });
  it('the public config says the environment (staging banner unless production)', async () => {
    const r = await s.api('GET', '/api/config');
    expect(r.body).toMatchObject({ app_env: 'development', is_production: false, feature_flags: ['program-explorer'] });
  });
});

describe('rate limit per address', () => {
  it('refuses an address after 20 failures across emails', async () => {
    const other = await startServer();
    try {
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
        await other.api('POST', '/api/auth/login', { body: { email: `guess${i}@example.test`, password: 'x' } });
      const r = await other.api('POST', '/api/auth/login', { body: { email: PEOPLE.ops, password: PASSWORD } });
      expect(r.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
