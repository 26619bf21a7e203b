/**
 * The backends a database test runs on: SQLite always; PostgreSQL too when TEST_DATABASE_URL names one
 * (each store in a schema of its own, dropped afterwards). Without it, one line says the PostgreSQL
 * run was not asked for.
 */

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Backend, type Store } from '../../server/db/database.ts';

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

/** A fresh, migrated store on a backend, and how to drop it. */
export async function freshStore(backend: Backend): Promise<{ store: Store; schema?: string; drop: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const store = await openStore(':memory:');
    return { store, drop: () => store.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore(PG_URL!, { schema, max: 4 });
  return {
    store,
    schema,
    drop: async () => {
      await store.close();
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
