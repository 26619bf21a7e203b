/**
 * Federal reporting in the browser (issue 44): ops open a HEAR program's page, read what it reports, pick a month with
 * records and download its bulk file for DOE's tracking tool (named by program and month, a bulk file of that
 * month's records); contractors see no such card.
 */

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';

let p: Portal;
const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';

beforeAll(async () => {
  p = await startPortal();
});
afterAll(() => p.close());

/** A month in which the demo's GA HEAR jobs have a record ready or sent. */
async function monthWithRecords(): Promise<string> {
  const row = await p.deps.db
    .selectFrom('tracking_records as t')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .select('t.moment')
    .where('j.program_id', '=', 'ga-hear')
    .where('t.state', '!=', 'incomplete')
    .orderBy('t.moment', 'desc')
    .executeTakeFirstOrThrow();
  return row.moment.slice(0, 7);
}

describe('federal reporting', () => {
  it('ops download a month’s bulk file from the program’s page', async () => {
    const month = await monthWithRecords();
    const page = await p.signedIn(OPS, '/programs/ga-hear');
    const card = page.locator('.program-reporting');
    await expect.poll(() => card.innerText()).toContain('under HEAR for GA');
    await card.getByLabel('Month').fill(month);
    await card.scrollIntoViewIfNeeded();
    await p.shot(page, 'reporting-program-card', false);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the bulk file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ga-hear-${month}.json`);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      state: string;
      program: string;
      reporting_month: string;
      records: unknown[];
    };
    expect(file).toMatchObject({ state: 'GA', program: 'HEAR', reporting_month: month });
    expect(file.records.length).toBeGreaterThan(0);
    await page.close();
  });

  it('contractors see no reporting card', async () => {
    const page = await p.signedIn(CONTRACTOR, '/programs/ga-hear');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Tasks by stage' }).count()).toBe(1);
    expect(await page.locator('.program-reporting').count()).toBe(0);
    await page.close();
  });
});
