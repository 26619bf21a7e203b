import { defineConfig } from 'vitest/config';
import { requestValidators } from './web/build/request-validators.ts';

// Two projects: everything in Node, and the engine's own tests again in a browser-like DOM
// (happy-dom) to prove the engine is isomorphic.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'artifacts/vitest.json' }]] : ['default'],
    projects: [
      { test: { name: 'node', environment: 'node', include: ['engine/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts', 'server/**/*.test.ts'], exclude: ['tests/e2e/**', 'tests/web/**', 'node_modules/**'] } },
      { test: { name: 'engine-in-browser', environment: 'happy-dom', include: ['engine/**/*.test.ts'] } },
      // Web components in a browser-like DOM.
      { plugins: [requestValidators()], test: { name: 'web', environment: 'happy-dom', include: ['tests/web/**/*.test.{ts,tsx}', 'web/**/*.test.{ts,tsx}'] } },
      // Browser journeys: the real server and Debian's Chromium, one file at a time (2 cores).
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
