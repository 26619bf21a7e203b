import { defineConfig } from 'vitest/config';

// Two projects: everything in Node, and the engine's own tests again in a browser-like DOM
// (happy-dom) to prove the engine is isomorphic.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'artifacts/vitest.json' }]] : ['default'],
    projects: [
      { test: { name: 'node', environment: 'node', include: ['engine/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'node_modules/**'] } },
      { test: { name: 'engine-in-browser', environment: 'happy-dom', include: ['engine/**/*.test.ts'] } },
    ],
  },
});
