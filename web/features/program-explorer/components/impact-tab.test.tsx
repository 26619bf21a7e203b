/**
 * The explorer's Impact tab against mocked answers: the edited file is what is posted; the report's
 * counts, dollars and changed jobs (linked, before and after, because) are shown; a refused file shows
 * the loader's errors at their lines, with the line's text.
 */

import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, mockApi, mount, type Mounted } from '../../../lib/testing/render.tsx';
import { ImpactTab } from './impact-tab.tsx';
import type { ImpactReport } from '../../../../engine/index.ts';

const FILE = {
  path: 'program-defs/wi-hear/program.yaml',
  text: 'id: wi-hear\nincentives:\n  caps:\n    heat_pump: 800000\n',
};
const URL = 'POST /api/programs/wi-hear/impact';
const outcome = (rebate: number, eligibility = 'eligible', reasons: string[] = []) => ({
  stage: 3,
  eligibility,
  reasons,
  open_tasks: ['approve_payment'],
  rebate_max_cents: rebate,
  rebate_final_cents: null,
});
const REPORT: ImpactReport = {
  jobs_evaluated: 12,
  changed: { eligibility: { count: 1, by_reason: { outside_submission_window: 1 } }, stage: 0, tasks: 0, rebate: 2 },
  dollars: {
    total_cents: -300000,
    by_program: { 'wi-hear': -300000 },
    by_county: { Milwaukee: -150000, Dane: -150000 },
  },
  jobs: [
    {
      id: 41,
      code: 'WI-0041',
      program_id: 'wi-hear',
      county: 'Milwaukee',
      before: outcome(975000) as never,
      after: outcome(825000) as never,
      because: ['rebate 9,750.00 -> 8,250.00 because incentives.caps.heat_pump changed 800000 -> 650000'],
    },
    {
      id: 42,
      code: 'WI-0042',
      program_id: 'wi-hear',
      county: 'Dane',
      before: outcome(800000) as never,
      after: outcome(650000, 'ineligible', ['outside_submission_window']) as never,
      because: ['newly ineligible: outside_submission_window'],
    },
  ],
};
const LABELS = {
  stage: (n: number) => (n === 3 ? 'Install' : undefined),
  reason: (r: string) => (r === 'outside_submission_window' ? 'The program is not taking submissions.' : undefined),
};

let m: Mounted | undefined;
afterEach(async () => {
  await m?.unmount();
  m = undefined;
  vi.unstubAllGlobals();
});

/** Types into the textarea as a person does (React reads the input event). */
async function type(area: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const area = () => m!.host.querySelector<HTMLTextAreaElement>('#impact-source')!;

describe('the Impact tab', () => {
  it('posts the edited program.yaml and shows the summary and the changed jobs', async () => {
    const api = mockApi({ [URL]: { body: REPORT } });
    m = await mount({ at: '/', path: '/', element: <ImpactTab programId="wi-hear" file={FILE} labels={LABELS} /> });
    expect(area().value).toBe(FILE.text);
    const edited = FILE.text.replace('800000', '650000');
    await type(area(), edited);
    await click(button(m.host, 'Show impact'));
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/programs/wi-hear/impact', body: { files: [{ path: FILE.path, text: edited }] } },
    ]);
    const summary = m.host.querySelector('.impact-summary')!.textContent!;
    expect(summary).toContain('12 live jobs evaluated: 2 jobs would change');
    expect(summary).toContain('The program is not taking submissions.: 1');
    expect(summary).toContain('−$3,000.00');
    expect(summary).toContain('Milwaukee−$1,500.00');
    expect(summary).toContain('wi-hear−$3,000.00');
    const row = m.host.querySelector('tr[data-job="WI-0041"]')!;
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/41');
    expect(row.textContent).toContain('up to $9,750.00');
    expect(row.textContent).toContain('up to $8,250.00');
    expect(row.textContent).toContain('Stage 3 (Install)');
    // What differs is marked on both sides: the rebate only.
    expect(Array.from(row.querySelectorAll('.changed')).map((e) => e.textContent)).toEqual([
      'up to $9,750.00',
      'up to $8,250.00',
    ]);
    expect(row.textContent).toContain('because incentives.caps.heat_pump changed 800000 -> 650000');
    expect(m.host.querySelector('tr[data-job="WI-0042"]')!.textContent).toContain(
      'Ineligible: The program is not taking submissions.',
    );
    // The jobs table scrolls in its own box.
    expect(m.host.querySelector('.impact-jobs-scroll .impact-jobs')).not.toBeNull();
  });

  it('a file the loader refuses shows its errors at their lines, and no report', async () => {
    mockApi({
      [URL]: {
        status: 422,
        body: {
          code: 'validation_failed',
          detail: 'The proposed definitions have 1 error(s)',
          diagnostics: [{ code: 'yaml_syntax', message: 'Flow sequence not closed', file: FILE.path, line: 4 }],
        },
      },
    });
    m = await mount({ at: '/', path: '/', element: <ImpactTab programId="wi-hear" file={FILE} /> });
    await type(area(), FILE.text.replace('800000', '[800000'));
    await click(button(m.host, 'Show impact'));
    const errors = m.host.querySelector('.impact-errors')!;
    expect(errors.textContent).toContain('The edited file has an error: nothing was evaluated');
    const item = errors.querySelector('li[data-line="4"]')!;
    expect(item.textContent).toContain('program.yaml line 4');
    expect(item.textContent).toContain('Flow sequence not closed');
    expect(item.querySelector('.error-source')!.textContent).toBe('    heat_pump: [800000');
    expect(m.host.querySelector('.impact-report')).toBeNull();
    // The first error's line is selected in the editor, and again on "line 4".
    const a = area();
    const selected = () => a.value.slice(a.selectionStart, a.selectionEnd);
    expect(selected()).toBe('    heat_pump: [800000');
    a.setSelectionRange(0, 0);
    await click(item.querySelector('button')!);
    expect(selected()).toBe('    heat_pump: [800000');
  });

  it('"Undo my edits" brings back the server’s file', async () => {
    mockApi({});
    m = await mount({ at: '/', path: '/', element: <ImpactTab programId="wi-hear" file={FILE} /> });
    expect(button(m.host, 'Undo my edits').disabled).toBe(true);
    await type(area(), 'changed');
    await click(button(m.host, 'Undo my edits'));
    expect(area().value).toBe(FILE.text);
  });
});
