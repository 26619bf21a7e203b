/**
 * The embedded database: better-sqlite3 in WAL mode, migrated on open. Every SQL statement of the
 * server lives in server/db/ behind functions named for what they do, so a PostgreSQL backend can be
 * added without touching routes or services.
 */

import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The database handle the db modules take. */
export type Db = Database.Database;

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per database and SQL text (hot paths prepare nothing per request). */
export function stmt(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (cache.size < 1000) cache.set(sql, s);
  }
  return s;
}

/** Resolves DATABASE_URL (`sqlite:path`, `file:path`, a plain path or `:memory:`) to a file path. */
export function sqlitePath(url: string): string {
  if (url === ':memory:') return url;
  const m = /^(?:sqlite|file):(?:\/\/)?(.*)$/.exec(url);
  if (m) return m[1];
  if (/^[a-z]+:\/\//i.test(url)) throw new Error(`DATABASE_URL '${url}': only SQLite is supported for now (sqlite:path)`);
  return url;
}

/** Applies the numbered migrations not yet applied, each in its own transaction. */
export function migrate(db: Db): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const ran: number[] = [];
  for (const file of readdirSync(MIGRATIONS).filter((f) => /^\d+-.*\.sql$/.test(f)).sort()) {
    const version = Number(file.split('-')[0]);
    if (applied.has(version)) continue;
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(version, file, new Date().toISOString());
    })();
    ran.push(version);
  }
  return ran;
}

/** Opens (creating if needed) and migrates the database. */
export function openDatabase(url: string): Db {
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
