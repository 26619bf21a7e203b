/**
 * The PostgreSQL server the API bench measures beside SQLite (issue 13: `npm run bench` prints both backends):
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else this machine's local server when it answers (the one `.ci/run`
 * tests on). BENCH_DATABASE_URL=off measures SQLite alone. The bench writes only to a schema of its own
 * (bench/postgres-copy.ts).
 */

import pg from 'pg';

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** The URL to measure on and where it came from, or undefined (with the reason) when there is none. */
export async function benchPostgres(env: NodeJS.ProcessEnv = process.env): Promise<{ url?: string; from: string }> {
  const named = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (named === 'off') return { from: 'BENCH_DATABASE_URL=off' };
  if (named) return { url: named, from: env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'TEST_DATABASE_URL' };
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url: LOCAL_POSTGRES, from: 'the local server (no BENCH_DATABASE_URL set)' };
  } catch {
    return { from: `no BENCH_DATABASE_URL set and no server answers at ${LOCAL_POSTGRES}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}
