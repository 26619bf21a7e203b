/**
 * The bench database on PostgreSQL: the generated SQLite file (generate-db.ts) copied row for row into a
 * schema of its own on BENCH_DATABASE_URL (default: TEST_DATABASE_URL), migrated by the portal's own
 * PostgreSQL migrations first, so both backends are measured on the same rows with their production
 * indexes. Cached: the schema is named after the SQLite file's cache key and reused while it is complete.
 * VACUUM ANALYZE runs after the copy, as autovacuum would on a live database (index-only scans need
 * the visibility map it sets: without it every count visits the table).
 */

import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { openStore, type Store } from '../server/db/database.ts';
import type { BenchDb } from './generate-db.ts';

/** Tables the portal's migrations fill themselves (or the triggers keep). */
const SKIP = new Set([
  'schema_migrations',
  'jobs_version',
  'jobs_search',
  'contractors_search',
  'job_totals',
  'job_facet_totals',
  'job_cube',
]);
const BATCH = 500;
/** The tables the triggers keep that are the same on both backends: copied when the copy writes with triggers off. */
const TOTALS = ['job_totals', 'job_facet_totals', 'job_cube'];

/**
 * `tables` in an order that copies every row after the rows it refers to: by the SQLite file's foreign keys (a table a
 * migration rebuilt comes late in the file's own order, after tables that refer to it).
 */
export function parentsFirst(src: Database.Database, tables: string[]): string[] {
  const done: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (done.includes(t) || path.has(t) || !tables.includes(t)) return;
    path.add(t);
    for (const fk of src.pragma(`foreign_key_list("${t}")`) as { table: string }[]) visit(fk.table, path);
    done.push(t);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return done;
}

/** Opens (copying first when needed) the PostgreSQL twin of a bench database. */
export async function postgresBench(
  bench: BenchDb,
  url: string,
  log: (s: string) => void = () => {},
  o: { keepOthers?: boolean } = {},
): Promise<{ store: Store; schema: string }> {
  const schema = `bench_${createHash('sha256').update(basename(bench.path)).digest('hex').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const ready = await admin.query(
      'SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2',
      [schema, 'bench_ready'],
    );
    if (ready.rowCount) return { store: await openStore(url, { schema }), schema };
    // Other sizes' twins dropped (the disk a million jobs take twice over), unless asked to keep them (BENCH_PG_KEEP=1:
    // a curve run then reuses a million jobs' twin copied before it).
    if (!(o.keepOthers || process.env.BENCH_PG_KEEP === '1'))
      for (const r of (await admin.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'bench\\_%'")).rows as {
        nspname: string;
      }[]) {
        await admin.query(`DROP SCHEMA "${r.nspname}" CASCADE`);
      }
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const store = await openStore(url, { schema });
  const db = store.kysely;
  const tables = (
    await sql<{
      table_name: string;
    }>`SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} AND table_type = 'BASE TABLE'`.execute(
      db,
    )
  ).rows
    .map((r) => r.table_name)
    .filter((t) => !SKIP.has(t));
  // The secondary indexes of the tables a job fills (its row, its search rows, its action owners) set aside and built
  // again after the copy, each in one pass (the trigram GIN index of the search rows took most of a job's 1.7 ms).
  const indexes = (
    await sql<{ name: string; def: string }>`SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = ${schema} AND i.tablename IN ('jobs', 'jobs_search', 'job_action_owners')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c JOIN pg_class x ON x.oid = c.conindid
        JOIN pg_namespace n ON n.oid = x.relnamespace WHERE x.relname = i.indexname AND n.nspname = i.schemaname)`.execute(
      db,
    )
  ).rows;
  for (const i of indexes) await sql`DROP INDEX ${sql.table(i.name)}`.execute(db);
  // The rows written through a connection of its own. Where the role may (a superuser), with the portal's triggers off
  // (session_replication_role = replica): a million jobs through the totals, cube, search and change-feed triggers took
  // most of the copy's 20-25 minutes. The totals tables are then copied from the SQLite file (whose triggers kept them
  // as the generator wrote the jobs), the search rows written after by the migration's own functions (below), and the
  // totals checked against the jobs. Otherwise every row goes through the triggers, as before.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  const quiet =
    process.env.BENCH_COPY_TRIGGERS !== '1' &&
    (await client.query('SET session_replication_role = replica').then(
      () => true,
      () => false,
    ));
  const src = new Database(bench.path, { readonly: true });
  try {
    const copied = quiet ? [...tables, ...TOTALS] : tables;
    if (quiet) for (const t of TOTALS) await client.query(`DELETE FROM "${t}"`);
    for (const table of parentsFirst(src, copied)) {
      const columns = (
        await sql<{
          column_name: string;
        }>`SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`.execute(
          db,
        )
      ).rows.map((r) => r.column_name);
      const select = src.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`);
      // Each batch one statement with one parameter: the rows as JSON, made rows of the table by PostgreSQL
      // (json_populate_recordset), so a million rows are 200 round trips, not a million values bound.
      const list = columns.map((c) => `"${c}"`).join(', ');
      const insert = `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", $1::json)`;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length) await client.query(insert, [JSON.stringify(batch)]);
        batch = [];
      };
      for (const row of select.iterate() as Iterable<Record<string, unknown>>) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (columns.includes('id'))
        await client
          .query(`SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce((SELECT max(id) FROM "${table}"), 1))`, [
            `"${schema}"."${table}"`,
          ])
          .catch(() => undefined);
    }
    if (quiet) {
      await client.query('SELECT jobs_search_put(id) FROM jobs');
      await client.query('SELECT contractors_search_put(id) FROM contractors');
      await client.query('SET session_replication_role = DEFAULT');
    }
  } finally {
    src.close();
    await client.end();
  }
  if (quiet) {
    // The copied totals are the jobs' (a generator or migration that left them unlike the jobs stops the bench here).
    const { rows } = await sql<{ jobs: string; totals: string | null; cube: string | null }>`SELECT
      (SELECT count(*) FROM jobs) AS jobs, (SELECT sum(n) FROM job_totals) AS totals,
      (SELECT sum(n) FROM job_cube WHERE facet = '') AS cube`.execute(db);
    const r = rows[0];
    if (Number(r.totals ?? 0) !== Number(r.jobs) || Number(r.cube ?? 0) !== Number(r.jobs))
      throw new Error(`bench/postgres-copy.ts: the copied totals (${r.totals}, ${r.cube}) are not the ${r.jobs} jobs`);
  }
  for (const i of indexes) await sql.raw(i.def).execute(db);
  const all = (
    await sql<{
      table_name: string;
    }>`SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} AND table_type = 'BASE TABLE'`.execute(
      db,
    )
  ).rows;
  for (const t of all) await sql`VACUUM ANALYZE ${sql.table(t.table_name)}`.execute(db);
  // The copy's pages written out now rather than by the checkpointer while the bench times queries (a live
  // database is not bulk loaded between two lists). CHECKPOINT needs a superuser or pg_checkpoint.
  await sql`CHECKPOINT`
    .execute(db)
    .catch((e: Error) => log(`no CHECKPOINT after the copy (${e.message}): the first figures may meet its writes`));
  await sql`CREATE TABLE bench_ready (at TEXT)`.execute(db);
  log(
    `copied the bench database to PostgreSQL schema ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { store, schema };
}
