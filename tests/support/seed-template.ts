/**
 * Seeds one demo template (tests/support/demo-templates.ts) into the folder given as the argument, whose key.json says
 * the backend, clock and configuration: a SQLite file there, or the database REBATE_TEMPLATE_DATABASE on
 * TEST_DATABASE_URL's server. Writes ready.json last.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../server/config.ts';
import { buildDeps, depsOf } from '../../server/deps.ts';
import { openStore } from '../../server/db/database.ts';
import { seedIfEmpty } from '../../server/seed/demo.ts';
import { createWorker } from '../../server/worker.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { DOCUMENT_WORK } from '../../server/workflows/signing/work-kinds.ts';
import { sql } from 'kysely';
import {
  AS_SEEDED_FILE,
  asSeededDatabase,
  databaseUrl,
  onServer,
  TEMPLATE_SCHEMA,
  type TemplateKey,
} from './demo-templates.ts';

const dir = process.argv[2];
const key = JSON.parse(readFileSync(join(dir, 'key.json'), 'utf8')) as TemplateKey;
const started = Date.now();
const database = process.env.REBATE_TEMPLATE_DATABASE;
if (key.backend === 'postgres') {
  await onServer(`DROP DATABASE IF EXISTS ${database}`);
  await onServer(`CREATE DATABASE ${database}`);
  await onServer(`ALTER DATABASE ${database} SET synchronous_commit = off`);
}
const config: Config = {
  ...loadConfig({}),
  database_url: key.backend === 'postgres' ? databaseUrl(database!) : `sqlite:${join(dir, 'portal.db')}`,
  ...(key.backend === 'postgres' ? { database_schema: TEMPLATE_SCHEMA } : {}),
  upload_dir: join(dir, 'uploads'),
  ...(key.upload_storage ? { upload_storage: key.upload_storage } : {}),
  ...(key.app_env ? { app_env: key.app_env } : {}),
  port: 0,
};
const clock = key.now === 'wall' ? {} : { now: () => new Date(key.now) };
const open = async () =>
  key.built
    ? await buildDeps(config, { ...clock, log: () => undefined })
    : depsOf(await openStore(config.database_url, { schema: config.database_schema, max: 4 }), config, {
        ...clock,
        log: () => undefined,
      });
const deps = await open();
if (!(await seedIfEmpty(deps, { jobs: key.jobs }))) throw new Error('the template was not empty');
// The demo as the seed left it, before the worker below runs (what tests/api/seed-workflows.test.ts inspects, which
// seeded a demo of its own on each backend for it): a copy beside the template (`seededDatabase(key, { asSeeded })`).
let worked = deps;
if (key.backend === 'postgres') {
  // (A database is copied only while nobody is connected to it.)
  await deps.store.close();
  await onServer(`CREATE DATABASE ${asSeededDatabase(database!)} TEMPLATE ${database}`);
  worked = await open();
} else {
  await sql`VACUUM INTO ${sql.lit(join(dir, AS_SEEDED_FILE))}`.execute(deps.db);
}
// The signed copies the demo's signings left to the portal's worker (some 150 documents stamped, their copies
// mailed) are made here, once: every portal copying the template starts quiet instead of stamping them all over
// again, and a mail a test sends is the newest in the outbox, not one among hundreds written beside it.
const finalize = DOCUMENT_WORK.finalize;
await createWorker(worked.db, {
  handlers: { [finalize]: documentHandlers(worked)[finalize] },
  now: worked.now,
  owner: 'demo-template',
}).drain();
await worked.store.close();
writeFileSync(join(dir, 'ready.json'), JSON.stringify({ seconds: (Date.now() - started) / 1000 }));
process.exit(0);
