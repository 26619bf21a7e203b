/**
 * The jobs list follows the user's preferences: the stage tabs in the remembered bucket_order (Canceled
 * last, the first tab open when none was chosen), and a job highlighted past the SLA days of its own
 * stage tab (a tab without SLA days highlights nothing; an SLA remembered as one number is every tab's).
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobSummary } from '../api/job-summary.ts';
import type { JobItem } from '../api/list-jobs.ts';
import { setSession } from '../../../lib/session.ts';
import { Component as JobsPage } from './jobs-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STAGES = [
  { number: 1, label: 'Application', tab: 'Apply' },
  { number: 2, label: 'Review', tab: 'Review' },
  { number: 3, label: 'Install', tab: 'Install' },
  { number: 4, label: 'Enrollment', tab: 'Enroll' },
  { number: 5, label: 'Payment', tab: 'Pay' },
] as const;
const SUMMARY: JobSummary = {
  stages: STAGES.map((s) => ({ stage: s.number, count: 1, tab: s.tab })),
  tabs: { Apply: 1, Review: 2, Install: 0, Enroll: 0, Pay: 0 },
  total: 3,
  canceled: 0,
};
const OPTIONS = {
  contractors: [],
  ops_users: [],
  contractor_users: [],
  programs: [{ id: 'wi-hear', name: 'WI HEAR', stages: STAGES }],
  eligibility: [],
  action_owners: [],
  exceptions: [],
  sort_by: ['created_at'],
};

const job = (id: number, name: string, stage: (typeof STAGES)[number], days: number) =>
  ({
    id,
    code: `J-${id}`,
    full_name: name,
    address: '1 Main St',
    city: 'Milwaukee',
    contractor: 'Company A',
    contractor_id: 1,
    program: { id: 'wi-hear', name: 'WI HEAR' },
    stage: { number: stage.number, key: null, label: stage.label, tab: stage.tab },
    is_canceled: false,
    cancel_reason: null,
    eligibility: 'eligible',
    is_eligible: true,
    action_owners: ['ops'],
    has_contractor_task_exception: false,
    has_ops_task_exception: false,
    is_claimed: false,
    is_deemed: false,
    days_in_stage: days,
  }) as unknown as JobItem;
const JOBS = [
  job(1, 'Rita Review late', STAGES[1], 3),
  job(2, 'Rosa Review on time', STAGES[1], 2),
  job(3, 'Abe Apply old', STAGES[0], 30),
];

let root: Root | undefined;
let host: HTMLElement;
let listed: URLSearchParams[] = [];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Mounts the jobs list as ops (or a contractor, listed `jobs`) with these remembered preferences. */
async function open(
  prefs: Record<string, unknown>,
  as: 'ops' | 'contractor' = 'ops',
  jobs = JOBS,
  answer: (q: URLSearchParams) => Response = () =>
    json({ items: jobs, total: jobs.length, page_number: 1, per_page: 10 }),
) {
  for (const [k, v] of Object.entries(prefs)) localStorage.setItem(`rebate.pref.${k}`, JSON.stringify(v));
  const user =
    as === 'ops'
      ? { id: 1, email: 'ops@example.test', name: 'Olive Ops', role: 'ops', contractor_id: null }
      : { id: 2, email: 'alex@example.test', name: 'Alex', role: 'contractor', contractor_id: 1 };
  setSession({ token: 't', user: user as never });
  listed = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/jobs/summary-internal' || url.pathname === '/api/jobs/summary') return json(SUMMARY);
      if (url.pathname === '/api/jobs/filters') return json(OPTIONS);
      if (url.pathname === '/api/announcements/current') return json({ items: [] });
      if (url.pathname === '/api/jobs/internal' || url.pathname === '/api/jobs') {
        listed.push(url.searchParams);
        return answer(url.searchParams);
      }
      return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', Component: JobsPage }], { initialEntries: ['/'] });
  host = document.createElement('div');
  document.body.append(host);
  await act(async () => {
    root = createRoot(host);
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 10; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
}

const tabs = () =>
  Array.from(host.querySelectorAll('[role="tab"]')).map((t) => (t.textContent ?? '').replace(/\d+$/, ''));
const selectedTab = () => host.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-tab-id');
/** The names of the highlighted rows (past their tab's SLA). */
const overSla = () =>
  Array.from(host.querySelectorAll('.over-sla'))
    .map((el) => el.closest('tr, [role="row"], .data-table-card, li')?.textContent ?? '')
    .map((row) => JOBS.find((j) => row.includes(j.full_name))?.full_name)
    .sort();

afterEach(async () => {
  await act(async () => root?.unmount());
  host.remove();
  setSession(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('jobs list and the user’s preferences', () => {
  it('shows the stage tabs in the remembered order, Canceled last, and opens the first', async () => {
    await open({ bucket_order: ['Review', 'Apply', 'Install', 'Enroll', 'Pay'] });
    expect(tabs()).toEqual(['Review', 'Apply', 'Install', 'Enroll', 'Pay', 'Canceled']);
    expect(selectedTab()).toBe('Review');
    expect(listed.at(-1)?.get('stage')).toBe('2');
  });

  it('with nothing remembered, the standard order', async () => {
    await open({});
    expect(tabs()).toEqual(['Apply', 'Review', 'Install', 'Enroll', 'Pay', 'Canceled']);
    expect(selectedTab()).toBe('Apply');
  });

  it('highlights a job past the SLA days of its own stage tab; a tab without SLA days highlights nothing', async () => {
    await open({ sla_days_in_stage: { Review: 2 } });
    expect(overSla()).toEqual(['Rita Review late']);
    expect(host.querySelector('.over-sla')?.getAttribute('title')).toBe('Over the 2-day SLA of Review');
  });

  it('an SLA remembered as one number (the old shape) applies to every tab', async () => {
    await open({ sla_days_in_stage: 2 });
    expect(overSla()).toEqual(['Abe Apply old', 'Rita Review late']);
  });
});

describe('a contractor’s jobs list', () => {
  it('names each job’s next step and whose it is, in the order the server lists them', async () => {
    const step = (title: string, owner: string, yours: boolean) => ({ task_id: 't', title, owner, yours });
    const jobs = [
      { ...JOBS[2], next_step: step('Confirm site details', 'contractor', true) },
      { ...JOBS[0], next_step: step('Verify your income', 'homeowner', false) },
      { ...JOBS[1], next_step: null },
    ] as JobItem[];
    await open({}, 'contractor', jobs);
    const cells = Array.from(host.querySelectorAll('.col-next')).filter((c) => c.tagName === 'TD');
    expect(cells.map((c) => c.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Your next step Confirm site details',
      'Waiting for the homeowner: Verify your income',
      'Nothing to do',
    ]);
    // No list of every owner on a contractor's card.
    expect(host.querySelector('.col-owners')).toBeNull();
  });
});

describe('jobs list pages (keyset paging, issue 47)', () => {
  const settle = async () => {
    for (let i = 0; i < 10; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
  };
  const click = async (label: string) => {
    const b = host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
    expect(b.disabled).toBe(false);
    await act(async () => b.click());
    await settle();
  };
  /** Pages of 25 over 100 jobs, each naming the cursors of its first and last rows; a cursor `bad` is refused. */
  const pages = (q: URLSearchParams) => {
    if (q.get('after') === 'bad')
      return new Response(JSON.stringify({ code: 'invalid_query', detail: 'not a page cursor' }), { status: 400 });
    const n = Number(q.get('page_number') ?? 1);
    return json({
      items: JOBS,
      total: 100,
      page_number: n,
      per_page: 25,
      next_cursor: n < 4 ? `last-of-${n}` : null,
      previous_cursor: n > 1 ? `first-of-${n}` : null,
    });
  };

  it('asks for the page after the last row on Next and before the first row on Previous', async () => {
    await open({ jobs_per_page: 25 }, 'ops', JOBS, pages);
    expect(listed.at(-1)?.get('after')).toBeNull();
    await click('Next page');
    expect([listed.at(-1)?.get('page_number'), listed.at(-1)?.get('after')]).toEqual(['2', 'last-of-1']);
    await click('Next page');
    expect([listed.at(-1)?.get('page_number'), listed.at(-1)?.get('after')]).toEqual(['3', 'last-of-2']);
    await click('Previous page');
    const back = listed.at(-1)!;
    expect([back.get('page_number'), back.get('before'), back.get('after')]).toEqual(['2', 'first-of-3', null]);
    await click('Previous page');
    // Page 1 needs no cursor.
    expect([listed.at(-1)?.get('page_number'), listed.at(-1)?.get('before')]).toEqual(['1', null]);
  });

  it('reads the page by its number when the server refuses its cursor', async () => {
    // Page 2 asked by a cursor is refused (the list's sort changed under it); by its number it answers.
    const refusing = (q: URLSearchParams) =>
      q.get('page_number') === '2' && q.get('after') ? pages(new URLSearchParams('after=bad')) : pages(q);
    await open({ jobs_per_page: 25 }, 'ops', JOBS, refusing);
    await click('Next page');
    await settle();
    const last = listed.at(-1)!;
    expect([last.get('page_number'), last.get('after')]).toEqual(['2', null]);
    expect(host.textContent).toContain('Page 2 of 4');
  });
});
