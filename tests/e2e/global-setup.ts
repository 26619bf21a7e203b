/**
 * Before the browser tests: Chromium must be there (one clear line if not), and the web app is built
 * once into web/dist (or WEB_DIST), which the server under test serves.
 */

import { existsSync } from 'node:fs';
import { build } from 'vite';
import { CHROMIUM } from './portal.ts';

export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install -y chromium' (bash .ci/run does this).`,
    );
  }
  // WEB_DIST (absolute) builds elsewhere than web/dist, for runs side by side; the server serves it.
  await build({
    configFile: 'web/vite.config.ts',
    logLevel: 'warn',
    ...(process.env.WEB_DIST ? { build: { outDir: process.env.WEB_DIST } } : {}),
  });
}
