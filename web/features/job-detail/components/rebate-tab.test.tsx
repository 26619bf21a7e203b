/**
 * The rebate card's three phases (spec sect. 4): the initial range, the final amount (the rules' figure, or
 * the one the program shared, said so), and the payment sent.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { IncentiveResult } from '../../../../engine/types.ts';
import { RebateSummary, SHARED_NOTE } from './rebate-tab.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function render(incentive: IncentiveResult, viewer: 'ops' | 'contractor' = 'contractor'): string {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<RebateSummary incentive={incentive} viewer={viewer} />));
  return host.textContent ?? '';
}

const line = { id: 'heat_pump', label: 'Heat pump', kind: 'measure' as const, amount_cents: 120_000, min_cents: 40_000, max_cents: 120_000 };

describe('rebate card', () => {
  it('the initial range, then the final amount, then the payment sent', () => {
    expect(render({ phase: 'range', range: { min_cents: 40_000, max_cents: 120_000 }, final_cents: null, lines: [line] })).toContain('$400.00 – $1,200.00');
    act(() => root!.unmount());
    const final = render({ phase: 'final', range: { min_cents: 120_000, max_cents: 120_000 }, final_cents: 120_000, lines: [line] });
    expect(final).toContain('Final rebate amount');
    expect(final).not.toContain(SHARED_NOTE);
    act(() => root!.unmount());
    expect(render({ phase: 'payment_sent', range: { min_cents: 120_000, max_cents: 120_000 }, final_cents: 120_000, payment: { amount_cents: 120_000, sent_date: '2026-06-01' }, lines: [line] })).toContain('Payment sent on');
  });

  it('a final amount the program shared says so, and its line items are the calculation', () => {
    const text = render({ phase: 'final', shared: true, range: { min_cents: 40_000, max_cents: 120_000 }, final_cents: 275_000, lines: [line] });
    expect(text).toContain('$2,750.00');
    expect(text).toContain(SHARED_NOTE);
    expect(text).toContain('Calculated');
  });

  it("says how each line is worked out in the program's words; ops alone get Why? with the values read and the rule as traced", () => {
    const described = { ...line, description: "Estimated from the heat pump's deemed energy savings.", explanation: 'Heat pump line 1,200.00 from heat_pump.estimate.max', why: 'Deemed savings, high (Review deemed range): 1200' };
    const contractor = render({ phase: 'range', range: { min_cents: 40_000, max_cents: 120_000 }, final_cents: null, lines: [described] });
    expect(contractor).toContain("Estimated from the heat pump's deemed energy savings.");
    expect(contractor).not.toContain('Why?');
    expect(contractor).not.toContain('heat_pump.estimate.max');
    act(() => root!.unmount());
    const ops = render({ phase: 'range', range: { min_cents: 40_000, max_cents: 120_000 }, final_cents: null, lines: [described] }, 'ops');
    expect(ops).toContain('Why?');
    expect(ops).toContain('It used Deemed savings, high (Review deemed range): 1200');
    expect(host.querySelector('details.rebate-why')?.hasAttribute('open')).toBe(false);
  });
});
