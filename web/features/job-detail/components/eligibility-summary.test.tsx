/**
 * Eligibility in words (issue 20): a pending job says what is still needed, task by task, with a link to
 * the task when the viewer may answer it, never the pending rules' reasons as if they were failures; an
 * ineligible job says its reasons' labels; ops alone get "Why?" with the rule.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { mount, type Mounted } from '../../../lib/testing/render.tsx';
import { EligibilitySummary, othersAnswer, PENDING_LEAD } from './eligibility-summary.tsx';
import type { JobDetail } from '../api/get-job.ts';

let shown: Mounted | undefined;
afterEach(async () => {
  await shown?.unmount();
  shown = undefined;
});

type Eligibility = JobDetail['evaluation']['eligibility'];
const pending: Eligibility = {
  status: 'pending_more_information',
  reasons: [],
  pending: [
    {
      code: 'income_too_high',
      text: 'income too high',
      rule: 'income_too_high',
      missing: ['provide_income_estimate.income_level'],
      why: 'Waiting for Household income (Income estimate)',
    },
  ],
  undetermined: [],
  missing: [
    { task: null, title: 'Job details', fields: ['County'] },
    { task: 'provide_income_estimate', title: 'Income estimate', fields: ['Household income before taxes'] },
    { task: 'provide_services', title: 'Services', fields: ['Services being installed'] },
  ],
};

async function render(
  eligibility: Eligibility,
  viewer: 'ops' | 'contractor' | 'homeowner',
  tasks = [
    { id: 'provide_income_estimate', can_edit: true },
    { id: 'provide_services', can_edit: false },
  ],
): Promise<HTMLElement> {
  shown = await mount({
    at: '/7',
    path: '/:id',
    element: <EligibilitySummary eligibility={eligibility} viewer={viewer} tasks={tasks} />,
  });
  return shown.host;
}

describe('eligibility summary', async () => {
  it('a pending job says what we still need by task, and links the tasks the viewer may answer', async () => {
    const el = await render(pending, 'homeowner');
    const text = el.textContent ?? '';
    expect(text).toContain(PENDING_LEAD);
    expect(text).toContain('Income estimate: not answered yet');
    expect(text).toContain('Household income before taxes');
    expect(text).toContain('Job details: not answered yet');
    expect(text).not.toContain('income too high');
    expect(text).not.toContain('Why?');
    const links = Array.from(el.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Income estimate', '/7?task=provide_income_estimate']]);
  });

  it('tasks the viewer does not see are not named: one line says others answer them', async () => {
    const text =
      (await render(pending, 'homeowner', [{ id: 'provide_income_estimate', can_edit: true }])).textContent ?? '';
    expect(text).toContain('Income estimate: not answered yet');
    expect(text).not.toContain('Services');
    expect(text).toContain(othersAnswer(1));
    expect(othersAnswer(1)).toBe('One more answer from your contractor or the program');
    expect(othersAnswer(2)).toBe('2 more answers from your contractor or the program');
  });

  it('ops also get Why? with the pending rules in words and the rule', async () => {
    const text = (await render(pending, 'ops')).textContent ?? '';
    expect(text).toContain('Why?');
    expect(text).toContain('Waiting for Household income (Income estimate)');
    expect(text).toContain('income_too_high');
  });

  it("an ineligible job says its reasons' labels, sentence-cased", async () => {
    const text =
      (
        await render(
          {
            status: 'ineligible',
            reasons: [{ code: 'income_too_high', text: 'income too high' }],
            pending: [],
            undetermined: [],
            missing: [],
          },
          'contractor',
        )
      ).textContent ?? '';
    expect(text).toContain('Ineligible');
    expect(text).toContain('Income too high');
  });
});
