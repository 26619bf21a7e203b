/**
 * Setup of the web projects (vitest.config.ts): React's scheduler runs queued work on a later macrotask (setImmediate
 * in Node). Work a file left queued ran in the next file of the same worker (the projects share a worker's modules),
 * after this file's DOM was torn down: "ReferenceError: window is not defined" from react-dom, an unhandled error
 * that failed a green CI run (2026-12-01, on a slow machine). After each file, the queue runs while its DOM is still
 * there.
 */

import { afterAll } from 'vitest';

afterAll(async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
});
