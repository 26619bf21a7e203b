/**
 * The Reconciliation screen: each program's month with its tallies, budget movements and the jobs whose money differs
 * (linked to the job); the ledger check on top; choosing a program asks the API for that program only; nothing to
 * reconcile reads as such.
 */

import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, settle, type Mounted } from '../../web/lib/testing/render.tsx';
import type { Reconciliation } from '../../engine/api/reconciliation.ts';

const { Component: ReconciliationPage } =
  await import('../../web/features/reconciliation/components/reconciliation-page.tsx');

const tally = (count: number, cents: number) => ({ count, cents });
const REPORT: Reconciliation = {
  months: [
    {
      program_id: 'reco',
      program_name: 'RECO',
      month: '2026-06',
      approved: tally(4, 1_150_000),
      payables_created: tally(4, 1_150_000),
      paid: tally(3, 850_000),
      rejected: tally(1, 300_000),
      paid_by_hand: tally(0, 0),
      budget: {
        allocated: 0,
        adjusted: 0,
        reserved: 1_200_000,
        released: 0,
        committed: 850_000,
        uncommitted: 0,
        spent: 850_000,
      },
      differences: [
        {
          job_id: 7,
          job_code: 'RC0007',
          kind: 'paid_other_than_rebate',
          expected_cents: 300_000,
          actual_cents: 250_000,
          message: 'Paid $2,500.00 through accounts payment; the rebate is $3,000.00.',
        },
      ],
    },
  ],
  ledger_differences: ['reco: reserved 50.00, its jobs\u2019 sum 0.00'],
};

let page: Mounted | undefined;
let asked: string[] = [];

function serve(report: Reconciliation) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      const body =
        url.pathname === '/api/programs'
          ? { items: [{ id: 'reco', name: 'RECO' }], total: 1, page_number: 1, per_page: 200 }
          : url.pathname === '/api/reconciliation'
            ? (asked.push(url.search), report)
            : { detail: 'Not found' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

describe('Reconciliation page', () => {
  it('shows each month’s figures, the budget movements, the differing jobs and the ledger check', async () => {
    serve(REPORT);
    page = await mount({ path: '/reconciliation', Component: ReconciliationPage, at: '/reconciliation' });
    const row = page.host.querySelector('[data-row="reco:2026-06"]')!;
    expect(row.textContent).toContain('$11,500.00');
    expect(row.textContent).toContain('4 approvals');
    expect(row.textContent).toContain('1 rejection');
    expect(row.textContent).toContain('Reserved$12,000.00');
    expect(row.textContent).not.toContain('Uncommitted');
    const link = row.querySelector<HTMLAnchorElement>('[data-kind="paid_other_than_rebate"] a')!;
    expect(link.textContent).toBe('RC0007');
    expect(link.getAttribute('href')).toBe('/7');
    expect(page.text()).toContain('The budget ledger differs');
    expect(page.text()).toContain('reco: reserved 50.00');
    // The wide table scrolls in a region a keyboard reaches (axe: scrollable-region-focusable), named for a reader.
    const region = page.host.querySelector<HTMLElement>('.reconciliation-scroll')!;
    expect([region.tabIndex, region.getAttribute('role'), region.getAttribute('aria-label')]).toEqual([
      0,
      'region',
      'Reconciliation by program and month',
    ]);
  });

  it('asks for one program when one is chosen; an empty answer says there is nothing to reconcile', async () => {
    serve({ months: [], ledger_differences: [] });
    page = await mount({ path: '/reconciliation', Component: ReconciliationPage, at: '/reconciliation' });
    expect(page.text()).toContain('Nothing to reconcile');
    expect(page.text()).toContain('The budget ledger agrees');
    const select = page.host.querySelector<HTMLSelectElement>('select[aria-label="Program"]')!;
    await act(async () => {
      select.value = 'reco';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(asked).toEqual(['', '?program_id=reco']);
  });
});
