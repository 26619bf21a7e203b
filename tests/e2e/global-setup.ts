/**
 * Before the browser tests: Chromium must be there (one clear line if not), and the web app is built
 * once into web/dist (or WEB_DIST), which the server under test serves.
 */

import { existsSync } from 'node:fs';
import { build } from 'vite';
import { runTemplates } from '../support/global-setup.ts';
import { CHROMIUM } from './portal.ts';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install -y chromium' (bash .ci/run does this).`,
    );
  }
  // The run's folder of templates: the first portal seeds the demo every portal copies (at its start, not the run's:
  // the demo's clock is the wall clock, and work it queued falls due as it ages).
  const teardown = runTemplates();
  // WEB_DIST (absolute) builds elsewhere than web/dist, for runs side by side; the server serves it.
  await build({
    configFile: 'web/vite.config.ts',
    logLevel: 'warn',
    ...(process.env.WEB_DIST ? { build: { outDir: process.env.WEB_DIST } } : {}),
  });
  return teardown;
}
