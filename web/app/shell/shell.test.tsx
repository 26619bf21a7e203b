/**
 * The shell (issue 20, navigation): the tab's title names what the page shows; header, sidebar and menu
 * items are links (they open in a new tab); sign-in shows no header, search or sidebar, and offers the
 * automated-testing sign-in only when that sign-in is on.
 */

import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mount, settle, type Mounted } from '../../lib/testing/render.tsx';
import type { AppConfig } from '../../../engine/api/auth.ts';
import { PREFERENCE_DEFAULTS } from '../../../engine/constants.ts';

vi.mock('../../lib/toaster.ts', () => ({ successToast: () => undefined, errorToast: () => undefined }));
const { routes } = await import('../router.tsx');
const { Layout } = await import('./layout.tsx');
const { documentTitle } = await import('./page-title.ts');
const { PageHeading } = await import('../../lib/components/page-heading.tsx');
const { setSession } = await import('../../lib/session.ts');
const { HEADER_ITEMS, MENU_ITEMS } = await import('./nav-items.ts');
const { pathTo } = await import('../../config/paths.ts');

const CONFIG: AppConfig = {
  app_env: 'staging',
  is_production: false,
  feature_flags: ['program-explorer'],
  google_sign_in: false,
  sso_label: 'Google',
  playwright_sign_in: false,
};
const OPS = {
  token: 'a-token-long-enough-for-the-schema',
  user: { id: 1, email: 'ops@example.test', name: 'Olivia Ops', role: 'ops' as const, contractor_id: null },
};

let page: Mounted | undefined;
beforeEach(() => localStorage.clear());
afterEach(async () => {
  await page?.unmount();
  page = undefined;
  act(() => setSession(null));
});

const api = (config: Partial<AppConfig> = {}) =>
  mockApi({
    'GET /api/config': { body: { ...CONFIG, ...config } },
    'GET /api/preferences': { body: PREFERENCE_DEFAULTS },
  });
const hrefs = (selector: string) =>
  Array.from(page!.host.querySelectorAll<HTMLAnchorElement>(selector)).map((a) => a.getAttribute('href'));

describe('the document title', () => {
  it.each([
    ['Basic details', 'Hana Homeowner (K7P2Q)', 'Hana Homeowner (K7P2Q) · Basic details | Rebate Portal'],
    ['Contractor', 'Northwind HVAC', 'Northwind HVAC · Contractor | Rebate Portal'],
    ['Programs', 'Programs', 'Programs | Rebate Portal'],
    ['Jobs', undefined, 'Jobs | Rebate Portal'],
  ])('route "%s" showing "%s" reads "%s"', (route, subject, title) => {
    expect(documentTitle(route, subject)).toBe(title);
  });

  it("a page's written heading names it in the tab, and the name goes with the page", async () => {
    api();
    act(() => setSession(OPS));
    page = await mount({
      at: '/contractors/1',
      routes: [
        {
          element: <Layout />,
          children: [
            {
              path: '/contractors/1',
              handle: { title: 'Contractor' },
              element: <PageHeading title="Northwind HVAC" />,
            },
            { path: '/contractors', handle: { title: 'Contractors' }, element: <p>list</p> },
          ],
        },
      ],
    });
    expect(document.title).toBe('Northwind HVAC · Contractor | Rebate Portal');
    await act(() => page!.router.navigate('/contractors'));
    await settle();
    expect(document.title).toBe('Contractors | Rebate Portal');
  });
});

describe('navigation items are links', () => {
  it('the header and the sidebar link to their pages (their names are their words)', async () => {
    api();
    act(() => setSession(OPS));
    page = await mount({ at: '/no/such/page', routes });
    const header = HEADER_ITEMS.map((i) => pathTo(i.to));
    expect(hrefs('.app-header a.bp6-button')).toEqual(header);
    expect(hrefs('nav.sidebar a')).toEqual([...HEADER_ITEMS, ...MENU_ITEMS].map((i) => pathTo(i.to)));
    const contractors = page.host.querySelector<HTMLAnchorElement>('.app-header a[href="/contractors"]')!;
    expect(contractors.textContent).toBe('Contractors');
    expect(contractors.hasAttribute('aria-label')).toBe(false);
  });

  it("the header's menu items are links too", async () => {
    api();
    act(() => setSession(OPS));
    page = await mount({ at: '/no/such/page', routes });
    await act(async () => page!.host.querySelector<HTMLButtonElement>('button[aria-label="Menu"]')!.click());
    await settle();
    const menu = () =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('.bp6-menu a.bp6-menu-item[href]')).map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]);
    // The menu's code loads on first use (its first import is transformed then: seconds on a busy machine).
    await vi.waitFor(() => expect(menu()).toEqual(MENU_ITEMS.map((i) => [i.label, pathTo(i.to)])), {
      timeout: 15_000,
    });
  });
});

describe('the sign-in page', () => {
  it('shows no header, search or sidebar, even with a stale session in the browser', async () => {
    api();
    act(() => setSession(OPS));
    page = await mount({ at: '/login', routes });
    // The page's code loads lazily (its first import is transformed then: seconds on a slow machine).
    await vi.waitFor(() => expect(page!.host.querySelector('form')).not.toBeNull(), { timeout: 15_000 });
    expect(page.text()).toContain('Sign in');
    expect(page.host.querySelector('.app-header')).toBeNull();
    expect(page.host.querySelector('nav.sidebar')).toBeNull();
    expect(page.text()).not.toContain('Search');
    expect(page.text()).toContain('STAGING ENV');
  });

  it.each([
    [false, []],
    [true, ['/playwright-test-login']],
  ])('with the automated-testing sign-in on: %s, links to it: %j', async (on, links) => {
    api({ playwright_sign_in: on });
    page = await mount({ at: '/login', routes });
    await vi.waitFor(() => expect(page!.host.querySelector('form')).not.toBeNull(), { timeout: 15_000 });
    expect(hrefs('.login-links a')).toEqual(links);
  });
});
