#!/usr/bin/env node
// openapi.json linted by Redocly (run by `npm run lint`, under tsx: the document is built from the server's route
// declarations, as /api/openapi.json serves it, without a database). Writes artifacts/openapi.json, then runs
// `redocly lint` with scripts/openapi/redocly.yaml, where every warning is an error; exits with its code.
// Usage: node --import tsx scripts/lint-openapi.js [out-file]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDocument } from '../server/openapi/document.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'artifacts', 'openapi.json'));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(apiDocument(), null, 2)}\n`);

const redocly = join(root, 'node_modules', '.bin', 'redocly');
const args = ['lint', out, '--config', join(root, 'scripts', 'openapi', 'redocly.yaml'), '--max-problems', '1000'];
const run = spawnSync(redocly, args, {
  stdio: 'inherit',
  // No usage reports and no update check: the lint reads one local file and needs nothing from outside.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(run.status ?? 1);
