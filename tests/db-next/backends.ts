/**
 * The backends the db/next tests run on: SQLite always (a temp file, so a second store can share it);
 * PostgreSQL too when TEST_DATABASE_URL names one and its migrations exist, in a fresh random schema
 * dropped afterwards.
 */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openStore, type Backend, type Store } from '../../server/db/database.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const PG_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations/postgres');
const pgReady = !!PG_URL && existsSync(PG_MIGRATIONS) && readdirSync(PG_MIGRATIONS).some((f) => /^\d+-.*\.sql$/.test(f));

/** SQLite, and PostgreSQL when asked for and migratable. */
export const BACKENDS: Backend[] = pgReady ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh migrated database: its store, a way to open another store on the same database, and cleanup. */
export interface Fresh {
  store: Store;
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
      another: () => open(() => openStore(file)),
      drop: async () => {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await open(() => openStore(PG_URL!, { schema, max: 4 }));
  return {
    store,
    another: () => open(() => openStore(PG_URL!, { schema, max: 2 })),
    drop: async () => {
      await closeAll();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
