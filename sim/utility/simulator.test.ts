/**
 * The simulated utility-data provider over real HTTP, driven through the portal's adapter the way the
 * portal and a homeowner would: create an authorization, open the sign-in page, post the form (and the
 * one-time code), watch the lazy decision by moving an injected clock (no sleeps), then read meters and
 * Green Button usage. Every scenario of the table is run; hostile requests are answered and the
 * simulator keeps serving.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpUtilityData,
  UtilityDataError,
  type UtilityDataAdapter,
  type UtilityDataErrorCode,
  type UtilityFailure,
  type UtilityService,
} from '../../server/adapters/utility-data.ts';
import { SCENARIOS, TWO_FACTOR_CODE } from './scenarios.ts';
import { startUtilitySimulator } from './server.ts';
import { monthlyUsage, monthValue } from './usage-data.ts';
import type { UsageReading } from '../../server/adapters/utility-data.ts';
import { CODE_TTL_MS } from './authorizations.ts';

const VALIDATION_MS = 1000;
const RETURN_URL = 'https://portal.test/jobs/7/usage?tab=utility';
const PASSWORD = 'Hunter2-unique-pw';
let clock = new Date('2026-03-15T12:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

let sim: { url: string; close(): Promise<void> };
let adapter: UtilityDataAdapter;
beforeAll(async () => {
  sim = await startUtilitySimulator({ now: () => clock, validation_ms: VALIDATION_MS });
  adapter = httpUtilityData(sim.url, { timeout_ms: 5000 });
});
afterAll(() => sim.close());

/** The code a call rejects with. */
async function errorCode(call: Promise<unknown>): Promise<UtilityDataErrorCode> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UtilityDataError);
  return (error as UtilityDataError).code;
}

function post(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function signIn(url: string, username: string, utility = 'We Energies'): Promise<Response> {
  return post(url, { utility, username, password: PASSWORD });
}

/** A new authorization whose sign-in page was opened. */
async function opened(reference = 'Job 7'): Promise<{ id: string; url: string; page: string }> {
  const { id, url } = await adapter.createAuthorization({ reference, return_url: RETURN_URL });
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { id, url, page: await res.text() };
}

/** The portal's return URL with the authorization appended, as the 303 must give it. */
function expectReturn(res: Response, id: string): void {
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('https://portal.test/jobs/7/usage');
  expect(Object.fromEntries(location.searchParams)).toEqual({ tab: 'utility', authorization: id });
}

interface Expected {
  two_factor?: true;
  status: 'authorized' | 'failed';
  failure?: UtilityFailure;
  /** Extra time, after validation_ms, before the decision. */
  later?: number;
  meters?: UtilityService[];
  months?: number;
  revoked_after_usage?: true;
  /** A scenario with its own feed shape. */
  shaped?: true;
}
const BOTH: UtilityService[] = ['electric', 'gas'];
const EXPECTED: Record<string, Expected> = {
  homeowner: { status: 'authorized', meters: BOTH, months: 25 },
  'wrong-password': { status: 'failed', failure: 'wrong_password' },
  'fail-2fa': { two_factor: true, status: 'failed', failure: 'two_factor_failed' },
  'expired-2fa': { two_factor: true, status: 'failed', failure: 'two_factor_expired' },
  'good-2fa': { two_factor: true, status: 'authorized', meters: BOTH, months: 25 },
  locked: { status: 'failed', failure: 'account_locked' },
  'site-down': { status: 'failed', failure: 'site_down' },
  timeout: { status: 'failed', failure: 'timeout', later: 9 * VALIDATION_MS },
  'no-meters': { status: 'authorized', meters: [], months: 25 },
  partial: { status: 'authorized', meters: BOTH, months: 5 },
  'electric-only': { status: 'authorized', meters: ['electric'], months: 25 },
  'revoke-later': { status: 'authorized', meters: BOTH, months: 25, revoked_after_usage: true },
  // Feeds of other shapes: checked in 'feed shapes' below.
  pacific: { status: 'authorized', meters: BOTH, shaped: true },
  solar: { status: 'authorized', meters: ['electric'], shaped: true },
  'partial-month': { status: 'authorized', meters: BOTH, shaped: true },
  'interval-15': { status: 'authorized', meters: ['electric'], shaped: true },
  'gas-bill': { status: 'authorized', meters: ['gas'], shaped: true },
  'unreadable-feed': { status: 'authorized', meters: BOTH, shaped: true },
};

describe('every scenario, end to end', () => {
  it('the expectations cover the whole scenario table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', async (username, expected) => {
    const { id } = await adapter.createAuthorization({ reference: `Scenario ${username}`, return_url: RETURN_URL });
    expect(await adapter.getAuthorization(id)).toEqual({
      id,
      status: 'pending',
      visited_at: null,
      submitted_at: null,
      decided_at: null,
      revoked_at: null,
      failure: null,
      failure_detail: null,
      attempts: 0,
      utility: null,
      account_holder: null,
    });
    const page = await fetch(`${sim.url}/authorize/${id}`);
    expect(await page.text()).toContain('name="password"');
    expect(await adapter.getAuthorization(id)).toMatchObject({ status: 'visited', visited_at: clock.toISOString() });

    const submitted = await signIn(`${sim.url}/authorize/${id}`, username);
    const submittedAt = clock.toISOString();
    expect(await adapter.getAuthorization(id)).toMatchObject({
      status: 'verifying',
      submitted_at: submittedAt,
      attempts: 1,
      utility: 'We Energies',
      decided_at: null,
    });
    let decideFrom = clock.getTime();
    if (expected.two_factor) {
      expect(submitted.status).toBe(200);
      expect(await submitted.text()).toContain('name="code"');
      tick(30_000);
      expectReturn(await post(`${sim.url}/authorize/${id}/code`, { code: TWO_FACTOR_CODE }), id);
      decideFrom = clock.getTime();
    } else {
      expectReturn(submitted, id);
    }

    // The lazy decision: still verifying one millisecond before it is due, decided when it is.
    const due = VALIDATION_MS + (expected.later ?? 0);
    tick(due - 1);
    expect((await adapter.getAuthorization(id)).status).toBe('verifying');
    tick(1);
    const decided = await adapter.getAuthorization(id);
    expect(decided).toMatchObject({
      status: expected.status,
      failure: expected.failure ?? null,
      submitted_at: submittedAt,
      decided_at: new Date(decideFrom + due).toISOString(),
    });

    if (expected.status === 'failed') {
      expect(decided.failure_detail).toMatch(/^Credential validation .{20,}/);
      expect(decided.account_holder).toBeNull();
      expect(await errorCode(adapter.listMeters(id))).toBe('rejected');
      return;
    }
    expect(decided.failure_detail).toBeNull();
    expect(decided.account_holder).toMatch(/^\w+ \w+$/);
    const meters = await adapter.listMeters(id);
    expect(meters.map((m) => m.service)).toEqual(expected.meters);
    for (const m of meters)
      expect(m).toEqual({
        id: expect.stringMatching(/^mtr_/),
        service: m.service,
        service_point: expect.stringMatching(/^SP\d{9}$/),
        meter_number: expect.stringMatching(/^\d{10}$/),
        said: expect.stringMatching(/^\d{10}$/),
        address: expect.stringMatching(/\d{5}$/),
      });
    if (meters.length === 0 || expected.shaped) return;

    const all = { from: '2000-01-01', to: '2100-01-01' };
    const first = await adapter.fetchUsage(id, meters[0].id, all);
    expect(first).toHaveLength(expected.months ?? 0);
    // Complete calendar months back from now(), contiguous, oldest first, the last ending where this month starts.
    const end = (r: { start: string; seconds: number }) => Date.parse(r.start) + r.seconds * 1000;
    first.slice(1).forEach((r, i) => expect(Date.parse(r.start)).toBe(end(first[i])));
    expect(end(first[first.length - 1])).toBe(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), 1));
    expect(first.every((r) => r.start.endsWith('-01T00:00:00.000Z') && r.unit === 'kWh')).toBe(true);

    if (expected.revoked_after_usage) {
      // The first collection completes; the next one (meters listed again) finds consent withdrawn.
      expect(await adapter.fetchUsage(id, meters[1].id, all)).toHaveLength(expected.months ?? 0);
      expect((await adapter.getAuthorization(id)).status).toBe('authorized');
      expect(await errorCode(adapter.listMeters(id))).toBe('revoked');
      expect(await adapter.getAuthorization(id)).toMatchObject({ status: 'revoked', revoked_at: clock.toISOString() });
      expect(await errorCode(adapter.fetchUsage(id, meters[1].id, all))).toBe('revoked');
      return;
    }
    for (const m of meters.slice(1)) expect(await adapter.fetchUsage(id, m.id, all)).toHaveLength(expected.months ?? 0);
    await adapter.subscribe(
      id,
      meters.map((m) => m.id),
    );
    expect((await adapter.getAuthorization(id)).status).toBe('authorized');
  });
});

describe('sign-in journeys', () => {
  it('a homeowner who typed a wrong code signs in again on the same authorization', async () => {
    const { id, url } = await opened();
    await signIn(url, 'good-2fa');
    expectReturn(await post(`${url}/code`, { code: '654321' }), id);
    tick(VALIDATION_MS);
    expect(await adapter.getAuthorization(id)).toMatchObject({
      status: 'failed',
      failure: 'two_factor_failed',
      failure_detail: 'Credential validation failed at 2FA: the code was not accepted',
    });
    expect(await (await fetch(url)).text()).toContain('The verification code was not accepted');

    const again = await signIn(url, 'good-2fa');
    expect(await again.text()).toContain('name="code"');
    expect(await adapter.getAuthorization(id)).toMatchObject({
      status: 'verifying',
      attempts: 2,
      failure: null,
      decided_at: null,
    });
    expectReturn(await post(`${url}/code`, { code: ` ${TWO_FACTOR_CODE} ` }), id);
    tick(VALIDATION_MS);
    expect(await adapter.getAuthorization(id)).toMatchObject({ status: 'authorized', attempts: 2, failure: null });
    expect(await (await fetch(url)).text()).toContain('Your utility account is connected');
    expect((await post(url, { utility: 'We Energies', username: 'homeowner', password: 'x' })).status).toBe(409);
  });

  it('a wrong password, then the right account: the second attempt connects', async () => {
    const { id, url } = await opened();
    await signIn(url, 'wrong-password');
    tick(VALIDATION_MS);
    expect((await adapter.getAuthorization(id)).failure).toBe('wrong_password');
    expect(await (await fetch(url)).text()).toContain('did not accept that username and password');
    expectReturn(await signIn(url, 'Homeowner ', 'Georgia Power'), id);
    tick(VALIDATION_MS);
    expect(await adapter.getAuthorization(id)).toMatchObject({
      status: 'authorized',
      attempts: 2,
      utility: 'Georgia Power',
    });
  });

  it('a code never entered expires after ten minutes, and a late code is refused', async () => {
    const { id, url } = await opened();
    await signIn(url, 'good-2fa');
    tick(CODE_TTL_MS - 1);
    expect((await adapter.getAuthorization(id)).status).toBe('verifying');
    expect(await (await fetch(url)).text()).toContain('name="code"');
    tick(1);
    expect(await adapter.getAuthorization(id)).toMatchObject({
      status: 'failed',
      failure: 'two_factor_expired',
      failure_detail: 'Credential validation failed at 2FA: no code was entered before it expired',
    });
    const late = await post(`${url}/code`, { code: TWO_FACTOR_CODE });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Code expired');
  });

  it('a page still checking the sign-in says so and links back to the portal', async () => {
    const { id, url } = await opened();
    await signIn(url, 'timeout');
    const page = await (await fetch(url)).text();
    expect(page).toContain('Checking your sign-in');
    expect(page).toContain(`href="https://portal.test/jobs/7/usage?tab=utility&amp;authorization=${id}"`);
  });

  it('an incomplete form is shown again with an error, and is no attempt', async () => {
    const { id, url } = await opened();
    const noPassword = await post(url, { utility: 'SoCalGas', username: 'homeowner', password: '' });
    expect(noPassword.status).toBe(400);
    const page = await noPassword.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('Enter both your username and your password.');
    expect(page).toContain('<option selected>SoCalGas</option>');
    const noUtility = await post(url, { utility: 'Acme Power', username: 'homeowner', password: PASSWORD });
    expect(noUtility.status).toBe(400);
    expect(await noUtility.text()).toContain('Choose your utility from the list.');
    expect((await post(`${url}/code`, { code: '1' })).status).toBe(409);
    expect(await adapter.getAuthorization(id)).toMatchObject({ status: 'visited', attempts: 0 });
  });

  it('the sign-in page starts from the utility the portal names for the home, and from none it does not serve', async () => {
    // Issue 42: a New Jersey home was offered a Californian utility, the first of the list.
    const selected = (page: string) => [...page.matchAll(/<option([^>]*) selected[^>]*>([^<]*)</g)].map((m) => m[2]);
    const served = await adapter.createAuthorization({
      reference: '12 Lake Dr, Mahwah, NJ (rebate job ABC234)',
      return_url: RETURN_URL,
      utility: 'rockland electric company',
    });
    const page = await (await fetch(served.url)).text();
    expect(selected(page)).toEqual(['Rockland Electric Company']);
    expect(page).toContain('<strong>12 Lake Dr, Mahwah, NJ (rebate job ABC234)</strong>');
    for (const utility of ['Atlantic City Electric', undefined]) {
      const other = await adapter.createAuthorization({ reference: 'r', return_url: RETURN_URL, utility });
      expect(selected(await (await fetch(other.url)).text())).toEqual(['Choose your utility']);
    }
    // The prompt is no utility: sent as it is, the form comes back asking for one.
    const none = await post(served.url, { utility: '', username: 'homeowner', password: PASSWORD });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose your utility from the list.');
    const long = await fetch(`${sim.url}/api/authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'r', return_url: RETURN_URL, utility: 'x'.repeat(201) }),
    });
    expect(long.status).toBe(400);
  });

  it('never echoes or reports the password', async () => {
    const { id, url } = await opened();
    const pages = [
      await (await signIn(url, 'fail-2fa')).text(),
      await (await post(url, { utility: 'x', username: 'a', password: PASSWORD })).text(),
    ];
    await post(`${url}/code`, { code: '1' });
    tick(VALIDATION_MS);
    pages.push(await (await fetch(url)).text(), JSON.stringify(await adapter.getAuthorization(id)));
    for (const page of pages) expect(page).not.toContain(PASSWORD);
  });

  it('the sign-in page is self-contained, labelled, fit for a phone, and escapes what it shows', async () => {
    const { page } = await opened('<script>alert("job")</script> & co');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('&lt;script&gt;alert(&quot;job&quot;)&lt;/script&gt; &amp; co');
    expect(page).not.toMatch(/<script|<link|<img|src=|url\(|@import|https?:\/\//);
    for (const input of ['utility', 'username', 'password']) expect(page).toContain(`<label for="${input}">`);
    for (const utility of [
      'Pacific Gas and Electric',
      'Southern California Edison',
      'SoCalGas',
      'Georgia Power',
      'We Energies',
    ])
      expect(page).toContain(`<option>${utility}</option>`);
    for (const username of Object.keys(SCENARIOS)) expect(page).toContain(`<code>${username}</code>`);
  });

  it('revoking withdraws access; the sign-in link stops working; revoking again is harmless', async () => {
    const { id, url } = await opened();
    await signIn(url, 'homeowner');
    tick(VALIDATION_MS);
    const [meter] = await adapter.listMeters(id);
    await adapter.revoke(id);
    expect(await adapter.getAuthorization(id)).toMatchObject({ status: 'revoked', revoked_at: clock.toISOString() });
    expect(await errorCode(adapter.listMeters(id))).toBe('revoked');
    expect(await errorCode(adapter.fetchUsage(id, meter.id, { from: '2025-01-01', to: '2026-01-01' }))).toBe('revoked');
    expect(await errorCode(adapter.subscribe(id, [meter.id]))).toBe('revoked');
    expect((await fetch(url)).status).toBe(410);
    expect((await signIn(url, 'homeowner')).status).toBe(410);
    await adapter.revoke(id);
  });

  it('sign-in links use public_url when given', async () => {
    const other = await startUtilitySimulator({ public_url: 'https://utility.example/', validation_ms: 0 });
    try {
      const { id, url } = await httpUtilityData(other.url).createAuthorization({
        reference: 'r',
        return_url: 'http://localhost:3000/back',
      });
      expect(url).toBe(`https://utility.example/authorize/${id}`);
    } finally {
      await other.close();
    }
  });
});

describe('usage data', () => {
  it('serves Green Button ESPI Atom XML', async () => {
    const { id, url } = await opened();
    await signIn(url, 'homeowner');
    tick(VALIDATION_MS);
    const [, gas] = await adapter.listMeters(id);
    const res = await fetch(`${sim.url}/api/authorizations/${id}/meters/${gas.id}/usage?from=2025-06-01&to=2025-09-01`);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi">');
    expect(xml).toContain('<espi:ServiceCategory><espi:kind>1</espi:kind></espi:ServiceCategory>');
    expect(xml).toContain('<espi:powerOfTenMultiplier>-3</espi:powerOfTenMultiplier><espi:uom>169</espi:uom>');
    expect(xml.match(/<espi:IntervalReading>/g)).toHaveLength(3);
    const summer = await adapter.fetchUsage(id, gas.id, { from: '2025-06-01', to: '2025-09-01' });
    expect(summer.map((r) => [r.start.slice(0, 7), r.unit])).toEqual([
      ['2025-06', 'therm'],
      ['2025-07', 'therm'],
      ['2025-08', 'therm'],
    ]);
    expect(await adapter.fetchUsage(id, gas.id, { from: '2025-06-01', to: '2025-09-01' })).toEqual(summer);
  });

  it('the partial scenario holds the last 5 months only, whatever range is asked', async () => {
    const { id, url } = await opened();
    await signIn(url, 'partial');
    tick(VALIDATION_MS);
    const [electric] = await adapter.listMeters(id);
    const readings = await adapter.fetchUsage(id, electric.id, { from: '2024-01-01', to: '2027-01-01' });
    const month = (m: number) => new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() - m, 1)).toISOString();
    expect(readings.map((r) => r.start)).toEqual([month(5), month(4), month(3), month(2), month(1)]);
  });

  it('generates 25 complete months with realistic, seasonal, reproducible values', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    const electric = monthlyUsage({
      authorization_id: 'ua_fixed',
      meter_id: 'mtr_e',
      service: 'electric',
      months: 25,
      now,
    });
    const gas = monthlyUsage({ authorization_id: 'ua_fixed', meter_id: 'mtr_g', service: 'gas', months: 25, now });
    expect(electric).toHaveLength(25);
    expect(electric[0].start.toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(electric[24].start.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(electric.map((r) => r.seconds / 86_400).slice(0, 3)).toEqual([29, 31, 30]);
    for (const r of electric) expect(r.value).toSatisfy((v: number) => v >= 300 && v <= 1500);
    for (const r of gas) expect(r.value).toSatisfy((v: number) => v >= 10 && v <= 120);
    const at = (readings: typeof gas, month: string) =>
      readings.find((r) => r.start.toISOString().startsWith(month))?.value ?? 0;
    expect(at(gas, '2025-01')).toBeGreaterThan(3 * at(gas, '2025-07'));
    expect(Math.min(...electric.map((r) => r.value))).toBeLessThan(
      Math.min(at(electric, '2025-01'), at(electric, '2025-08')),
    );
    expect(
      monthlyUsage({ authorization_id: 'ua_fixed', meter_id: 'mtr_e', service: 'electric', months: 25, now }),
    ).toEqual(electric);
    expect(
      monthlyUsage({ authorization_id: 'ua_other', meter_id: 'mtr_e', service: 'electric', months: 25, now }),
    ).not.toEqual(electric);
  });
});

describe('hostile and mistaken requests', () => {
  const api = (path: string, init?: RequestInit) => fetch(`${sim.url}${path}`, init);
  const postJson = (path: string, body: string) =>
    api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const errorOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

  it('bad JSON, bad shapes and bad return URLs are 400 with an error', async () => {
    expect(await errorOf(await postJson('/api/authorizations', '{"reference":'))).toEqual({
      status: 400,
      body: { error: 'body is not valid JSON' },
    });
    expect(await errorOf(await postJson('/api/authorizations', '[1,2]'))).toEqual({
      status: 400,
      body: { error: 'body must be a JSON object' },
    });
    expect((await postJson('/api/authorizations', '{"return_url":"https://a.test/"}')).status).toBe(400);
    expect(
      (await postJson('/api/authorizations', '{"reference":"r","return_url":"https://a.test/","email":"nope"}')).status,
    ).toBe(400);
    for (const returnUrl of ['javascript:alert(1)', 'ftp://a.test/', '/relative', 42]) {
      const res = await postJson('/api/authorizations', JSON.stringify({ reference: 'r', return_url: returnUrl }));
      expect(await errorOf(res)).toEqual({
        status: 400,
        body: { error: 'return_url must be an http(s) URL of at most 2048 characters' },
      });
    }
    expect(await errorCode(adapter.createAuthorization({ reference: 'r', return_url: 'javascript:alert(1)' }))).toBe(
      'rejected',
    );
  });

  it('a huge body is refused with 413, on the API and on the sign-in form', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    expect(
      await errorOf(
        await postJson('/api/authorizations', JSON.stringify({ reference: huge, return_url: 'https://a.test/' })),
      ),
    ).toEqual({ status: 413, body: { error: 'request body over 16384 bytes' } });
    const { url } = await opened();
    const res = await post(url, { utility: 'SoCalGas', username: 'homeowner', password: huge });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('unknown authorizations, meters and routes are 404; a wrong method is 405', async () => {
    expect(await errorCode(adapter.getAuthorization('ua_nope'))).toBe('not_found');
    expect(await errorCode(adapter.listMeters('ua_nope'))).toBe('not_found');
    expect(await errorCode(adapter.fetchUsage('ua_nope', 'm', { from: '2025-01-01', to: '2025-02-01' }))).toBe(
      'not_found',
    );
    expect(await errorCode(adapter.revoke('ua_nope'))).toBe('not_found');
    expect((await api('/authorize/ua_nope')).status).toBe(404);
    expect((await post(`${sim.url}/authorize/ua_nope`, { username: 'x' })).status).toBe(404);
    expect(await errorOf(await api('/api/nothing'))).toEqual({ status: 404, body: { error: 'no such route' } });
    expect(await errorOf(await api('/api/authorizations', { method: 'DELETE' }))).toEqual({
      status: 405,
      body: { error: 'method not allowed' },
    });
    expect(await errorOf(await api('/api/authorizations/%E0%A4%A'))).toEqual({
      status: 400,
      body: { error: 'malformed path' },
    });

    const { id, url } = await opened();
    await signIn(url, 'homeowner');
    tick(VALIDATION_MS);
    expect(await errorCode(adapter.fetchUsage(id, 'mtr_other', { from: '2025-01-01', to: '2025-02-01' }))).toBe(
      'not_found',
    );
  });

  it('data before authorization is 409; bad usage ranges and subscriptions are 400', async () => {
    const { id, url } = await opened();
    expect(await errorOf(await api(`/api/authorizations/${id}/meters`))).toEqual({
      status: 409,
      body: { error: 'authorization is visited, not authorized' },
    });
    await signIn(url, 'homeowner');
    tick(VALIDATION_MS);
    const [meter] = await adapter.listMeters(id);
    const usage = (query: string) => api(`/api/authorizations/${id}/meters/${meter.id}/usage${query}`);
    for (const query of [
      '',
      '?from=2025-01-01',
      '?from=2025-13-01&to=2026-01-01',
      '?from=2025-02-30&to=2026-01-01',
      '?from=2025-01-01&to=tomorrow',
    ])
      expect((await usage(query)).status).toBe(400);
    expect(await errorOf(await usage('?from=2025-06-01&to=2025-01-01'))).toEqual({
      status: 400,
      body: { error: 'from must not be after to' },
    });
    for (const body of [
      '{}',
      '{"meter_ids":[]}',
      '{"meter_ids":"m"}',
      '{"meter_ids":[1]}',
      '{"meter_ids":["mtr_unknown"]}',
    ]) {
      expect((await postJson(`/api/authorizations/${id}/subscriptions`, body)).status).toBe(400);
    }
    expect(await errorCode(adapter.subscribe(id, ['mtr_unknown']))).toBe('rejected');
  });

  it('keeps serving after all of that', async () => {
    expect(await (await fetch(`${sim.url}/api/health`)).json()).toEqual({ ok: true });
    const { id } = await opened();
    expect((await adapter.getAuthorization(id)).status).toBe('visited');
  });
});

describe('feed shapes: local time, solar, partial months, 15 minutes, gas bills, an unreadable feed', () => {
  // 15 March 2026, 05:00 in Los Angeles (PDT since 8 March).
  const now = new Date('2026-03-15T12:00:00.000Z');
  let shaped: { url: string; close(): Promise<void> };
  let client: UtilityDataAdapter;
  beforeAll(async () => {
    shaped = await startUtilitySimulator({ now: () => now, validation_ms: 0 });
    client = httpUtilityData(shaped.url, { timeout_ms: 30_000 });
  });
  afterAll(() => shaped.close());

  /** The usage of every meter of a new authorization signed in as `username`, from 2024 to tomorrow. */
  async function usageOf(username: string) {
    const { id, url } = await client.createAuthorization({ reference: username, return_url: RETURN_URL });
    await signIn(url, username);
    const meters = await client.listMeters(id);
    const range = { from: '2024-01-01', to: '2026-03-16' };
    return {
      id,
      meters,
      usage: async (i: number) => ({ meter: meters[i], readings: await client.fetchUsage(id, meters[i].id, range) }),
    };
  }
  /** Local (Pacific) month of a reading, and sums of a channel by it. */
  const local = (r: UsageReading) => new Date(Date.parse(r.start) + r.utc_offset * 1000).toISOString().slice(0, 7);
  const byMonth = (readings: UsageReading[], channel = 'delivered') => {
    const out = new Map<string, number>();
    for (const r of readings.filter((x) => x.channel === channel))
      out.set(local(r), (out.get(local(r)) ?? 0) + r.value);
    return out;
  };
  /** The simulator's model for a whole local month (kWh or therms, as the feed's whole units round it). */
  const modelled = (id: string, meter: string, service: 'electric' | 'gas', month: string, days: number) =>
    Math.round(monthValue(service, `${id}:${meter}`, Number(month.slice(5)) - 1, days, month) * 1000) / 1000;

  it('pacific: hourly readings carry the offset of their local time; each local month adds up to the model, March 2025 has 743 hours', async () => {
    const { id, usage } = await usageOf('pacific');
    const { meter, readings } = await usage(0);
    expect(readings.every((r) => r.seconds === 3600 && r.channel === 'delivered')).toBe(true);
    const at = (iso: string) => readings.find((r) => r.start === iso);
    expect(at('2026-01-15T08:00:00.000Z')?.utc_offset).toBe(-28_800);
    expect(at('2025-07-15T07:00:00.000Z')?.utc_offset).toBe(-25_200);
    const months = byMonth(readings);
    // 13 whole local months, February 2025 to February 2026; the readings start at local midnight on 1 February.
    expect([...months.keys()]).toHaveLength(13);
    expect(readings[0].start).toBe('2025-02-01T08:00:00.000Z');
    expect(readings.filter((r) => local(r) === '2025-03')).toHaveLength(31 * 24 - 1);
    expect(readings.filter((r) => local(r) === '2025-11')).toHaveLength(30 * 24 + 1);
    for (const [month, sum] of months) {
      const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate();
      expect(sum).toBeCloseTo(modelled(id, meter.id, 'electric', month, days), 6);
    }
  });

  it('solar: delivered, received and net channels; net is delivered minus received, reading by reading', async () => {
    const { usage } = await usageOf('solar');
    const { readings } = await usage(0);
    const of = (channel: string) => readings.filter((r) => r.channel === channel);
    expect(of('delivered').length).toBe(of('received').length);
    expect(of('net').length).toBe(of('delivered').length);
    const received = new Map(of('received').map((r) => [r.start, r.value]));
    for (const r of of('net').slice(0, 500)) {
      const d = of('delivered').find((x) => x.start === r.start)!;
      expect(r.value).toBeCloseTo(d.value - received.get(r.start)!, 9);
    }
    const july = byMonth(readings, 'received').get('2025-07') ?? 0;
    const january = byMonth(readings, 'received').get('2026-01') ?? 0;
    expect(july).toBeGreaterThan(2 * january);
  });

  it('partial-month: daily readings from 17 February 2025 up to the last whole day before now', async () => {
    const { usage } = await usageOf('partial-month');
    const { readings } = await usage(1);
    expect(readings[0]).toMatchObject({ start: '2025-02-17T08:00:00.000Z', seconds: 86_400, unit: 'therm' });
    const last = readings.at(-1)!;
    // 14 March 2026, local midnight (PDT) to local midnight: the day in progress is not served.
    expect(last).toMatchObject({ start: '2026-03-14T07:00:00.000Z', seconds: 86_400 });
    // 8 March 2026 (clocks forward) lasts 23 hours.
    expect(readings.find((r) => r.start === '2026-03-08T08:00:00.000Z')?.seconds).toBe(23 * 3600);
  });

  it('interval-15: four readings an hour, in Wh', async () => {
    const { usage } = await usageOf('interval-15');
    const { readings } = await usage(0);
    expect(readings.every((r) => r.seconds === 900)).toBe(true);
    expect(readings.filter((r) => local(r) === '2025-06')).toHaveLength(30 * 96);
  });

  it('gas-bill: one bill a month read on the 14th at local midnight, therms x 10^-5', async () => {
    const { id, usage } = await usageOf('gas-bill');
    const { meter, readings } = await usage(0);
    expect(readings).toHaveLength(13);
    // February 2025 to February 2026; each February bill spans the change to DST (an hour short).
    expect(readings[0]).toMatchObject({
      start: '2025-02-14T08:00:00.000Z',
      seconds: 28 * 86_400 - 3600,
      unit: 'therm',
    });
    expect(readings[1]).toMatchObject({ start: '2025-03-14T07:00:00.000Z', seconds: 31 * 86_400 });
    expect(readings.at(-1)).toMatchObject({ start: '2026-02-14T08:00:00.000Z', seconds: 28 * 86_400 - 3600 });
    const days = (28 * 86_400 - 3600) / 86_400;
    const first = Math.round(monthValue('gas', `${id}:${meter.id}`, 1, days, '2025-02') * 1e5) / 1e5;
    expect(readings[0].value).toBeCloseTo(first, 9);
  });

  it('unreadable-feed: the electric feed holds only demand, which cannot be read; the gas feed can', async () => {
    const { id, meters, usage } = await usageOf('unreadable-feed');
    expect(await errorCode(client.fetchUsage(id, meters[0].id, { from: '2025-01-01', to: '2026-01-01' }))).toBe(
      'unreadable',
    );
    expect((await usage(1)).readings.length).toBeGreaterThan(300);
  });
});
