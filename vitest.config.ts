import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { requestValidators } from './web/build/request-validators.ts';
import { LongestFirst } from './tests/support/sequencer.ts';
import { quickExcluded } from './tests/support/quick-files.ts';

// Projects: everything in Node; the API suite again on PostgreSQL when TEST_DATABASE_URL names one
// (each server of it in a schema of its own, dropped afterwards); the engine's own tests again in a
// browser-like DOM (happy-dom) to prove the engine is isomorphic; web components; browser journeys.
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres && !process.env.VITEST_WORKER_ID)
  console.info(
    'PostgreSQL run not asked for: the API suite runs on SQLite only (set TEST_DATABASE_URL=postgres://... to run it on PostgreSQL too)',
  );

// Test files of the Node projects share one module graph per worker (isolate: false): the definitions are loaded and
// their forms compiled once per worker, not once per file (5-13 s each on 2 cores; most API files spent more on
// that than on their tests). Every test builds its own server, database and clock, so nothing a file keeps in a
// module leaks into what another asserts. At least two workers: a worker waiting on PostgreSQL, a child process or
// Chromium leaves its core to the other.
const WORKERS = Math.max(2, availableParallelism() - 1);

// `npm run test:quick` (TEST_QUICK) leaves the whole-demo, seeded-demo and process tests to npm test and CI.
const QUICK_EXCLUDE = process.env.TEST_QUICK ? quickExcluded(import.meta.dirname) : [];

/**
 * The web component tests share one module graph per worker too (isolate: false): each file isolated imported React,
 * Blueprint and RJSF in a process of its own (web: 82 s of CPU for 12 s of tests, 27 s shared). A file that replaces a
 * module (vi.mock) needs the modules that import it fresh, so those few run isolated, in a project of their own.
 */
const WEB_TESTS = ['tests/web', 'web'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f.replace(/\\/g, '/')}`),
);
const MOCKING = WEB_TESTS.filter((f) => readFileSync(f, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // Longest files first, the seeded-demo readers once the demo has had time to seed (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'artifacts/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: [
            'engine/**/*.test.ts',
            'cli/**/*.test.ts',
            'tests/**/*.test.ts',
            'server/**/*.test.ts',
            'sim/**/*.test.ts',
          ],
          exclude: ['tests/e2e/**', 'tests/web/**', 'node_modules/**', ...QUICK_EXCLUDE],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                environment: 'node',
                isolate: false,
                include: ['tests/api/**/*.test.ts'],
                env: { API_BACKEND: 'postgres' },
                globalSetup: ['tests/support/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: { name: 'engine-in-browser', environment: 'happy-dom', isolate: false, include: ['engine/**/*.test.ts'] },
      },
      // Web components in a browser-like DOM.
      {
        plugins: [requestValidators()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          isolate: false,
          include: WEB_TESTS,
          exclude: MOCKING,
          setupFiles: ['tests/web/drain-react.ts'],
        },
      },
      {
        plugins: [requestValidators()],
        test: {
          name: 'web-mocking',
          environment: 'happy-dom',
          include: MOCKING,
          setupFiles: ['tests/web/drain-react.ts'],
        },
      },
      // Browser journeys: the real server and Debian's Chromium; each file its own portal.
      {
        test: {
          name: 'e2e',
          environment: 'node',
          isolate: false,
          // After the other projects (a group of its own), two files at a time: a browser test alone left a core
          // idle half the time (Chromium's page runs on one), and the node projects beside it slowed both. Measured
          // on 2 cores: one file at a time 618 s, two 458 s, two with the accessibility roles side by side 360 s.
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          testTimeout: 120_000,
          // A portal's first start seeds the demo through the workflows (20-45 s on a busy 2-core machine, more on
          // PostgreSQL): its beforeAll gets five minutes, a ceiling, not a wait.
          hookTimeout: 300_000,
          // expect.poll waits this long for a page to get there (Vitest's default, 1 s, failed a page title that a
          // slow machine set later); a poll that succeeds returns at once, so only a failure waits it out.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
