/**
 * The announcements above a contractor's jobs list: each title opens its text (on a phone only the
 * title line shows until then); a dismissal lasts for that user in this browser, not for another user.
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { dismissedKey, JobAnnouncements } from './job-announcements.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const announcement = (id: number, title: string) => ({
  id,
  title,
  content: `${title}: the details.`,
  valid_from: null,
  valid_until: null,
  video_url: null,
  image_url: null,
  link: null,
  contractor_ids: [],
  program_ids: [],
  created_at: '',
  updated_at: '',
});
const ITEMS = [announcement(1, 'New rebate rates'), announcement(2, 'Holiday hours')];

let root: Root | undefined;
let host: HTMLElement;

async function mount(userId: number) {
  setSession({
    token: 't',
    user: {
      id: userId,
      email: `c${userId}@example.test`,
      name: 'Casey',
      role: 'contractor',
      contractor_id: 1,
    } as never,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ items: ITEMS }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  host = document.createElement('div');
  document.body.append(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(host);
    root.render(
      <QueryClientProvider client={client}>
        <JobAnnouncements />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 10; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
}
async function unmount() {
  await act(async () => root?.unmount());
  host.remove();
}
const titles = () => Array.from(host.querySelectorAll('.job-announcement-title')).map((b) => b.textContent);

afterEach(async () => {
  await unmount();
  setSession(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('announcements above the jobs list', () => {
  it('a title opens its announcement (the phone shows titles only until then)', async () => {
    await mount(7);
    const first = host.querySelector<HTMLButtonElement>('.job-announcement-title')!;
    expect(first.getAttribute('aria-expanded')).toBe('false');
    await act(async () => first.click());
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(first.closest('.job-announcement')?.classList.contains('open')).toBe(true);
  });

  it('a dismissal lasts for that user (a new visit keeps it hidden), not for another user', async () => {
    await mount(7);
    expect(titles()).toEqual(['New rebate rates', 'Holiday hours']);
    await act(async () => host.querySelector<HTMLButtonElement>('[aria-label="Dismiss New rebate rates"]')!.click());
    expect(titles()).toEqual(['Holiday hours']);
    expect(JSON.parse(localStorage.getItem(dismissedKey(7))!)).toEqual([1]);
    await unmount();
    await mount(7);
    expect(titles()).toEqual(['Holiday hours']);
    await unmount();
    await mount(8);
    expect(titles()).toEqual(['New rebate rates', 'Holiday hours']);
  });
});
