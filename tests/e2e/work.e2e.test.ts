/** Background work: ops see work that failed for good (dead) with its last error, and retry it; contractors do not see
 * the page. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { enqueueWork, failWork, leaseWork, workItem } from '../../server/db/work.db.ts';

let p: Portal;
const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
const ERROR = 'SMTP 550 mailbox unavailable';

beforeAll(async () => {
  p = await startPortal();
});
afterAll(() => p.close());

/** A mail that ran out of attempts: enqueued with one attempt, leased, failed. */
async function deadMail(): Promise<number> {
  const db = p.deps.db;
  const now = new Date(Date.now() - 5 * 60_000);
  const { id } = await enqueueWork(db, {
    kind: 'mail',
    key: `e2e-dead-mail-${Date.now()}`,
    payload: { to: 'pat@example.com' },
    now,
    max_attempts: 1,
  });
  const [item] = await leaseWork(db, { owner: 'e2e', now, lease_ms: 60_000, kinds: ['mail'] });
  expect(item.id).toBe(id);
  expect(await failWork(db, id, 'e2e', now, ERROR)).toBe('dead');
  return id;
}

describe('background work', () => {
  it('ops open it from the menu, see the failed mail with its error, and retry it', async () => {
    const id = await deadMail();
    const page = await p.signedIn(OPS, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Background work' }).click();
    await page.waitForURL((u) => u.pathname === '/background-work');
    await expect.poll(() => page.title()).toBe('Background work | Rebate Portal');
    const row = page.getByRole('row').filter({ hasText: ERROR });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText('Mail delivery').isVisible()).toBe(true);
    expect(await row.getByText('1 of 1').isVisible()).toBe(true);
    expect(await page.getByText('that failed after every retry').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Background work' }).hover();
    await p.shot(page, 'background-work');

    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect.poll(() => page.getByText('Retried: it will run again shortly.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No failed background work.').isVisible()).toBe(true);
    expect(await page.getByText(ERROR).count()).toBe(0);
    const after = await workItem(p.deps.db, id);
    expect(after).toMatchObject({ state: 'ready', attempts: 0 });
    await p.shot(page, 'background-work-empty');
  });

  it('contractors have no Background work in the menu or the sidebar', async () => {
    const page = await p.signedIn(CONTRACTOR, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Announcements' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Background work' }).count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Background work' }).count(),
    ).toBe(0);
  });
});
