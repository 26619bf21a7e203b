/** What every route and service gets: the dependencies of the app and the signed-in user. */

import type { SessionUser } from '../engine/api/auth.ts';
import type { UserRole } from '../engine/constants.ts';
import type { ParameterizedContext } from 'koa';
import type Router from '@koa/router';
import type { Definitions } from '../engine/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { Adapters } from './adapters/index.ts';

/** Roles of the portal. */
export type Role = UserRole;

/** The signed-in user, as routes see it. */
/** The signed-in user, as sessions answer it (engine/api/auth.ts: the contract's type). */
export type AuthUser = SessionUser;

/** The app's dependencies: passed to createApp, so tests build it with a temp db and a fixed clock. */
export interface Deps {
  db: Db;
  defs: Definitions;
  config: Config;
  adapters: Adapters;
  /** The current time; tests fix it. */
  now: () => Date;
  /** Structured log line writer. */
  log: (line: Record<string, unknown>) => void;
}

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
