/**
 * The rebate card's three phases (spec sect. 4): the initial range, the final amount (the rules' figure, or
 * the one the program shared, said so), and the payment sent.
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { IncentiveResult } from '../../../../engine/types.ts';
import { mount, type Mounted } from '../../../lib/testing/render.tsx';
import { RebateSummary, SHARED_NOTE } from './rebate-tab.tsx';

let shown: Mounted | undefined;
const NAMES = { contractor: 'Northwind HVAC', homeowner: 'Pat Lee' };
afterEach(async () => {
  await shown?.unmount();
  shown = undefined;
});

/** The card's text for an incentive, as the viewer sees it (what an earlier call showed is taken away first). */
async function render(incentive: IncentiveResult, viewer: 'ops' | 'contractor' = 'contractor'): Promise<string> {
  await shown?.unmount();
  shown = await mount({
    at: '/',
    path: '/',
    element: <RebateSummary incentive={incentive} viewer={viewer} names={NAMES} />,
  });
  return shown.text();
}

const line = {
  id: 'heat_pump',
  label: 'Heat pump',
  kind: 'measure' as const,
  amount_cents: 120_000,
  min_cents: 40_000,
  max_cents: 120_000,
};

describe('rebate card', async () => {
  it('the initial range, then the final amount, then the payment sent', async () => {
    expect(
      await render({
        phase: 'range',
        range: { min_cents: 40_000, max_cents: 120_000 },
        final_cents: null,
        lines: [line],
      }),
    ).toContain('$400.00 – $1,200.00');
    const final = await render({
      phase: 'final',
      range: { min_cents: 120_000, max_cents: 120_000 },
      final_cents: 120_000,
      lines: [line],
    });
    expect(final).toContain('Final rebate amount');
    expect(final).not.toContain(SHARED_NOTE);
    expect(
      await render({
        phase: 'payment_sent',
        range: { min_cents: 120_000, max_cents: 120_000 },
        final_cents: 120_000,
        payment: { amount_cents: 120_000, sent_date: '2026-06-01' },
        lines: [line],
      }),
    ).toContain('Payment sent $1,200.00 to Northwind HVAC on');
  });

  it('names the payee: the contractor company the rebate was assigned to, else the homeowner', async () => {
    const paid = (paid_to: 'contractor' | 'homeowner'): IncentiveResult => ({
      phase: 'payment_sent',
      range: { min_cents: 120_000, max_cents: 120_000 },
      final_cents: 120_000,
      payment: { amount_cents: 120_000, sent_date: null, paid_to },
      lines: [line],
    });
    expect(await render(paid('contractor'))).toContain('Payment sent $1,200.00 to Northwind HVAC');
    expect(await render(paid('homeowner'))).toContain('Payment sent $1,200.00 to Pat Lee');
  });

  it('a final amount the program shared says so, and its line items are the calculation', async () => {
    const text = await render({
      phase: 'final',
      shared: true,
      range: { min_cents: 40_000, max_cents: 120_000 },
      final_cents: 275_000,
      lines: [line],
    });
    expect(text).toContain('$2,750.00');
    expect(text).toContain(SHARED_NOTE);
    expect(text).toContain('Calculated');
  });

  it('final costs below the shared amount: ops read both figures and what to do; others read the shared amount', async () => {
    const incentive: IncentiveResult = {
      phase: 'final',
      shared: true,
      range: { min_cents: 1_210_000, max_cents: 1_210_000 },
      final_cents: 1_360_000,
      shared_above_rules: { rules_cents: 1_210_000, shared_cents: 1_360_000 },
      lines: [line],
    };
    const ops = await render(incentive, 'ops');
    expect(ops).toContain(
      'The rebate is now $12,100.00; $13,600.00 was shared. Share the amount again, or confirm it with a reason, before approving payment.',
    );
    const contractor = await render(incentive, 'contractor');
    expect(contractor).toContain('$13,600.00');
    expect(contractor).not.toContain('The rebate is now');
  });

  it('a shared amount above the caps: the rebate is the cap, and ops read what was shared', async () => {
    const text = await render(
      {
        phase: 'final',
        shared: true,
        range: { min_cents: 800_000, max_cents: 1_200_000 },
        final_cents: 1_200_000,
        shared_capped: { shared_cents: 1_300_000, cap_cents: 1_200_000 },
        lines: [line],
      },
      'ops',
    );
    expect(text).toContain('$12,000.00');
    expect(text).toContain('$13,000.00 was shared; the program’s caps allow $12,000.00 for this job.');
  });

  it("says how each line is worked out in the program's words; ops alone get Why? with the values read and the rule as traced", async () => {
    const described = {
      ...line,
      description: "Estimated from the heat pump's deemed energy savings.",
      explanation: 'Heat pump line 1,200.00 from heat_pump.estimate.max',
      why: 'Deemed savings, high (Review deemed range): 1200',
    };
    const contractor = await render({
      phase: 'range',
      range: { min_cents: 40_000, max_cents: 120_000 },
      final_cents: null,
      lines: [described],
    });
    expect(contractor).toContain("Estimated from the heat pump's deemed energy savings.");
    expect(contractor).not.toContain('Why?');
    expect(contractor).not.toContain('heat_pump.estimate.max');
    const ops = await render(
      { phase: 'range', range: { min_cents: 40_000, max_cents: 120_000 }, final_cents: null, lines: [described] },
      'ops',
    );
    expect(ops).toContain('Why?');
    expect(ops).toContain('It used Deemed savings, high (Review deemed range): 1200');
    expect(shown!.host.querySelector('details.rebate-why')?.hasAttribute('open')).toBe(false);
  });
});
