/**
 * The contractor's quality card: its standing in each program (a word, not a code), passes, failures and the pass rate,
 * the open corrective actions linked to their jobs (overdue ones marked), the changes with their causes; ops set a
 * standing with a reason (both required before anything is sent; the server's refusal shows under its field), a
 * contractor's own users have no such button.
 */

import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, hasButton, mockApi, mount, settle, type Mounted } from '../../web/lib/testing/render.tsx';
import type { ContractorQuality } from '../../engine/api/quality.ts';
import { CHANGES_SHOWN, ContractorQualityCard } from '../../web/features/contractors/components/contractor-quality.tsx';

const RECORD: ContractorQuality = {
  programs: [
    { program_id: 'reco', program_name: 'RECO', standing: 'probation', passed: 3, failed: 2, pass_rate: 0.6 },
    { program_id: 'pce', program_name: 'PCE', standing: 'provisional', passed: 0, failed: 0, pass_rate: null },
  ],
  changes: Array.from({ length: CHANGES_SHOWN + 2 }, (_, i) => ({
    program_id: 'reco',
    standing: i === 0 ? ('probation' as const) : ('full' as const),
    cause: i === 0 ? '2 failures among the last 10 reviews' : `Change ${i}`,
    at: `2026-06-${String(20 - i).padStart(2, '0')}T12:00:00.000Z`,
  })),
  open_actions: [
    {
      id: 4,
      job_id: 17,
      job_code: 'RC0017',
      program_id: 'reco',
      review_id: 'field_inspection',
      review: 'Field inspection',
      state: 'open',
      finding: 'Line set not insulated',
      due_at: '2026-06-01T00:00:00.000Z',
      overdue: true,
    },
  ],
};

let page: Mounted | undefined;
afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

const input = async (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) => {
  await act(async () => {
    const proto = Object.getPrototypeOf(el) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await settle();
};

describe('the contractor’s quality card', () => {
  it('reads the standing, the pass rate, the open actions and the latest changes', async () => {
    mockApi({ 'GET /api/contractors/9/quality': { body: RECORD } });
    page = await mount({ at: '/', path: '/', element: <ContractorQualityCard contractorId={9} canSet={false} /> });
    const rows = Array.from(page.host.querySelectorAll('tbody tr')).map((r) =>
      Array.from(r.children).map((c) => c.textContent),
    );
    // Only the programs with something to say: PCE, neither its own nor reviewed, is summed up below the table.
    expect(rows).toEqual([['RECO', 'Probation', '3', '2', '60%']]);
    expect(page.text()).toContain('In the other program with quality rules: provisional, nothing reviewed yet.');
    const link = page.host.querySelector<HTMLAnchorElement>('.contractor-quality-actions a')!;
    expect([link.textContent, link.getAttribute('href')]).toEqual(['RC0017', '/17']);
    const action = page.host.querySelector('.contractor-quality-actions li')!.textContent!;
    expect(action).toContain('RECO, field inspection: Line set not insulated');
    expect(action).toContain('Waiting on the contractor');
    expect(action).toContain('Overdue');
    const changes = page.host.querySelectorAll('.contractor-quality-changes li');
    expect(changes).toHaveLength(CHANGES_SHOWN);
    expect(changes[0].textContent).toContain('RECO: Probation. 2 failures among the last 10 reviews');
    expect(hasButton(page.host, 'Set standing…')).toBe(false);
    const region = page.host.querySelector<HTMLElement>('.contractor-table-scroll')!;
    expect([region.tabIndex, region.getAttribute('role'), region.getAttribute('aria-label')]).toEqual([
      0,
      'region',
      'Standing by program',
    ]);
  });

  it('ops set a standing: both fields required first, then the server’s answer replaces the record', async () => {
    const after: ContractorQuality = {
      ...RECORD,
      programs: [{ ...RECORD.programs[0], standing: 'full' }, RECORD.programs[1]],
    };
    const api = mockApi({
      'GET /api/contractors/9/quality': { body: RECORD },
      'PUT /api/contractors/9/standing': [
        { status: 422, body: { code: 'validation_failed', detail: 'x', errors: [{ path: 'reason', message: 'No.' }] } },
        { body: after },
      ],
    });
    page = await mount({
      at: '/',
      path: '/',
      element: <ContractorQualityCard contractorId={9} homeProgram="pce" canSet />,
    });
    // Its own program is listed, reviewed or not.
    expect(page.host.querySelectorAll('tbody tr')).toHaveLength(2);
    await click(button(page.host, 'Set standing…'));
    const dialog = document.querySelector('.bp6-dialog')!;
    expect(dialog.textContent).toContain('Now probation.');
    await click(button(dialog, 'Set standing'));
    expect(dialog.textContent).toContain('This field is required');
    expect(api.count('PUT /api/contractors/9/standing')).toBe(0);
    await input(dialog.querySelector<HTMLSelectElement>('#standing-value')!, 'full');
    await input(dialog.querySelector<HTMLTextAreaElement>('#standing-reason')!, 'Passed the re-inspection on site');
    await click(button(dialog, 'Set standing'));
    expect(dialog.textContent).toContain('No.');
    await click(button(dialog, 'Set standing'));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { program_id: 'reco', standing: 'full', reason: 'Passed the re-inspection on site' },
      { program_id: 'reco', standing: 'full', reason: 'Passed the re-inspection on site' },
    ]);
    expect(page.host.querySelector('tbody tr')!.textContent).toContain('Full');
    expect(document.querySelector('.bp6-dialog')).toBeNull();
  });
});
