/**
 * The database behind the portal, on either backend: the embedded SQLite (the default: `npm start`
 * needs nothing else) or a PostgreSQL server that several portal instances share (DATABASE_URL=
 * postgres://...). Queries go through one query builder (Kysely) with bound values, so the db modules
 * have one code path for both; the numbered migrations exist once per dialect (migrations/sqlite,
 * migrations/postgres) and are applied at start.
 */

import Database from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DB } from './schema.ts';
import { EmbeddedSqliteDialect } from './sqlite-driver.ts';
import { registerChangeNotes } from './change-notes.ts';

export type Backend = 'sqlite' | 'postgres';

/** An open database: the query builder, which backend it is, and (SQLite) the embedded handle. */
export interface Store {
  kysely: Kysely<DB>;
  backend: Backend;
  /** The migrations this open applied (none when the database was up to date). */
  migrated: number[];
  /** The embedded handle (SQLite only): its full-text search and the statements not yet on the builder. */
  sqlite?: Database.Database;
  /**
   * PostgreSQL only: calls `fn` with each notice sent on `channel` by any instance on this database (NOTIFY, sent at
   * commit), over a connection of its own; `fn(null)` whenever that connection is lost (notices may have been missed)
   * and `fn('')` once it listens again. Reconnects by itself until the store closes.
   */
  listen?(channel: string, fn: (payload: string | null) => void): void;
  close(): Promise<void>;
}

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Which backend a DATABASE_URL names: postgres:// or postgresql:// is PostgreSQL, anything else a SQLite file. */
export function backendOf(url: string): Backend {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/** Resolves a SQLite DATABASE_URL (`sqlite:path`, `file:path`, a plain path or `:memory:`) to a file path. */
export function sqlitePath(url: string): string {
  if (url === ':memory:') return url;
  const m = /^(?:sqlite|file):(?:\/\/)?(.*)$/.exec(url);
  if (m) return m[1];
  if (/^[a-z]+:\/\//i.test(url))
    throw new Error(`DATABASE_URL '${url.replace(/\/\/[^@/]*@/, '//…@')}' is not a SQLite path (sqlite:path)`);
  return url;
}

/** The numbered migrations of a dialect, in order. */
export function migrationFiles(backend: Backend): { version: number; name: string; sql: string }[] {
  const dir = join(MIGRATIONS, backend);
  return readdirSync(dir)
    .filter((f) => /^\d+-.*\.sql$/.test(f))
    .sort()
    .map((name) => ({ version: Number(name.split('-')[0]), name, sql: readFileSync(join(dir, name), 'utf8') }));
}

const MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)';

/** The first line of a SQLite migration that copies a table other tables refer to. */
const FOREIGN_KEYS_OFF = '-- sqlite: foreign keys off';

/** Applies the SQLite migrations not yet applied, each in its own transaction. */
export function migrateSqlite(db: Database.Database): number[] {
  db.exec(MIGRATIONS_TABLE);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const ran: number[] = [];
  for (const m of migrationFiles('sqlite')) {
    if (applied.has(m.version)) continue;
    // A migration that copies a table others refer to (SQLite cannot change a CHECK in place) says so on its first
    // line: foreign keys are off while it runs, as SQLite's documented procedure asks, and every reference is checked
    // before it commits.
    const copiesReferencedTable = m.sql.startsWith(FOREIGN_KEYS_OFF);
    if (copiesReferencedTable) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (copiesReferencedTable && (db.pragma('foreign_key_check') as unknown[]).length)
          throw new Error(`migration ${m.name} leaves rows whose references point nowhere`);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          m.version,
          m.name,
          new Date().toISOString(),
        );
      })();
    } finally {
      if (copiesReferencedTable) db.pragma('foreign_keys = ON');
    }
    ran.push(m.version);
  }
  return ran;
}

/** A lock number of our own: instances starting together migrate one after the other. */
const MIGRATION_LOCK = 727_001;

/** Applies the PostgreSQL migrations not yet applied, each in its own transaction, under an advisory lock. */
export async function migratePostgres(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const ran: number[] = [];
    for (const m of migrationFiles('postgres')) {
      if (applied.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        // No parameters: the simple protocol, so one file holds many statements.
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name}: ${(e as Error).message}`, { cause: e });
      }
      ran.push(m.version);
    }
    return ran;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** PostgreSQL's 64-bit integers (count(*), sums) and numerics read as numbers, as SQLite returns them. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** Options of a PostgreSQL store: a schema of its own (tests), the pool size. */
export interface PostgresOptions {
  /** Tables live in this schema (created if missing; extensions stay in public): each test file gets its own. */
  schema?: string;
  max?: number;
}

/**
 * How long an idle connection stays open. A new connection pays its first queries (catalog caches, loading
 * pg_trgm: about 18 ms measured on a search), so the pool keeps them for minutes, not node-postgres's 10 s.
 */
const IDLE_MS = 5 * 60_000;

/** A PostgreSQL pool on a URL (and a schema as its search path). */
export function postgresPool(url: string, opts: PostgresOptions = {}): pg.Pool {
  if (opts.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(opts.schema))
    throw new Error(`not a schema name: ${opts.schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    idleTimeoutMillis: IDLE_MS,
    types: pgTypes,
    ...(opts.schema ? { options: `-c search_path=${opts.schema},public` } : {}),
  });
  // An idle connection the server ends (a restart, an administrator, a dropped database): the pool discards it and
  // opens another when next asked. Unheard, its 'error' event would end the process (it did, in a test's cleanup).
  pool.on('error', () => undefined);
  return pool;
}

/** Opens (creating if needed) and migrates the SQLite database of a URL: WAL, foreign keys on. */
export function openSqlite(url: string): Database.Database {
  return openSqliteMigrated(url).db;
}

function openSqliteMigrated(url: string): { db: Database.Database; migrated: number[] } {
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A page cache of 64 MiB (the default is 2 MiB): the jobs table's indexes at 100,000 jobs stay in memory,
  // so a write touching many of them (a re-evaluation storing a job's outcome) does not read them back from disk.
  db.pragma('cache_size = -65536');
  // The triggers of the job change feed call this function (migration 031): registered before any write.
  registerChangeNotes(db);
  const migrated = migrateSqlite(db);
  plannerStatistics(db);
  return { db, migrated };
}

/**
 * SQLite's planner statistics (sqlite_stat1), as PostgreSQL's autovacuum keeps them. Without them SQLite takes an
 * equality
 * on any index column as selective, so a list filtered by two columns (a submitter and eligible-ness) counted through a
 * wide index on is_canceled, every job (12 ms at 100,000 jobs), rather than the submitter's few hundred. A database
 * holding jobs never analyzed with them is analyzed at open (0.5 s at 100,000 jobs, once); after that SQLite's own
 * `PRAGMA optimize` analyzes again at open when a table has grown or shrunk enough for the plans to change (25 times,
 * by its rule).
 */
function plannerStatistics(db: Database.Database): void {
  // The jobs counted when last analyzed (a stat row starts with the rows it saw): none, while jobs holds some, is
  // never.
  const seen =
    db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get() === undefined
      ? 0
      : Number(
          (
            db.prepare("SELECT max(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1 WHERE tbl = 'jobs'").get() as {
              n: number | null;
            }
          ).n ?? 0,
        );
  if (seen === 0 && db.prepare('SELECT 1 FROM jobs LIMIT 1').get() !== undefined) db.exec('ANALYZE');
  else db.pragma('optimize = 0x10002');
}

/** Opens and migrates the database a URL names, on its backend. */
export async function openStore(url: string, opts: PostgresOptions = {}): Promise<Store> {
  if (backendOf(url) === 'sqlite') {
    const { db, migrated } = openSqliteMigrated(url);
    return { ...sqliteStore(db), migrated };
  }
  if (opts.schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    } catch (e) {
      // Two opens of one schema at once: IF NOT EXISTS checks before it inserts, so the later one can
      // still hit the catalog's unique index (23505) or see the schema appear (42P06). It exists: go on.
      const code = (e as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw e;
    } finally {
      await admin.end();
    }
  }
  const pool = postgresPool(url, opts);
  let migrated: number[];
  try {
    migrated = await migratePostgres(pool);
  } catch (e) {
    await pool.end().catch(() => undefined); // a failed migration leaves no open connections behind
    throw e;
  }
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends the pool only if it ever used it (its driver starts lazily): a store opened only to
  // migrate would keep its connections, and its process alive, as long as they stay idle.
  const listeners = new Map<string, pg.Client | undefined>();
  let closed = false;
  const listen = (channel: string, fn: (payload: string | null) => void) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const connect = () => {
      if (closed) return;
      const client = new pg.Client({ connectionString: url });
      let lost = false;
      const drop = () => {
        if (lost) return;
        lost = true;
        listeners.set(channel, undefined);
        fn(null);
        client.end().catch(() => undefined);
        if (!closed) setTimeout(connect, 1_000).unref();
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', (n) => {
        if (n.channel === channel) fn(n.payload ?? '');
      });
      listeners.set(channel, client);
      client
        .connect()
        .then(() => client.query(`LISTEN ${channel}`))
        .then(() => !lost && fn(''))
        .catch(drop);
    };
    connect();
  };
  const close = async () => {
    closed = true;
    for (const c of listeners.values()) {
      c?.removeAllListeners('end');
      c?.removeAllListeners('error');
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    }
    await kysely.destroy();
    if (!pool.ended) await pool.end();
  };
  return { kysely, backend: 'postgres', migrated, listen, close: once(close) };
}

/** A close that may be called again (a test's cleanup after a shutdown): the later calls wait for the first. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** A store over an open SQLite handle (migrated). */
export function sqliteStore(db: Database.Database): Store {
  const kysely = new Kysely<DB>({ dialect: new EmbeddedSqliteDialect(db) });
  return {
    kysely,
    backend: 'sqlite',
    sqlite: db,
    migrated: [],
    close: once(async () => {
      await kysely.destroy();
      if (db.open) db.close();
    }),
  };
}
