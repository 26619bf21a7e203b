/**
 * The embedded database's Kysely dialect: Kysely's own SQLite adapter, query compiler and introspector,
 * with a driver of ours for two things its driver does not do:
 * - a write transaction takes the write lock when it starts (`BEGIN IMMEDIATE`): with a plain `BEGIN`,
 *   two processes on one file that read and then write both fail with SQLITE_BUSY instead of waiting
 *   (busy_timeout only covers a lock taken at the start);
 * - statements are prepared once per SQL text and reused (its driver prepares on every query).
 * One connection, so queries and transactions of a process take turns (a mutex, as Kysely's driver).
 */

import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Statements kept per connection; past this, new texts are prepared each time (no unbounded growth). */
const MAX_CACHED = 2000;

class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }
  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class Connection implements DatabaseConnection {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();
  constructor(db: Database.Database) {
    this.#db = db;
  }

  #prepare(text: string): Database.Statement {
    let st = this.#statements.get(text);
    if (!st) {
      st = this.#db.prepare(text);
      if (this.#statements.size < MAX_CACHED) this.#statements.set(text, st);
    }
    return st;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const st = this.#prepare(query.sql);
    const params = query.parameters as unknown[];
    if (st.reader) return { rows: st.all(params) as R[] };
    const { changes, lastInsertRowid } = st.run(params);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  // eslint-disable-next-line require-yield -- no streaming: the portal never streams rows
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported');
  }
}

class ImmediateSqliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: Connection;
  constructor(db: Database.Database) {
    this.#connection = new Connection(db);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }
  async destroy(): Promise<void> {}
}

/** The dialect over an open better-sqlite3 handle (the store closes the handle itself). */
export class EmbeddedSqliteDialect implements Dialect {
  readonly #db: Database.Database;
  constructor(db: Database.Database) {
    this.#db = db;
  }
  createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
