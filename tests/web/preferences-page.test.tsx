/**
 * The Preferences screen: the user_preferences form (the repository's own) filled with the saved
 * preferences; moving a tab and setting a tab's SLA days then Save sends them (PUT /api/preferences),
 * says so, and this browser's remembered copies follow; a 422 shows the server's message under its field.
 */

import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click as clickOn, mount, settle, type Mounted } from '../../web/lib/testing/render.tsx';
import type { Preferences } from '../../engine/api/admin-requests.ts';
import { PREFERENCE_DEFAULTS } from '../../engine/constants.ts';
import { loadRepo } from '../load-repo.ts';

const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock('../../web/lib/toaster.ts', () => ({
  successToast: (m: string) => toasts.success.push(m),
  errorToast: () => undefined,
}));
const { Component: PreferencesPage } = await import('../../web/features/preferences/components/preferences-page.tsx');
const { readPreference } = await import('../../web/lib/preferences.ts');

const form = loadRepo().forms.user_preferences;
const DOCUMENT = {
  key: form.key,
  title: form.title,
  description: form.description,
  schema: form.schema,
  ui_schema: form.ui_schema,
  messages: form.messages ?? {},
  rules: [],
};
const ORDER_MESSAGE = 'Please order all five stage tabs (Apply, Review, Install, Enroll and Pay), each once.';
const SAVED: Preferences = {
  ...PREFERENCE_DEFAULTS,
  bucket_order: ['Review', 'Apply', 'Install', 'Enroll', 'Pay'],
  sla_days_in_stage: { Review: 2 },
  jobs_per_page: 25,
} as Preferences;

let page: Mounted | undefined;
let host: HTMLElement;
let sent: Record<string, unknown>[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Mounts the page; PUT answers `put` (the body echoed on top of SAVED by default). */
async function open(put?: () => Response) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/forms/user_preferences') return json(DOCUMENT);
      if (path === '/api/preferences' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return put ? put() : json({ ...SAVED, ...body });
      }
      if (path === '/api/preferences') return json(SAVED);
      return json({ detail: 'Not found' }, 404);
    }),
  );
  page = await mount({ path: '/preferences', Component: PreferencesPage, at: '/preferences' });
  host = page.host;
}
async function click(el: Element | null | undefined) {
  if (!el) throw new Error('nothing to click');
  await clickOn(el);
}
async function type(el: HTMLInputElement | null, value: string) {
  if (!el) throw new Error('no input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}
const tabOrder = () => Array.from(host.querySelectorAll('.rjsf-bp-ordered-label')).map((e) => e.textContent);
const slaInput = (tab: string) => host.querySelector<HTMLInputElement>(`input[id$="sla_days_in_stage_${tab}"]`);
const button = (label: string) =>
  Array.from(host.querySelectorAll('button')).find(
    (b) => b.textContent === label || b.getAttribute('aria-label') === label,
  );

afterEach(async () => {
  await page?.unmount();
  localStorage.clear();
  toasts.success = [];
  vi.unstubAllGlobals();
});

describe('Preferences page', () => {
  it('renders the user_preferences form with the saved preferences', async () => {
    await open();
    expect(host.querySelector('h1')?.textContent).toContain('Preferences');
    expect(tabOrder()).toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay']);
    expect(slaInput('Review')?.value).toBe('2');
    expect(slaInput('Apply')?.value).toBe('');
    expect(host.textContent).toContain('Jobs per page');
    expect(host.textContent).toContain('Keep the sidebar open');
  });

  it('moves a tab, sets a tab’s SLA days and saves them; this browser remembers them for the jobs list', async () => {
    await open();
    await click(button('Move Pay up'));
    expect(tabOrder()).toEqual(['Review', 'Apply', 'Install', 'Pay', 'Enroll']);
    await type(slaInput('Install'), '30');
    await click(button('Save'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      bucket_order: ['Review', 'Apply', 'Install', 'Pay', 'Enroll'],
      sla_days_in_stage: { Review: 2, Install: 30 },
      jobs_per_page: 25,
    });
    expect(toasts.success).toEqual(['Preferences saved.']);
    expect(readPreference('bucket_order')).toEqual(['Review', 'Apply', 'Install', 'Pay', 'Enroll']);
    expect(readPreference('sla_days_in_stage')).toEqual({ Review: 2, Install: 30 });
  });

  it('emptying every SLA saves "no limit" on every tab, not the previous days', async () => {
    await open();
    await type(slaInput('Review'), '');
    await click(button('Save'));
    expect(sent[0].sla_days_in_stage).toEqual({});
  });

  it('checks the form before sending: days out of range are shown under their field and nothing is sent', async () => {
    await open();
    await type(slaInput('Review'), '400');
    await click(button('Save'));
    expect(sent).toHaveLength(0);
    expect(host.querySelector('.rjsf-bp-has-error')).not.toBeNull();
  });

  it('shows the server’s 422 message under its field', async () => {
    await open(() => json({ detail: ORDER_MESSAGE, errors: [{ path: 'bucket_order', message: ORDER_MESSAGE }] }, 422));
    await click(button('Save'));
    expect(sent).toHaveLength(1);
    expect(host.textContent).toContain(ORDER_MESSAGE);
    expect(toasts.success).toEqual([]);
  });
});
