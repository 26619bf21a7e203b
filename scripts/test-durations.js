// Writes tests/support/test-durations.json (each test file's seconds, the slower of its projects) from the JSON report
// of a CI run (`CI=true npm test` writes artifacts/vitest.json): the order files start in (tests/support/sequencer.ts).
// Usage: node scripts/test-durations.js [artifacts/vitest.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2] ?? join(root, 'artifacts/vitest.json'), 'utf8'));
const seconds = {};
for (const f of report.testResults) {
  // The report names files by absolute path, of whatever clone ran it: keep the part from the repository's folders.
  const rel = relative(report.rootDir ?? root, f.name).replace(/\\/g, '/');
  const key = /(?:^|\/)((?:tests|engine|server|web|cli|sim)\/.*)$/.exec(rel)?.[1] ?? rel;
  seconds[key] = Math.max(seconds[key] ?? 0, Math.round((f.endTime - f.startTime) / 100) / 10);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(root, 'tests/support/test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files' durations written to tests/support/test-durations.json`);
