/**
 * The explorer's Versions and Impact tabs as ops on the demo data: an older WI HEAR version (a higher
 * heat pump cap) with two jobs pinned to it shows what changed since and moves its jobs after a
 * confirmation; a lowered cap typed into the Impact tab lists the changed jobs with why, on a wide
 * screen and at 390 px without the page scrolling sideways; a broken edit shows its error at its line.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { insertVersionIfAbsent, setPinnedVersion } from '../../server/db/versions.db.ts';
import { repoDefinitionSources } from '../../server/deps.ts';
import { definitionVersions, versionHash } from '../../engine/index.ts';

let p: Portal;
const OPS = 'versions-ops@example.test';
const FILE = 'program-defs/wi-hear/program.yaml';
const CAP = '    heat_pump: 800000';
let older: string;
let pinned: number[];
beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, { email: OPS, name: 'Vera Versions', role: 'ops', created_at: new Date().toISOString() });
  // An older version of WI HEAR, loaded in January, with a higher heat pump cap; two live jobs pinned to it.
  const current = definitionVersions(p.deps.defs, repoDefinitionSources()).find((v) => v.program_id === 'wi-hear')!;
  const files = current.files.map((f) =>
    f.path === FILE ? { ...f, text: f.text.replace(CAP, '    heat_pump: 900000') } : f,
  );
  older = versionHash(files);
  await insertVersionIfAbsent(p.deps.db, { hash: older, program_id: 'wi-hear', files, at: '2026-01-15T09:00:00.000Z' });
  const jobs = await p.deps.db
    .selectFrom('jobs')
    .select('id')
    .where('program_id', '=', 'wi-hear')
    .where('is_canceled', '=', 0)
    .orderBy('id')
    .limit(2)
    .execute();
  pinned = jobs.map((j) => j.id);
  for (const id of pinned) await setPinnedVersion(p.deps.db, id, older);
});
afterAll(() => p.close());

const pinnedCount = async () =>
  (await p.deps.db.selectFrom('jobs').select('id').where('pinned_version', '=', older).execute()).length;

describe('the explorer’s Versions tab', () => {
  it('a job kept on the older version is shown under the current definitions, and says so', async () => {
    const page = await p.signedIn(OPS, `/program-explorer?program=wi-hear&job=${pinned[0]}`, 1280);
    const callout = page.locator('.job-callout');
    await expect.poll(() => callout.textContent()).toContain(`The job is kept on an earlier version (${older})`);
    await page.close();
  });

  it('shows the versions, what the older one changed, and moves its pinned jobs once confirmed', async () => {
    const page = await p.signedIn(OPS, '/program-explorer?program=wi-hear&tab=versions', 1280);
    const row = page.locator(`tr[data-version="${older}"]`);
    await row.waitFor();
    expect(await page.locator('.versions-table tbody tr').count()).toBe(2);
    expect(await page.locator('.versions-table tbody tr').first().textContent()).toContain('current');
    const diff = page.locator(`.version-diff[data-version="${older}"]`);
    await expect.poll(() => diff.textContent()).toContain('incentives.caps.heat_pump changed 900000 -> 800000');
    expect(await diff.locator('.diff-file-name').allTextContents()).toEqual([FILE]);
    await p.shot(page, 'explorer-versions');

    await row.getByRole('button', { name: 'Move 2 pinned jobs to the current version' }).click();
    const alert = page.locator('.bp6-alert');
    await alert.waitFor();
    await page.waitForTimeout(300); // let the dialog finish its opening transition
    await p.shot(page, 'explorer-versions-confirm', false);
    expect(await pinnedCount()).toBe(2);
    await alert.getByRole('button', { name: 'Move the jobs' }).click();
    await expect.poll(() => page.locator('.moved-callout').textContent()).toContain('Moved 2 jobs');
    expect(await pinnedCount()).toBe(0);
    await expect.poll(() => row.getByRole('button', { name: /^Move/ }).count()).toBe(0);
  });
});

describe('the explorer’s Impact tab', () => {
  const lowered = async (width: number) => {
    const page = await p.signedIn(OPS, '/program-explorer?program=wi-hear&tab=impact', width);
    const area = page.locator('#impact-source');
    await area.waitFor();
    const text = await area.inputValue();
    expect(text).toContain(CAP);
    await area.fill(text.replace(CAP, '    heat_pump: 650000'));
    await page.getByRole('button', { name: 'Show impact' }).click();
    await page.locator('.impact-summary').waitFor();
    return page;
  };

  it('a lowered heat pump cap lists the changed jobs, each because of the cap', async () => {
    const page = await lowered(1280);
    const rows = page.locator('.impact-jobs tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const n = await rows.count();
    expect(await page.locator('.impact-summary h4').textContent()).toContain(
      `${n} ${n === 1 ? 'job' : 'jobs'} would change`,
    );
    for (const because of await page.locator('.impact-jobs td.because').allTextContents())
      expect(because).toContain('incentives.caps.heat_pump');
    expect(await page.locator('.impact-summary').textContent()).toContain('−$');
    // The job's code links to the job.
    const link = rows.first().locator('a');
    expect(await link.getAttribute('href')).toMatch(/^\/\d+$/);
    await page.locator('.impact-report').scrollIntoViewIfNeeded();
    await p.shot(page, 'explorer-impact');
  });

  it('at 390 px the page does not scroll sideways; the jobs table scrolls in its own box', async () => {
    const page = await lowered(390);
    await page.locator('.impact-jobs tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = page.locator('.impact-jobs-scroll');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await p.shot(page, 'explorer-impact-390');
  });

  it('a broken edit shows the loader’s error at its line, and no report', async () => {
    const page = await p.signedIn(OPS, '/program-explorer?program=wi-hear&tab=impact', 1280);
    const area = page.locator('#impact-source');
    await area.waitFor();
    const text = await area.inputValue();
    const line = text.split('\n').indexOf(CAP) + 1;
    await area.fill(text.replace(CAP, '    heat_pump: lots'));
    await page.getByRole('button', { name: 'Show impact' }).click();
    const item = page.locator(`.impact-errors li[data-line="${line}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain(`program.yaml line ${line}`);
    expect(await page.locator('.impact-report').count()).toBe(0);
    await p.shot(page, 'explorer-impact-error', false);
  });
});
