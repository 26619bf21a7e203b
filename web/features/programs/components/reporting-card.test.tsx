/**
 * Ops' federal reporting card on a program's page (issue 44): what the program reports and how, and the month's bulk
 * file downloaded with the signed-in user's token; a month with nothing to report says so in the API's words.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, button, mockApi, mount, type Mounted } from '../../../lib/testing/render.tsx';
import { setSession } from '../../../lib/session.ts';

const toasts: string[] = [];
vi.mock('../../../lib/toaster.ts', () => ({
  errorToast: (m: string) => void toasts.push(m),
  successToast: (m: string) => void toasts.push(m),
}));

const { ReportingCard } = await import('./reporting-card.tsx');

const REPORT = 'GET /api/programs/ga-hear/tracking-report';
let card: Mounted | undefined;
const open = async (mode: 'real_time' | 'monthly') =>
  (card = await mount({
    path: '/',
    at: '/',
    element: <ReportingCard programId="ga-hear" reporting={{ program: 'HEAR', state: 'GA', mode }} />,
  }));

afterEach(async () => {
  await card?.unmount();
  card = undefined;
  toasts.length = 0;
  vi.unstubAllGlobals();
  setSession(null);
});

describe('federal reporting card', () => {
  it('says what the program reports, where and when', async () => {
    mockApi({});
    await open('real_time');
    expect(card!.text()).toContain('under HEAR for GA');
    expect(card!.text()).toContain('sent to the tracking tool as soon as it is ready');
    await card!.unmount();
    await open('monthly');
    expect(card!.text()).toContain('Records wait for the month’s bulk file');
  });

  it('downloads the month’s bulk file with the token, named by program and month', async () => {
    setSession({ token: 'tok-ops', user: { id: 1, email: 'ops@x.test', name: 'Ops', role: 'ops' } } as never);
    const api = mockApi({ [REPORT]: { body: { state: 'GA', program: 'HEAR', records: [] } } });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await open('real_time');
    const month = card!.host.querySelector<HTMLInputElement>('#reporting-month')!;
    expect(month.value).toMatch(/^\d{4}-\d{2}$/);
    await click(button(card!.host, 'Download the bulk file'));
    await vi.waitFor(() => expect(saved).toEqual([`ga-hear-${month.value}.json`]));
    expect(api.count(REPORT)).toBe(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/programs/ga-hear/tracking-report?month=${month.value}`);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-ops');
    expect(toasts).toEqual([]);
    clicked.mockRestore();
  });

  it('a month with nothing to report: the API’s words, nothing saved', async () => {
    const detail = 'Nothing was reported in 2026-11: no record of that month passes the contract.';
    mockApi({ [REPORT]: { status: 404, body: { code: 'not_found', detail } } });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await open('monthly');
    await click(button(card!.host, 'Download the bulk file'));
    await vi.waitFor(() => expect(toasts).toEqual([detail]));
    expect(clicked).not.toHaveBeenCalled();
    clicked.mockRestore();
  });
});
