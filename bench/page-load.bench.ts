/**
 * `npm run bench` (page loads): the portal with the demo data and Debian's Chromium; the jobs list, a
 * job's page and the program explorer, each loaded cold (a new browser context) several times as the
 * demo's ops user, navigation start to content shown: median and p95 beside the target (under 1 s
 * each) and the figures before (1.1 s, 1.2 s, 2.4 s). BENCH_RUNS sets the loads per page (default 7).
 * Skipped with a note when Chromium is missing.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { CHROMIUM, startPortal } from '../tests/e2e/portal.ts';
import { acceptancePages, measurePageLoads, pageLoadLines, writePageLoads } from '../tests/e2e/page-load.ts';
import { setFlag } from '../server/db/settings.db.ts';

if (!existsSync(CHROMIUM)) {
  console.log(`\npage loads: skipped (no Chromium at ${CHROMIUM}; sudo apt-get install -y chromium)`);
  process.exit(0);
}
const runs = Number(process.env.BENCH_RUNS ?? 7);
await build({
  configFile: 'web/vite.config.ts',
  logLevel: 'error',
  ...(process.env.WEB_DIST ? { build: { outDir: process.env.WEB_DIST } } : {}),
});
const p = await startPortal();
try {
  await setFlag(p.deps.db, 'program-explorer', true);
  const job = await p.deps.db
    .selectFrom('jobs')
    .select(['id', 'code'])
    .where('is_canceled', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const figures = await measurePageLoads(p, 'ops@demo.rebates.test', acceptancePages(job), runs);
  writePageLoads(join(process.cwd(), 'artifacts/page-loads.json'), figures, runs);
  console.log(
    `\nPage loads, cold (a new browser context each), navigation start to content shown, ${runs} loads each, in Chromium at 1280 px`,
  );
  for (const line of pageLoadLines(figures)) console.log(line);
} finally {
  await p.close();
}
