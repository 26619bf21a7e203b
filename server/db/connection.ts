/**
 * The embedded database: better-sqlite3 in WAL mode, migrated on open. Every SQL statement of the
 * server lives in server/db/ behind functions named for what they do, so a PostgreSQL backend can be
 * added without touching routes or services.
 */

import Database from 'better-sqlite3';
import { migrateSqlite, openSqlite, sqlitePath } from './database.ts';

/** The database handle the db modules take. */
export type Db = Database.Database;

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

/** Opens (creating if needed) and migrates the SQLite database of a URL (database.ts). */
export const openDatabase = (url: string): Db => openSqlite(url);
/** Applies the SQLite migrations not yet applied. */
export const migrate = (db: Db): number[] => migrateSqlite(db);
export { sqlitePath };
