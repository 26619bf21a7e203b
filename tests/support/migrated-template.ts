/**
 * The empty, migrated PostgreSQL database every test store and test server copies. Migrating a schema of its own took
 * each of them 0.25 s on a quiet machine and 0.4-1.1 s on two busy cores (some 45 migrations), and dropping it 55 ms
 * more, for the several hundred stores and servers of a run; a copy of one migrated database takes some 35 ms
 * (CREATE DATABASE ... TEMPLATE) and dropping it 10 ms. The template is migrated once per run, by the first process
 * asking for it (a folder made atomically says who), and dropped with the demo templates after the run
 * (tests/support/global-setup.ts). The tests of migrating itself open schemas of their own (`migrating`).
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../server/db/database.ts';
import { databaseUrl, onServer, templatesDir } from './demo-templates.ts';

/** The schema the template, and so each copy, keeps its tables in (as a portal told DATABASE_SCHEMA does). */
export const FRESH_SCHEMA = 't_fresh';

/** The run's migrated template database (named after the run's folder, so runs never share one). */
export function migratedDatabase(): string {
  const run = createHash('sha1').update(templatesDir()).digest('hex').slice(0, 8);
  return `rebate_tpl_${run}_migrated`;
}

/** The migrated template's name, once it is ready (migrated now if nobody has). */
export async function migratedTemplate(): Promise<string> {
  const dir = join(templatesDir(), 'pg_migrated');
  const name = migratedDatabase();
  let mine = true;
  try {
    mkdirSync(dir); // atomic: one process migrates
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      await onServer(`DROP DATABASE IF EXISTS ${name}`);
      await onServer(`CREATE DATABASE ${name}`);
      await (await openStore(databaseUrl(name), { schema: FRESH_SCHEMA, max: 1 })).close();
      writeFileSync(join(dir, 'ready.json'), '{}');
    } catch (e) {
      writeFileSync(join(dir, 'failed.txt'), String((e as Error).stack ?? e));
      throw e;
    }
    return name;
  }
  // Polled: the process migrating it writes ready.json last (or failed.txt when it fails).
  for (;;) {
    if (existsSync(join(dir, 'ready.json'))) return name;
    if (existsSync(join(dir, 'failed.txt')))
      throw new Error(`the migrated template failed: ${readFileSync(join(dir, 'failed.txt'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
