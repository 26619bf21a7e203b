/**
 * Page loads (issue 20, acceptance): the jobs list, a job's page and the program explorer, each loaded
 * cold (a new browser context) as the demo's ops user, navigation start to content shown; the figures
 * go to artifacts/page-loads.json (never asserted as timings: `npm run bench` prints them beside the
 * targets). And the explorer at a phone's 390 px: no sideways scroll, its long sections folded, and
 * graph labels in full (two lines, with the whole title as tooltip and accessible name).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sideScroll, startPortal, type Portal } from './portal.ts';
import { acceptancePages, measurePageLoads, writePageLoads } from './page-load.ts';
import { setFlag } from '../../server/db/settings.db.ts';

const OPS = 'ops@demo.rebates.test';
const RUNS = 3;
let p: Portal;
beforeAll(async () => {
  p = await startPortal();
  await setFlag(p.deps.db, 'program-explorer', true);
});
afterAll(() => p.close());

describe('page loads', () => {
  it('measures the jobs list, a job and the explorer cold and writes the figures', async () => {
    const job = await p.deps.db
      .selectFrom('jobs')
      .select(['id', 'code'])
      .where('is_canceled', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const figures = await measurePageLoads(p, OPS, acceptancePages(job), RUNS);
    const file = join(process.cwd(), 'artifacts/page-loads.json');
    writePageLoads(file, figures, RUNS);
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      pages: { name: string; samples: number[]; median: number; p95: number }[];
    };
    expect(written.pages.map((f) => f.name)).toEqual(['jobs list', 'job detail', 'explorer']);
    for (const f of written.pages) {
      expect(f.samples).toHaveLength(RUNS);
      expect(f.samples.every((ms) => ms > 0)).toBe(true);
      expect(f.median).toBeLessThanOrEqual(f.p95);
    }
  });
});

describe('the explorer at 390 px', () => {
  it('task configurations: no sideways scroll, long sections folded, rule text without "[object Object]"', async () => {
    const page = await p.signedIn(OPS, '/program-explorer?program=ca-heehra', 390);
    const stages = page.locator('details.stage-section');
    await stages.first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    // Folded: a screen or two of headings, not ten thousand pixels.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2500);
    expect(await page.locator('details.stage-section[open]').count()).toBe(0);
    await p.shot(page, 'explorer-phone-folded');
    // Opened, a stage's task tables stack inside the window.
    await stages.first().locator('summary').click();
    await page.locator('.task-config').first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    for (const card of await page.locator('.program-rules summary').all()) await card.click();
    await page.locator('.rules-table').first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    expect(await page.locator('.explorer').innerText()).not.toContain('[object Object]');
    await p.shot(page, 'explorer-phone-open', false);
  });

  it('task dependencies: the graph scrolls inside its card; every label reads in full', async () => {
    const page = await p.signedIn(OPS, '/program-explorer/task-dependencies?program=wi-hear', 390);
    const nodes = page.locator('g.task-node');
    await nodes.first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    const tasks = p.deps.defs.programs['wi-hear'].tasks;
    const labels = await nodes.evaluateAll((gs) =>
      gs.map((g) => ({
        id: g.getAttribute('data-task'),
        title: g.querySelector('title')?.textContent,
        aria: g.getAttribute('aria-label'),
        shown: Array.from(g.querySelectorAll('.node-title tspan'), (t) => t.textContent).join(' '),
      })),
    );
    for (const t of tasks) {
      const l = labels.find((x) => x.id === t.id)!;
      expect(l.title).toBe(t.title);
      expect(l.aria).toContain(t.title);
      // Titles of up to two lines are shown whole.
      if (t.title.length <= 40) expect(l.shown).toBe(t.title);
    }
    await p.shot(page, 'explorer-phone-graph', false);
  });
});
