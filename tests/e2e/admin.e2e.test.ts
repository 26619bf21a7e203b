import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { dbGet, dbAll } from '../support/db.ts';

let p: Portal;
const OPS = 'ops@demo.rebates.test';
beforeAll(async () => {
  p = await startPortal();
});
afterAll(() => p.close());

describe('admin screens', () => {
  it('ops create a contractor: the 50-character message, then the new contractor’s page', async () => {
    const page = await p.signedIn(OPS, '/contractors/create');
    await page.getByLabel('Company name').fill('x'.repeat(51));
    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Create contractor' }).click();
    await expect.poll(() => page.getByText('Please enter a value less than 50 characters').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    await page.getByLabel('Company name').fill('Brightside Heat Pumps');
    await page.getByLabel('Email').fill('office@brightside.test');
    await page.getByLabel('Phone').fill('608-555-0142');
    await page.getByRole('button', { name: 'Create contractor' }).click();
    await page.waitForURL((u) => /^\/contractors\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByText('Brightside Heat Pumps').first().isVisible()).toBe(true);
    const row = (await dbGet(p.deps, "SELECT email FROM contractors WHERE name = 'Brightside Heat Pumps'")) as {
      email: string;
    };
    expect(row.email).toBe('office@brightside.test');
  });

  it('the contractor detail at 1280 and 768 px', async () => {
    const c = (await dbGet(p.deps, "SELECT id, name FROM contractors WHERE name = 'Northwind HVAC'")) as {
      id: number;
      name: string;
    };
    for (const width of [1280, 768]) {
      const page = await p.signedIn(OPS, `/contractors/${c.id}`, width);
      await expect.poll(() => page.getByText(c.name).first().isVisible()).toBe(true);
      await p.shot(page, `contractor-detail-${width}`);
    }
  });

  it('saving the terms creates a new version; restoring an old one makes a copy the current version', async () => {
    const before = (await dbAll(p.deps, 'SELECT id, version, description FROM terms_versions ORDER BY version')) as {
      id: number;
      version: number;
      description: string;
    }[];
    const current = before[before.length - 1];
    const page = await p.signedIn(OPS, `/terms_and_conditions/${current.id}`);
    await page.getByLabel('Description').fill('Adds the warranty clause.');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await expect
      .poll(async () => ((await dbGet(p.deps, 'SELECT MAX(version) v FROM terms_versions')) as { v: number }).v)
      .toBe(current.version + 1);
    const oldest = before[0];
    await page.goto(`/terms_and_conditions/${oldest.id}`);
    await page.getByRole('button', { name: 'Restore as new version' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore as new version' }).click();
    await expect
      .poll(
        async () =>
          await dbGet(
            p.deps,
            'SELECT version, description, is_current, restored_from FROM terms_versions WHERE is_current = 1',
          ),
      )
      .toEqual({
        version: current.version + 2,
        description: oldest.description,
        is_current: 1,
        restored_from: oldest.id,
      });
    await p.shot(page, 'terms-restored');
  });
});
