/**
 * The ops payment panel: the rebate the job may be paid; a second ops user approves a waiting ask (the one who asked
 * gets no buttons); asking to pay more needs an amount in dollars and a reason and posts cents; nothing at all for a
 * program that pays no rebate through accounts payment.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { JobPayment } from '../api/payment.ts';
import { button, click, hasButton, mockApi, mount, settle, type Mounted } from '../../../lib/testing/render.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toaster.ts', () => ({
  errorToast: (m: string) => void toasts.push(m),
  successToast: (m: string) => void toasts.push(m),
}));

const { PaymentOverridePanel } = await import('./payment-override-panel.tsx');

const GET = 'GET /api/jobs/7/payment';
const ASK = 'POST /api/jobs/7/payment-override';
const DECIDE = 'POST /api/jobs/7/payment-override/decision';
const WAITING = {
  id: 1,
  amount_cents: 800_000,
  limit_cents: 120_000,
  reason: 'County match funds',
  status: 'requested' as const,
  requested_by: 'Olive Ops',
  requested_at: '2026-06-01T15:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_note: null,
};
const view = (o: Partial<JobPayment> = {}): JobPayment => ({
  pays_through_accounts_payment: true,
  limit_cents: 120_000,
  approved_up_to_cents: null,
  overrides: [],
  abilities: { request: true, decide: false },
  ...o,
});

let panel: Mounted | undefined;
const open = async () => (panel = await mount({ path: '/', at: '/', element: <PaymentOverridePanel jobId={7} /> }));
afterEach(async () => {
  await panel?.unmount();
  panel = undefined;
  toasts.length = 0;
  vi.unstubAllGlobals();
});

/** Types into a text input or textarea as a person would (React reads the native setter's value). */
async function type(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

describe('the ops payment panel', () => {
  it('says what the job may be paid; a second ops user approves the waiting ask', async () => {
    const api = mockApi({
      [GET]: { body: view({ overrides: [WAITING], abilities: { request: false, decide: true } }) },
      [DECIDE]: {
        body: view({
          approved_up_to_cents: 800_000,
          overrides: [{ ...WAITING, status: 'approved', decided_by: 'Oscar Ops', decided_at: '2026-06-01T16:00:00Z' }],
          abilities: { request: false, decide: false },
        }),
      },
    });
    await open();
    expect(panel!.text()).toContain('Payable up to the rebate, $1,200.00.');
    expect(panel!.host.querySelector('.payment-override-decide')?.textContent).toContain(
      'Olive Ops asks to pay up to $8,000.00: County match funds',
    );
    await click(button(panel!.host, 'Approve'));
    expect(api.calls.find((c) => `${c.method} ${c.path}` === DECIDE)?.body).toEqual({ approve: true });
    expect(toasts).toEqual(['Override approved.']);
    expect(panel!.text()).toContain('An approved override allows up to $8,000.00.');
    expect(panel!.text()).toContain('approved by Oscar Ops');
    expect(hasButton(panel!.host, 'Approve')).toBe(false);
  });

  it('the one who asked sees it waiting, without buttons to decide it', async () => {
    mockApi({ [GET]: { body: view({ overrides: [WAITING], abilities: { request: false, decide: false } }) } });
    await open();
    expect(panel!.text()).toContain('Waiting for a second ops user');
    expect(hasButton(panel!.host, 'Approve')).toBe(false);
    expect(hasButton(panel!.host, 'Ask to pay more…')).toBe(false);
  });

  it('asking needs an amount in dollars and a reason, and posts cents', async () => {
    const api = mockApi({ [GET]: { body: view() }, [ASK]: { body: view({ overrides: [WAITING] }) } });
    await open();
    await click(button(panel!.host, 'Ask to pay more…'));
    const dialog = document.querySelector('.bp6-dialog')!;
    await click(button(dialog, 'Ask for approval'));
    expect(dialog.textContent).toContain('Enter an amount in dollars, such as 8,000.00');
    expect(dialog.textContent).toContain('This field is required');
    expect(api.count(ASK)).toBe(0);
    await type(dialog.querySelector('#override-amount')!, '8,000.50');
    await type(dialog.querySelector('#override-reason')!, 'County match funds');
    await click(button(dialog, 'Ask for approval'));
    expect(api.calls.find((c) => `${c.method} ${c.path}` === ASK)?.body).toEqual({
      amount_cents: 800_050,
      reason: 'County match funds',
    });
  });

  it('nothing for a program that pays no rebate through accounts payment', async () => {
    mockApi({ [GET]: { body: view({ pays_through_accounts_payment: false }) } });
    await open();
    expect(panel!.text()).toBe('');
  });
});
