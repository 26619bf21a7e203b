/**
 * Forms that follow the job (issue 20, items 4 and 5): home_details asks a California home about CARE /
 * FERA and CPUC-funded programs and a Wisconsin or Georgia home nothing of the kind (form.yaml shown_if);
 * the income estimate shows each income level in dollars for the job's county and the household size
 * answered, updated as the size changes, and who verifies the income (program data).
 */

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { incomeBandsBySize, incomeVerificationService, type TaskForm } from '../../engine/index.ts';
import { clientForm, TaskFormView, type FormJson, type JobFacts } from '../../web/forms/index.ts';
import type { TaskFormContext } from '../../web/forms/form-context.ts';
import type { IncomeLimitsAnswer } from '../../engine/api/income.ts';
import { loadRepo } from '../load-repo.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const defs = loadRepo();
const host = document.createElement('div');
document.body.appendChild(host);
// A root per test: a form left mounted by the test before would keep its widgets' state (the limits it loaded).
let root: Root;
beforeEach(() => {
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

const asDocument = (form: TaskForm): FormJson => ({
  key: form.key,
  title: form.title,
  schema: form.schema,
  ui_schema: form.ui_schema,
  messages: form.messages ?? {},
  shown_if: form.shown_if,
  rules: [],
});
/** The text a person sees: hidden fields are in the page (RJSF keeps them) but not shown. */
function visibleText(): string {
  const copy = host.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[hidden]').forEach((el) => el.remove());
  return copy.textContent ?? '';
}

async function show(key: string, data: Record<string, unknown>, job?: JobFacts, context?: Partial<TaskFormContext>) {
  const form = clientForm(asDocument(defs.forms[key]));
  await act(async () =>
    root.render(
      <TaskFormView
        form={form}
        formData={data}
        onChange={() => undefined}
        job={job}
        context={{ show_internal: false, warnings: {}, ...context }}
      />,
    ),
  );
  await act(async () => undefined);
}

describe('home_details follows the job', () => {
  it.each(['WI', 'GA'])('asks a home in %s nothing about CARE / FERA or CPUC programs', async (state) => {
    await show('home_details', {}, { id: 1, state });
    const text = visibleText();
    expect(text).toContain('Number of people living in the home');
    for (const word of ['CARE', 'FERA', 'CPUC', 'Income-qualified utility rate']) expect(text).not.toContain(word);
  });

  it('asks a home in California both', async () => {
    await show('home_details', {}, { id: 1, state: 'CA' });
    const text = visibleText();
    expect(text).toContain('Income-qualified utility rate');
    expect(text).toContain('CARE');
    expect(text).toContain('another CPUC-funded program');
  });
});

describe('the income estimate in dollars', () => {
  const wi = defs.programs['wi-hear'];
  const limits = (county: string): IncomeLimitsAnswer => ({
    county,
    bands_by_size: incomeBandsBySize(wi, county),
    verification: incomeVerificationService(wi),
  });
  const context = (county: string): Partial<TaskFormContext> => ({
    job_id: 7,
    income_limits: async () => limits(county),
  });

  it("shows each level's range for the county and household size, and follows the size as it changes", async () => {
    await show(
      'provide_income_estimate',
      { number_of_occupants: 2 },
      { id: 7, state: 'WI', county: 'Dane' },
      context('Dane'),
    );
    expect(host.textContent).toContain('Limits for a household of 2 in Dane County, before taxes:');
    expect(host.textContent).toContain('Under $81,920 a year (below 80% of the area median income)');
    expect(host.textContent).toContain('$81,920 to $153,600 a year');
    expect(host.textContent).toContain('More than $153,600 a year');
    await show(
      'provide_income_estimate',
      { number_of_occupants: 5 },
      { id: 7, state: 'WI', county: 'Dane' },
      context('Dane'),
    );
    expect(host.textContent).toContain('Limits for a household of 5 in Dane County');
    expect(host.textContent).toContain('Under $110,560 a year');
    expect(host.textContent).not.toContain('$81,920');
  });

  it('names where income is verified, from the program', async () => {
    await show(
      'provide_income_estimate',
      { number_of_occupants: 2 },
      { id: 7, state: 'WI', county: 'Dane' },
      context('Dane'),
    );
    const link = host.querySelector<HTMLAnchorElement>('.rjsf-bp-income-level a')!;
    expect(link.textContent).toBe('Focus on Energy');
    expect(link.href).toBe('https://focusonenergy.com/hear');
  });

  it('asks for the household size first, and reads as percentages where the program has no figures for the county', async () => {
    await show('provide_income_estimate', {}, { id: 7, state: 'WI', county: 'Dane' }, context('Dane'));
    expect(host.textContent).toContain('Answer the number of people living in the home to see the limits in dollars.');
    expect(host.textContent).toContain('Below 80% of the area median income');
    await show(
      'provide_income_estimate',
      { number_of_occupants: 2 },
      { id: 7, state: 'WI', county: 'Nowhere' },
      context('Nowhere'),
    );
    expect(host.textContent).not.toContain('$');
    expect(host.textContent).toContain('Between 80% and 150% of the area median income');
  });
});
