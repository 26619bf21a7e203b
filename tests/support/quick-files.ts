/**
 * Which test files `npm run test:quick` (TEST_QUICK, scripts/test-quick.js) leaves to npm test and CI: those that take
 * minutes whatever changed.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whole-demo and process tests: each seeds or copies the demo, or starts and kills servers or the CLI, minutes whatever
 * changed.
 */
export const SLOW_FILES = [
  'tests/api/seed.test.ts',
  'tests/api/seed-photos.test.ts',
  'tests/api/instances.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/impact-cli.test.ts',
  'tests/cli.test.ts',
];

/** Whether a test file's text copies the seeded demo (tests/support/demo-templates.ts), which a run seeds first. */
export const readsSeededDemo = (text: string): boolean => text.includes('seededDatabase(');

/** Whether a test file copies the seeded demo (an unreadable file: no). */
export function fileReadsSeededDemo(file: string): boolean {
  try {
    return readsSeededDemo(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The files the quick loop leaves out, relative to `root`: SLOW_FILES, and every file under tests/ that copies the
 * seeded demo (a run that has one seeds the demo at its start, 17-40 s of a core beside the tests; without them the
 * quick loop never seeds).
 */
export function quickExcluded(root: string): string[] {
  const seeded = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `tests/${f.replace(/\\/g, '/')}`)
    .filter((f) => fileReadsSeededDemo(join(root, f)));
  return [...new Set([...SLOW_FILES, ...seeded])];
}
