// npm run test:quick: the inner loop (README). The engine, unit and API tests (SQLite) that the uncommitted change
// touches (vitest --changed), without the files that seed or copy the demo or start server processes, which take
// minutes whatever changed (tests/support/quick-files.ts): npm test (and CI) runs them. Extra arguments go to
// vitest.
import { spawnSync } from 'node:child_process';

// `--changed <since>` among the extra arguments (npm run test:quick -- --changed HEAD~2) replaces the default (the
// uncommitted change): Vitest refuses the option twice.
const extra = process.argv.slice(2);
const since = extra.some((a) => a === '--changed' || a.startsWith('--changed='));
const args = [
  'vitest',
  'run',
  ...(since ? [] : ['--changed']),
  '--project',
  'node',
  '--project',
  'engine-in-browser',
  '--passWithNoTests',
  ...extra,
];
// TEST_QUICK: vitest.config.ts leaves those files out.
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_QUICK: '1' } });
process.exit(r.status ?? 1);
