/**
 * The backends a database test runs on: SQLite always; PostgreSQL too when TEST_DATABASE_URL names one
 * (each store a database of its own copied from the run's migrated template, dropped afterwards). Without it, one
 * line says the PostgreSQL run was not asked for. The API suite (tests/api/harness.ts) opens its servers' databases
 * here too.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { openStore, type Backend, type Store } from '../../server/db/database.ts';
import { copyDatabase, databaseUrl, onServer } from '../support/demo-templates.ts';
import { FRESH_SCHEMA, migratedTemplate } from '../support/migrated-template.ts';

export const PG_URL = process.env.TEST_DATABASE_URL;

let said = false;
/** The backends to run on. */
export function backends(): Backend[] {
  if (!PG_URL && !said) {
    said = true;
    console.info('PostgreSQL tests not asked for (set TEST_DATABASE_URL=postgres://... to run them)');
  }
  return PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** SQLite, and PostgreSQL when asked for. */
export const BACKENDS: Backend[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A fresh, migrated store on a backend, and how to drop it. PostgreSQL: a copy of the run's migrated template database
 * (tests/support/migrated-template.ts); `migrating`: a new schema of its own on TEST_DATABASE_URL, migrated as it opens
 * (the tests of migrating itself).
 */
export async function freshStore(
  backend: Backend,
  o: { migrating?: boolean } = {},
): Promise<{ store: Store; schema?: string; drop: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const store = await openStore(':memory:');
    return { store, drop: () => store.close() };
  }
  if (!o.migrating) {
    const copy = await migratedCopy();
    const store = await openStore(copy.url, { schema: FRESH_SCHEMA, max: 4 });
    return {
      store,
      schema: FRESH_SCHEMA,
      drop: async () => {
        await store.close();
        await copy.drop();
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore(PG_URL!, { schema, max: 4 });
  return {
    store,
    schema,
    drop: async () => {
      await store.close();
      await dropSchema(schema);
    },
  };
}

/** A database of its own copied from the run's migrated template: its URL, and how to drop it. */
async function migratedCopy(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await copyDatabase(await migratedTemplate(), name);
  return { url: databaseUrl(name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A time stamp for rows the database tests write. */
export const AT = '2026-06-01T00:00:00.000Z';

/** The `i`th job of a test (code `<prefix><i>`, at AT, of wi-hear), with `extra` columns over the defaults. */
export const jobRow = <T extends object>(prefix: string, i: number | string, extra: T) => ({
  code: `${prefix}${i}`,
  first_name: 'Ann',
  last_name: 'Lee',
  full_name: 'Ann Lee',
  address: `${i} Main St`,
  program_id: 'wi-hear',
  stage_entered_at: AT,
  created_at: AT,
  updated_at: AT,
  ...extra,
});

/** The schema a PostgreSQL store lives in. */
export const schemaOf = async (store: Store) =>
  (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(store.kysely)).rows[0].s;

/** The URL of the database a PostgreSQL store is on (with its schema, what another client connects with). */
export const urlOf = async (store: Store) =>
  databaseUrl((await sql<{ d: string }>`SELECT current_database() AS d`.execute(store.kysely)).rows[0].d);

/**
 * Fresh stores for one test file, every one dropped after the file's tests: `fresh(backend)` opens one; `atEnd(fn)`
 * runs fn then too (with `first`, before any store is dropped: a client or another store on a schema closes first).
 */
export function storesOfFile(o: { migrating?: boolean } = {}): {
  fresh: (backend: Backend) => Promise<Store>;
  atEnd: (fn: () => Promise<void>, first?: boolean) => void;
} {
  const ends: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const end of ends) await end();
  });
  return {
    fresh: async (backend) => {
      const f = await freshStore(backend, o);
      ends.push(f.drop);
      return f.store;
    },
    atEnd: (fn, first = false) => void (first ? ends.unshift(fn) : ends.push(fn)),
  };
}

/** A fresh migrated database: its store, a way to open another store on the same database, and cleanup. */
export interface Fresh {
  store: Store;
  /** The DATABASE_URL another process opens it by (with DATABASE_SCHEMA = schema on PostgreSQL). */
  url: string;
  schema?: string;
  /** Another store (another "portal instance") on the same database. */
  another(): Promise<Store>;
  /** Closes every store opened here and drops the database. */
  drop(): Promise<void>;
}

export async function freshDatabase(backend: Backend): Promise<Fresh> {
  const opened: Store[] = [];
  const open = async (o: () => Promise<Store>) => {
    const s = await o();
    opened.push(s);
    return s;
  };
  const closeAll = async () => {
    for (const s of opened.splice(0)) await s.close();
  };
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'db-next-'));
    const file = join(dir, 'portal.db');
    const store = await open(() => openStore(file));
    return {
      store,
      url: `sqlite:${file}`,
      another: () => open(() => openStore(file)),
      drop: async () => {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const copy = await migratedCopy();
  const store = await open(() => openStore(copy.url, { schema: FRESH_SCHEMA, max: 4 }));
  return {
    store,
    url: copy.url,
    schema: FRESH_SCHEMA,
    another: () => open(() => openStore(copy.url, { schema: FRESH_SCHEMA, max: 2 })),
    drop: async () => {
      await closeAll();
      await copy.drop();
    },
  };
}

/** Drops a test schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await c.end();
  }
}
