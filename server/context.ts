/** What every route and service gets: the dependencies of the app and the signed-in user. */

import type { SessionUser } from '../engine/api/auth.ts';
import type { UserRole } from '../engine/constants.ts';
import type { ParameterizedContext } from 'koa';
import type Router from '@koa/router';
import type { Definitions } from '../engine/index.ts';
import type { Config } from './config.ts';
import type { Store } from './db/database.ts';
import type { Q } from './db/portable.ts';
import type { Adapters } from './adapters/index.ts';
import type { Workflow } from './workflows/types.ts';

/** Roles of the portal. */
export type Role = UserRole;

/** The signed-in user, as routes see it. */
/** The signed-in user, as sessions answer it (engine/api/auth.ts: the contract's type). */
export type AuthUser = SessionUser;

/** The app's dependencies: passed to createApp, so tests build it with a temp db and a fixed clock. */
export interface Deps {
  /** Queries: the store's query builder, or inside `inTransaction` the write's transaction. */
  db: Q;
  /** The open database (which backend, closing it). */
  store: Store;
  defs: Definitions;
  config: Config;
  adapters: Adapters;
  /** The current time; tests fix it. */
  now: () => Date;
  /** Structured log line writer. */
  log: (line: Record<string, unknown>) => void;
  /** The workflows the app runs (server/workflows/index.ts: WORKFLOWS; a test may give its own list). */
  workflows: readonly AppWorkflow[];
}

/** A workflow of this app (server/workflows/types.ts), over its dependencies and router. */
export type AppWorkflow = Workflow<Deps, AppRouter>;

/** Koa state of a request. */
export interface AppState {
  user?: AuthUser;
  request_id: string;
}

/** The Koa context of a request. */
export type AppContext = ParameterizedContext<AppState> & { deps: Deps };

/** The router type every routes module registers on. */
export type AppRouter = Router<AppState, { deps: Deps }>;

/** Today's date (ISO) for the engine. */
export const todayOf = (deps: Pick<Deps, 'now'>) => deps.now().toISOString().slice(0, 10);

/**
 * Runs a write in one transaction: the statements `fn` runs through the deps it is given (the write's
 * rows, its history row, the job's re-evaluation) commit together or not at all. Inside a transaction
 * already, it joins it. On SQLite a transaction holds the one connection: inside `fn`, use only the
 * deps it is given (the outer `deps.db` would wait for the transaction to end).
 */
export function inTransaction<T>(deps: Deps, fn: (d: Deps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return fn(deps);
  return deps.db.transaction().execute((trx) => fn({ ...deps, db: trx }));
}
