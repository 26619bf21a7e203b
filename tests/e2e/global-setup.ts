/**
 * Before the browser tests: Chromium must be there (one clear line if not), and the web app is built
 * once into web/dist (or WEB_DIST), which the server under test serves.
 */

import { existsSync } from 'node:fs';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { runFiles, runTemplates } from '../support/global-setup.ts';
import { E2E_TEMPLATE, startTemplate } from '../support/demo-templates.ts';
import { CHROMIUM } from './portal.ts';

/**
 * Seconds into a run that has other tests before the browser tests (npm test, CI) when the browser tests' demo starts
 * seeding: beside those tests, so that the first browser files find it ready instead of both waiting on the one core
 * that seeds it (40 s on a quiet machine, a minute on a busy one). Not at the start: the Node tests' own demos seed
 * first, and this demo's clock is the wall clock (the work it queued falls due as it ages).
 */
export const E2E_SEED_AFTER_SECONDS = 240;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install -y chromium' (bash .ci/run does this).`,
    );
  }
  // The run's folder of templates (the node projects' setup may have made it).
  const teardown = runTemplates();
  const files = await runFiles(project);
  const others = files.some((f) => /\.test\.tsx?$/.test(f) && !/[\\/]tests[\\/]e2e[\\/]/.test(f));
  // A run of browser tests alone: the first portal seeds it.
  const early = others ? setTimeout(() => startTemplate(E2E_TEMPLATE), E2E_SEED_AFTER_SECONDS * 1000) : undefined;
  early?.unref();
  // WEB_DIST (absolute) builds elsewhere than web/dist, for runs side by side; the server serves it.
  await build({
    configFile: 'web/vite.config.ts',
    logLevel: 'warn',
    ...(process.env.WEB_DIST ? { build: { outDir: process.env.WEB_DIST } } : {}),
  });
  return async () => {
    clearTimeout(early);
    await teardown?.();
  };
}
