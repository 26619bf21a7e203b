/**
 * The homeowner's usage page (/connect/:token), state by state: connect asks for consent before it
 * connects and then goes to the utility's page; upload bills instead declines; retry says what to do
 * next and offers connect again; verifying reads again until the collection moves on; a dead link is a
 * page of its own with the server's words; a refusal shows the server's words and the page stays usable.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectView } from '../api/get-connect-view.ts';
import { button, click, hasButton, mockApi, mount, settle, type Mounted } from '../../../lib/testing/render.tsx';

vi.mock('../../../lib/toaster.ts', () => ({ errorToast: () => undefined, successToast: () => undefined }));

const { Component } = await import('./connect-page.tsx');
const { CONNECT_TEXT } = await import('./usage-text.ts');

const VIEW = 'GET /api/usage-connect/tok-1';
const CONNECT = 'POST /api/usage-connect/tok-1/connect';
const DECLINE = 'POST /api/usage-connect/tok-1/decline';

const view = (over: Partial<ConnectView> = {}): ConnectView => ({
  job_code: 'HX7K2',
  program_name: 'Home Electrification Rebates',
  homeowner_name: 'Ana Diaz',
  state: 'connect',
  message: 'Connect your utility account so the program can read your home’s energy use.',
  can_connect: true,
  ...over,
});

let page: Mounted;
let assign: ReturnType<typeof vi.fn>;
const open = async () =>
  (page = await mount({ path: '/connect/:token', at: '/connect/tok-1?authorization=au_1', Component }));
const consentBox = () => page.host.querySelector<HTMLInputElement>('#usage-consent')!;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost/connect/tok-1', assign });
});
afterEach(async () => {
  await page?.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connect', () => {
  it('names the program and the job, and says what is shared and that the password stays with the utility', async () => {
    mockApi({ [VIEW]: { body: view() } });
    await open();
    expect(page.host.querySelector('h1')?.textContent).toBe(CONNECT_TEXT.title);
    expect(page.text()).toContain('Home Electrification Rebates');
    expect(page.text()).toContain('Job HX7K2');
    expect(page.text()).toContain(view().message);
    expect(page.text()).toContain(CONNECT_TEXT.what_shared);
    expect(page.text()).toContain(CONNECT_TEXT.password);
    expect(page.text()).toContain(CONNECT_TEXT.consent);
  });

  it('does nothing without consent but say so; with consent it posts consent and goes to the utility’s page', async () => {
    const api = mockApi({
      [VIEW]: { body: view() },
      [CONNECT]: { body: { url: 'https://utility.example/authorize?session=s1' } },
    });
    await open();
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(api.count(CONNECT)).toBe(0);
    expect(page.host.querySelector('[role="alert"]')?.textContent).toBe(CONNECT_TEXT.consent_required);
    expect(assign).not.toHaveBeenCalled();

    await click(consentBox());
    expect(consentBox().checked).toBe(true);
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/usage-connect/tok-1/connect', body: { consent: true } },
    ]);
    expect(assign).toHaveBeenCalledWith('https://utility.example/authorize?session=s1');
    // Still spinning while the utility's page loads: no second press.
    expect(button(page.host, CONNECT_TEXT.connect).classList.contains('bp6-loading')).toBe(true);
  });

  it('never sends the window to an address that is not a web page', async () => {
    mockApi({ [VIEW]: { body: view() }, [CONNECT]: { body: { url: 'javascript:alert(1)' } } });
    await open();
    await click(consentBox());
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(assign).not.toHaveBeenCalled();
    expect(page.text()).toContain(CONNECT_TEXT.bad_url);
  });

  it('shows the server’s words when the service is down, and the button works again', async () => {
    mockApi({
      [VIEW]: { body: view() },
      [CONNECT]: {
        status: 503,
        body: {
          code: 'unavailable',
          detail: 'The utility data service is not available right now. Please try again in a few minutes.',
        },
      },
    });
    await open();
    await click(consentBox());
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(page.host.querySelector('.bp6-callout.bp6-intent-danger')?.textContent).toContain(
      'The utility data service is not available right now.',
    );
    expect(assign).not.toHaveBeenCalled();
    const b = button(page.host, CONNECT_TEXT.connect);
    expect(b.disabled).toBe(false);
    expect(b.classList.contains('bp6-loading')).toBe(false);
  });

  it('reads the message of an { error: { message } } body too', async () => {
    mockApi({
      [VIEW]: { body: view() },
      [CONNECT]: { status: 409, body: { error: { code: 'conflict', message: 'Your answer is already recorded.' } } },
    });
    await open();
    await click(consentBox());
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(page.text()).toContain('Your answer is already recorded.');
  });
});

describe('upload bills instead', () => {
  it('declines with no body and shows the declined message', async () => {
    const declined = view({
      state: 'declined',
      can_connect: false,
      message:
        'You chose not to connect your utility account. Your contractor will ask you for your utility bills instead.',
    });
    const api = mockApi({ [VIEW]: { body: view() }, [DECLINE]: { body: declined } });
    await open();
    await click(button(page.host, CONNECT_TEXT.decline));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/usage-connect/tok-1/decline', body: undefined },
    ]);
    expect(page.text()).toContain(declined.message);
    expect(page.text()).toContain(CONNECT_TEXT.declined_title);
    expect(hasButton(page.host, CONNECT_TEXT.connect)).toBe(false);
    expect(hasButton(page.host, CONNECT_TEXT.decline)).toBe(false);
  });

  it('once declined, offers connect again when the server allows it (but not declining twice)', async () => {
    mockApi({ [VIEW]: { body: view({ state: 'declined', can_connect: true, message: 'You chose not to connect.' }) } });
    await open();
    expect(page.text()).toContain(CONNECT_TEXT.changed_mind);
    expect(hasButton(page.host, CONNECT_TEXT.connect)).toBe(true);
    expect(hasButton(page.host, CONNECT_TEXT.decline)).toBe(false);
  });
});

describe('retry', () => {
  it('shows what to do next as a warning, and the connect button again', async () => {
    const message = 'The utility did not accept that username and password. Please check them and try again.';
    const api = mockApi({
      [VIEW]: { body: view({ state: 'retry', message }) },
      [CONNECT]: { body: { url: 'https://utility.example/authorize?session=s2' } },
    });
    await open();
    const warning = page.host.querySelector('.bp6-callout.bp6-intent-warning');
    expect(warning?.textContent).toContain(message);
    await click(consentBox());
    await click(button(page.host, CONNECT_TEXT.connect));
    expect(api.count(CONNECT)).toBe(1);
    expect(assign).toHaveBeenCalledWith('https://utility.example/authorize?session=s2');
  });
});

describe('while the utility and the program work', () => {
  it('verifying: a spinner and the message, read again every 2 s until collecting, then complete, then no more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({
      [VIEW]: [
        { body: view({ state: 'verifying', can_connect: false, message: 'Your utility is checking your sign-in.' }) },
        {
          body: view({
            state: 'collecting',
            can_connect: false,
            message: 'Your account is connected. We are collecting your usage.',
          }),
        },
        { body: view({ state: 'complete', can_connect: false, message: 'Thank you. Your usage has been collected.' }) },
      ],
    });
    await open();
    expect(page.text()).toContain('Your utility is checking your sign-in.');
    expect(page.host.querySelector('[aria-current="step"]')?.textContent).toContain('Your utility checks your sign-in');
    expect(page.host.querySelector('[aria-current="step"] .bp6-spinner')).not.toBeNull();
    expect(hasButton(page.host, CONNECT_TEXT.connect)).toBe(false);

    await settle(2000);
    expect(api.count(VIEW)).toBe(2);
    expect(page.text()).toContain('We are collecting your usage.');
    expect(page.host.querySelector('.bp6-progress-bar')).not.toBeNull();

    await settle(2000);
    expect(api.count(VIEW)).toBe(3);
    expect(page.host.querySelector('.bp6-callout.bp6-intent-success')?.textContent).toContain(
      'Your usage has been collected.',
    );

    await settle(10_000);
    expect(api.count(VIEW)).toBe(3);
  });
});

describe('a dead link', () => {
  it('expired (410): a page of its own with the server’s words, no form', async () => {
    mockApi({
      [VIEW]: {
        status: 410,
        body: { code: 'gone', detail: 'This link has expired. Please ask your contractor for a new invite.' },
      },
    });
    await open();
    expect(page.text()).toContain(CONNECT_TEXT.link_expired_title);
    expect(page.text()).toContain('Please ask your contractor for a new invite.');
    expect(page.host.querySelector('#usage-consent')).toBeNull();
  });

  it('unknown or replaced (404): says so', async () => {
    mockApi({ [VIEW]: { status: 404, body: { error: { code: 'not_found', message: 'This link is not valid.' } } } });
    await open();
    expect(page.text()).toContain(CONNECT_TEXT.link_invalid_title);
    expect(page.text()).toContain('This link is not valid.');
  });
});
