/**
 * The Mail outbox page: the sent mail listed newest first (subject, recipient, time), a message opens to
 * its body as plain text (its one-time links are not links), the Templates tab shows each template with
 * its placeholders marked and their meaning, and an empty outbox says so.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { click as clickOn, mockApi, mount, type Mounted } from '../../../lib/testing/render.tsx';
import type { OutboxMessages, MailTemplateList } from '../../../../engine/api/misc.ts';
import { Component as OutboxPage } from './outbox-page.tsx';

const SENT: OutboxMessages = [
  {
    id: 2,
    to_address: 'ann@example.test',
    subject: 'Reset your password',
    body: 'Open this link within an hour to choose a new password: https://portal.test/login?reset=tok2',
    created_at: '2026-06-01T15:05:00.000Z',
  },
  {
    id: 1,
    to_address: 'new.tech@example.test',
    subject: 'You are invited to the rebate portal',
    body: 'Olive Ops invited you. Sign in here (the link works once, for 72 hours): https://portal.test/login?token=tok1',
    created_at: '2026-06-01T15:00:00.000Z',
  },
];
const TEMPLATES: MailTemplateList = [
  {
    key: 'password_reset',
    title: 'Password reset',
    audience: 'Anyone with an account',
    when: 'Someone asks for a reset on the sign-in page.',
    subject: 'Reset your password',
    body: 'Open this link within {valid_for} to choose a new password: {link}',
    placeholders: { valid_for: "How long the link works ('an hour')", link: 'The one-time reset link' },
  },
];

let page: Mounted | undefined;
let host: HTMLElement;

/** Mounts the page at `at` with the API answering the outbox and the templates. */
async function open(outbox: OutboxMessages, at = '/mail-outbox') {
  mockApi({ 'GET /api/auth/outbox': { body: outbox }, 'GET /api/mail/templates': { body: TEMPLATES } });
  page = await mount({ path: '/mail-outbox', Component: OutboxPage, at });
  host = page.host;
}
async function click(el: Element | null | undefined) {
  if (!el) throw new Error('nothing to click');
  await clickOn(el);
}
const heads = () => Array.from(host.querySelectorAll<HTMLButtonElement>('.mail-message-head'));
const tab = (name: string) =>
  Array.from(host.querySelectorAll('[role="tab"]')).find((t) => t.textContent?.startsWith(name));

afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

describe('Sent', () => {
  it('lists the messages newest first with subject, recipient and time, bodies closed', async () => {
    await open(SENT);
    expect(tab('Sent')?.textContent).toBe('Sent (2)');
    expect(heads().map((h) => h.querySelector('.mail-message-subject')?.textContent)).toEqual([
      'Reset your password',
      'You are invited to the rebate portal',
    ]);
    expect(heads()[1].querySelector('.mail-message-to')?.textContent).toBe('To new.tech@example.test');
    expect(heads()[0].querySelector('time')?.getAttribute('dateTime')).toBe('2026-06-01T15:05:00.000Z');
    expect(heads().every((h) => h.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(host.querySelector('.mail-body')).toBeNull();
  });

  it('a click opens the body as plain text, its link not clickable; another click closes it', async () => {
    await open(SENT);
    await click(heads()[1]);
    expect(heads()[1].getAttribute('aria-expanded')).toBe('true');
    const body = host.querySelector('pre.mail-body');
    expect(body?.textContent).toBe(SENT[1].body);
    expect(body?.querySelector('a')).toBeNull();
    expect(host.querySelectorAll('a[href*="token="]')).toHaveLength(0);
    await click(heads()[1]);
    expect(host.querySelector('.mail-body')).toBeNull();
  });

  it('an empty outbox says no mail was sent yet', async () => {
    await open([]);
    expect(host.querySelector('.bp6-non-ideal-state')?.textContent).toContain('No mail sent yet.');
    expect(heads()).toHaveLength(0);
  });
});

describe('Templates', () => {
  it('shows each template: who and when, subject and body with placeholders marked, and what each placeholder means', async () => {
    await open(SENT);
    await click(tab('Templates'));
    const card = host.querySelector('[data-template="password_reset"]')!;
    expect(card.querySelector('h2')?.textContent).toBe('Password reset');
    expect(card.textContent).toContain('Anyone with an account');
    expect(card.textContent).toContain('Someone asks for a reset on the sign-in page.');
    expect(Array.from(card.querySelectorAll('pre.mail-body code.mail-placeholder')).map((c) => c.textContent)).toEqual([
      '{valid_for}',
      '{link}',
    ]);
    expect(card.querySelector('pre.mail-body')?.textContent).toBe(TEMPLATES[0].body);
    const meanings = Array.from(card.querySelectorAll('.mail-placeholders-item')).map((i) => [
      i.querySelector('dt')?.textContent,
      i.querySelector('dd')?.textContent,
    ]);
    expect(meanings).toEqual([
      ['{valid_for}', "How long the link works ('an hour')"],
      ['{link}', 'The one-time reset link'],
    ]);
  });

  it('opens on the Templates tab from its address', async () => {
    await open(SENT, '/mail-outbox?tab=templates');
    expect(tab('Templates')?.getAttribute('aria-selected')).toBe('true');
    expect(host.querySelector('[data-template="password_reset"]')).not.toBeNull();
  });
});
