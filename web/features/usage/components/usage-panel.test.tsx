/**
 * The job detail's energy usage panel: the overall status and the energy history; the nine steps in
 * their four stages with their words and times; internal users see the meters and only the actions the
 * server offers, and each action posts and shows its answer; contractors read the softer words and get no
 * meters and no actions; while the collection moves the panel reads it again every 2 s, and stops once
 * it is complete; nothing at all when the program collects no usage.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobUsage } from '../api/get-job-usage.ts';
import { USAGE_STEPS, type UsageStep, type UsageStepStatus } from '../../../../engine/usage.ts';
import { button, click, hasButton, mockApi, mount, settle, type Mounted } from '../../../lib/testing/render.tsx';
import { refreshJobs } from '../../../lib/live.ts';

const toasts: string[] = [];
vi.mock('../../../lib/toaster.ts', () => ({
  errorToast: (m: string) => void toasts.push(m),
  successToast: (m: string) => void toasts.push(m),
}));

const { UsagePanel } = await import('./usage-panel.tsx');
const { PANEL_TEXT } = await import('./usage-text.ts');

const GET = 'GET /api/jobs/7/usage';
const ACT = 'POST /api/jobs/7/usage/actions';
const STAGES: [string, string, UsageStep[]][] = [
  ['invite', 'Invite', ['send_homeowner_invite', 'visit_collection_page']],
  ['authenticate', 'Authenticate', ['attempt_authentication', 'validate_credentials']],
  ['collect', 'Collect', ['identify_meters', 'extract_usage_from_utility', 'collect_from_vendor']],
  ['process', 'Process', ['evaluate_usage', 'set_derived_usage_profile']],
];
const label = (k: string) => k.charAt(0).toUpperCase() + k.slice(1).replaceAll('_', ' ');
const OVERALL = {
  complete: 'Complete',
  failed: 'Failed',
  in_progress: 'In progress',
  not_attempted: 'Not attempted',
} as const;
const HISTORY = { collected: 'Collected', connected: 'Connected', pending: 'Pending' } as const;

/** A collection where the first `done` steps succeeded (and the next failed, with `failed`). */
function usage(o: {
  done: number;
  failed?: boolean;
  words?: (step: UsageStep, s: UsageStepStatus) => string;
  staff?: boolean;
  in_progress?: boolean;
  actions?: JobUsage['actions'];
}): JobUsage {
  const status = (i: number): UsageStepStatus =>
    i < o.done ? 'success' : i === o.done && o.failed ? 'failure' : 'not_attempted';
  const words = o.words ?? ((step, s) => `${label(step)}: ${s}`);
  const overall =
    o.done === USAGE_STEPS.length ? 'complete' : o.failed ? 'failed' : o.done === 0 ? 'not_attempted' : 'in_progress';
  const history = o.done === USAGE_STEPS.length ? 'collected' : o.done >= 4 ? 'connected' : 'pending';
  return {
    collects: true,
    overall: { status: overall, label: OVERALL[overall] },
    history: { status: history, label: HISTORY[history] },
    stages: STAGES.map(([key, l, steps]) => ({
      key,
      label: l,
      steps: steps.map((step) => {
        const i = USAGE_STEPS.indexOf(step);
        return {
          key: step,
          label: label(step),
          status: status(i),
          at: status(i) === 'not_attempted' ? null : `2025-03-0${(i % 9) + 1}T15:30:00Z`,
          words: words(step, status(i)),
        };
      }),
    })),
    consent: o.done >= 3 ? true : null,
    withdrawn_at: null,
    homeowner_next_step:
      o.done >= 1 ? 'Connect your utility account so the program can read your home’s energy use.' : null,
    months_required: 12,
    profile: o.done === USAGE_STEPS.length ? { annual_total_kwh: 10250, months_covered: 12 } : null,
    meters: o.staff
      ? [
          {
            id: 'm-e',
            service: 'electric',
            meter_number: 'E-1001',
            said: 'SA-77',
            selected: true,
            subscribed: false,
            readings: 8760,
            collected_before_withdrawal: false,
          },
          {
            id: 'm-g',
            service: 'gas',
            meter_number: 'G-2002',
            said: 'SA-78',
            selected: false,
            subscribed: false,
            readings: 365,
            collected_before_withdrawal: false,
          },
        ]
      : [],
    actions: o.actions ?? (o.staff ? ['select_meters', 'process_historical', 'resend_invite'] : []),
    in_progress: o.in_progress ?? false,
  };
}

let panel: Mounted;
const open = async () => (panel = await mount({ path: '/', at: '/', element: <UsagePanel jobId={7} /> }));
const stepRow = (step: UsageStep) => panel.host.querySelector(`[data-step="${step}"]`);

afterEach(async () => {
  await panel?.unmount();
  toasts.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the collection at a glance', () => {
  it('overall status as a coloured tag and the energy history', async () => {
    mockApi({ [GET]: { body: usage({ done: 4 }) } });
    await open();
    const overall = panel.host.querySelector('.usage-overall');
    expect(overall?.textContent).toBe('In progress');
    expect(overall?.classList.contains('bp6-intent-primary')).toBe(true);
    expect(panel.host.querySelector('.usage-history')?.textContent).toBe('Energy history: Connected');
  });

  it.each([
    [9, false, 'Complete', 'bp6-intent-success', 'Energy history: Collected'],
    [4, true, 'Failed', 'bp6-intent-danger', 'Energy history: Connected'],
    [0, false, 'Not attempted', null, 'Energy history: Pending'],
  ])('%i steps done (failed next: %s): %s', async (done, failed, text, intent, history) => {
    mockApi({ [GET]: { body: usage({ done, failed }) } });
    await open();
    const overall = panel.host.querySelector('.usage-overall')!;
    expect(overall.textContent).toBe(text);
    if (intent) expect(overall.classList.contains(intent)).toBe(true);
    else expect(Array.from(overall.classList).some((c) => c.startsWith('bp6-intent-'))).toBe(false);
    expect(panel.host.querySelector('.usage-history')?.textContent).toBe(history);
  });

  it('a withdrawn consent: a warning with its date, and each meter’s readings marked as collected before it', async () => {
    const base = usage({ done: 9, staff: true, actions: [] });
    mockApi({
      [GET]: {
        body: {
          ...base,
          consent: false,
          withdrawn_at: '2025-04-02T15:30:00Z',
          meters: base.meters.map((m) => ({ ...m, collected_before_withdrawal: true })),
        },
      },
    });
    await open();
    const note = panel.host.querySelector('.usage-withdrawn');
    expect(note?.textContent).toContain('The homeowner withdrew consent on');
    expect(note?.textContent).toContain('collected before the withdrawal');
    expect(panel.host.textContent).not.toContain('chose not to connect');
    expect(panel.host.textContent).toContain('(before the withdrawal)');
  });

  it('the four stages in order, each step with its icon, label, words and time', async () => {
    mockApi({ [GET]: { body: usage({ done: 3, failed: true }) } });
    await open();
    expect(Array.from(panel.host.querySelectorAll('.usage-stage-title')).map((h) => h.textContent)).toEqual([
      'Invite',
      'Authenticate',
      'Collect',
      'Process',
    ]);
    expect(panel.host.querySelectorAll('.usage-step')).toHaveLength(9);
    const ok = stepRow('attempt_authentication')!;
    expect(ok.querySelector('.usage-step-label')?.textContent).toBe('Attempt authentication');
    expect(ok.querySelector('.usage-step-words')?.textContent).toBe('Attempt authentication: success');
    expect(ok.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe('Done');
    expect(ok.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-03T15:30:00Z');
    const failed = stepRow('validate_credentials')!;
    expect(failed.classList.contains('usage-step-failure')).toBe(true);
    expect(failed.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe('Failed');
    const later = stepRow('identify_meters')!;
    expect(later.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe('Not attempted');
    expect(later.querySelector('time')).toBeNull();
  });

  it('renders nothing when the program collects no usage', async () => {
    mockApi({ [GET]: { body: { ...usage({ done: 0 }), collects: false } } });
    await open();
    expect(panel.host.querySelector('.usage-panel')).toBeNull();
    expect(panel.text()).toBe('');
  });
});

describe('internal users', () => {
  it('see the meters and exactly the actions the server offers', async () => {
    mockApi({
      [GET]: {
        body: usage({
          done: 5,
          staff: true,
          words: (s, st) =>
            s === 'validate_credentials' && st === 'success' ? 'Credentials validated (PG&E, Ana Diaz)' : label(s),
        }),
      },
    });
    await open();
    expect(stepRow('validate_credentials')?.textContent).toContain('Credentials validated (PG&E, Ana Diaz)');
    const rows = Array.from(panel.host.querySelectorAll('.usage-meters-table tbody tr')).map((r) =>
      Array.from(r.querySelectorAll('td'))
        .slice(1)
        .map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['Electric', 'E-1001', 'SA-77', (8760).toLocaleString(), 'Not subscribed'],
      ['Gas', 'G-2002', 'SA-78', '365', 'Not subscribed'],
    ]);
    const ticks = Array.from(
      panel.host.querySelectorAll<HTMLInputElement>('.usage-meters-table input[type="checkbox"]'),
    ).map((c) => c.checked);
    expect(ticks).toEqual([true, false]);
    expect(hasButton(panel.host, 'Process historical')).toBe(true);
    expect(hasButton(panel.host, 'Resend invite')).toBe(true);
    expect(hasButton(panel.host, PANEL_TEXT.save_meters)).toBe(true);
    expect(hasButton(panel.host, 'Subscribe meters')).toBe(false);
    expect(hasButton(panel.host, 'Process ongoing')).toBe(false);
  });

  it('an action posts, and the panel shows the answer', async () => {
    const after = { ...usage({ done: 6, staff: true, in_progress: true }), actions: [] as JobUsage['actions'] };
    const api = mockApi({ [GET]: { body: usage({ done: 5, staff: true }) }, [ACT]: { body: after } });
    await open();
    await click(button(panel.host, 'Process historical'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ action: 'process_historical' }]);
    expect(stepRow('extract_usage_from_utility')?.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe(
      'Done',
    );
    expect(panel.text()).toContain(PANEL_TEXT.working);
    expect(hasButton(panel.host, 'Process historical')).toBe(false);
    expect(toasts).toContain('Historical usage is being processed.');
  });

  it('Save meter selection sends the ticked meters', async () => {
    const api = mockApi({
      [GET]: { body: usage({ done: 5, staff: true }) },
      [ACT]: (init) => ({
        body: {
          ...usage({ done: 5, staff: true }),
          meters: usage({ done: 5, staff: true }).meters.map((m) => ({
            ...m,
            selected: (JSON.parse(String(init?.body)) as { meter_ids: string[] }).meter_ids.includes(m.id),
          })),
        },
      }),
    });
    await open();
    const save = () => button(panel.host, PANEL_TEXT.save_meters);
    expect(save().disabled).toBe(true);
    const boxes = () =>
      Array.from(panel.host.querySelectorAll<HTMLInputElement>('.usage-meters-table input[type="checkbox"]'));
    await click(boxes()[1]);
    expect(save().disabled).toBe(false);
    await click(save());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'select_meters', meter_ids: ['m-e', 'm-g'] },
    ]);
    expect(boxes().map((b) => b.checked)).toEqual([true, true]);
    expect(save().disabled).toBe(true);
  });

  it('no meter ticked: says so instead of posting', async () => {
    const api = mockApi({ [GET]: { body: usage({ done: 5, staff: true }) } });
    await open();
    await click(panel.host.querySelectorAll<HTMLInputElement>('.usage-meters-table input[type="checkbox"]')[0]);
    await click(button(panel.host, PANEL_TEXT.save_meters));
    expect(api.count(ACT)).toBe(0);
    expect(panel.host.querySelector('[role="alert"]')?.textContent).toBe(PANEL_TEXT.no_meters);
  });

  it('a refused action shows the server’s words', async () => {
    mockApi({
      [GET]: { body: usage({ done: 1, staff: true, actions: ['process_historical'] }) },
      [ACT]: {
        status: 409,
        body: { code: 'conflict', detail: 'The homeowner has not connected a utility account yet.' },
      },
    });
    await open();
    await click(button(panel.host, 'Process historical'));
    expect(panel.host.querySelector('.usage-refusal')?.textContent).toBe(
      'The homeowner has not connected a utility account yet.',
    );
    expect(button(panel.host, 'Process historical').classList.contains('bp6-loading')).toBe(false);
  });
});

describe('contractors', () => {
  it('read the softer words, and get no meters and no actions', async () => {
    mockApi({
      [GET]: {
        body: usage({
          done: 4,
          words: (s, st) => (st === 'success' ? 'Done' : s === 'identify_meters' ? 'Waiting to receive' : 'Evaluating'),
        }),
      },
    });
    await open();
    expect(stepRow('identify_meters')?.querySelector('.usage-step-words')?.textContent).toBe('Waiting to receive');
    expect(panel.host.querySelector('.usage-meters-table')).toBeNull();
    expect(panel.host.querySelectorAll('.usage-actions button')).toHaveLength(0);
    expect(hasButton(panel.host, 'Resend invite')).toBe(false);
    // What the homeowner is asked to do, as their page says it.
    expect(panel.text()).toContain(
      'The homeowner is asked: Connect your utility account so the program can read your home’s energy use.',
    );
  });
});

describe('following the collection', () => {
  it('reads again when the change feed names the job, never on a timer of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({
      [GET]: [
        { body: usage({ done: 5, in_progress: true }) },
        { body: usage({ done: 7, in_progress: true }) },
        { body: usage({ done: 9 }) },
      ],
    });
    await open();
    expect(api.count(GET)).toBe(1);
    expect(stepRow('collect_from_vendor')?.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe(
      'Not attempted',
    );
    // In progress for a minute: no request of its own.
    await settle(60_000);
    expect(api.count(GET)).toBe(1);

    refreshJobs(panel.client, [7]);
    await settle();
    expect(api.count(GET)).toBe(2);
    expect(stepRow('collect_from_vendor')?.querySelector('.usage-step-icon')?.getAttribute('aria-label')).toBe('Done');

    // Another job's change is not this panel's.
    refreshJobs(panel.client, [8]);
    await settle();
    expect(api.count(GET)).toBe(2);

    refreshJobs(panel.client, [7]);
    await settle();
    expect(api.count(GET)).toBe(3);
    expect(panel.host.querySelector('.usage-overall')?.textContent).toBe('Complete');
    expect(panel.text()).toContain('Annual total kWh');
  });
});
