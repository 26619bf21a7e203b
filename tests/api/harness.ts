/**
 * A real server on 127.0.0.1 and an ephemeral port, over a fresh database and a fixed clock, with one
 * user per role (ops, homeowner, contractors of companies A and B). Stopped by the test, its database
 * dropped. The database is a temporary SQLite file, or with API_BACKEND=postgres (the api-postgres
 * project of vitest.config.ts) a database of its own on TEST_DATABASE_URL's PostgreSQL, copied from the run's
 * migrated template (tests/support/migrated-template.ts).
 */

import { checkAnswer } from './contracts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../../server/config.ts';
import { depsOf } from '../../server/deps.ts';
import type { Backend } from '../../server/db/database.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { endStreams } from '../../server/live/hub.ts';
import { createApp } from '../../server/app.ts';
import type { Deps } from '../../server/context.ts';
import type { Definitions } from '../../engine/index.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { insertContractor } from '../../server/db/contractors.db.ts';

/** The backend API tests run on (API_BACKEND=postgres: the api-postgres project). */
export const API_BACKEND: Backend = process.env.API_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

/** The fixed "now" of API tests. */
export const NOW = new Date('2026-06-01T15:00:00.000Z');
export const PASSWORD = 'correct horse battery';

/** Users every API test has. */
export const PEOPLE = {
  ops: 'ops@example.test',
  contractor_a: 'alice@company-a.test',
  contractor_b: 'bob@company-b.test',
  homeowner: 'hank@home.test',
  inspector: 'ivy@inspections.test',
} as const;
export type Person = keyof typeof PEOPLE;

/** A response as tests read it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  deps: Deps;
  /** The server's database (its backend, URL and schema: another process can open it). */
  database: Fresh;
  ids: { contractor_a: number; contractor_b: number; users: Record<Person, number> };
  /** Calls the API; `as` signs in as one of PEOPLE (tokens cached). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api: <T = any>(
    method: string,
    path: string,
    opts?: {
      as?: Person;
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** A stream that stays open (Server-Sent Events): answer at its headers (status and headers; no body). */
      stream?: boolean;
    },
  ) => Promise<Res<T>>;
  tokenOf: (who: Person) => Promise<string>;
  close: () => Promise<void>;
}

/** Starts a server; `configure` adjusts the config, `now` the clock. */
export async function startServer(
  opts: { config?: Partial<Config>; now?: () => Date; backend?: Backend; defs?: Definitions } = {},
): Promise<TestServer> {
  const database = await freshDatabase(opts.backend ?? API_BACKEND);
  const dir = mkdtempSync(join(tmpdir(), 'rebate-api-'));
  const config: Config = {
    ...loadConfig({}),
    database_url: database.url,
    database_schema: database.schema,
    upload_dir: join(dir, 'uploads'),
    port: 0,
    seed_demo: false,
    ...opts.config,
  };
  const logs: Record<string, unknown>[] = [];
  const deps = depsOf(database.store, config, {
    now: opts.now ?? (() => NOW),
    log: (l) => void logs.push(l),
    ...(opts.defs ? { defs: opts.defs } : {}),
  });
  const at = NOW.toISOString();
  const contractor_a = await insertContractor(deps.db, {
    name: 'Company A Heating',
    address: '1 A St',
    city: 'Madison',
    phone: '608-555-0101',
    email: 'office@company-a.test',
    primary_contact: 'Alice Adams',
    program_id: 'wi-hear',
    created_at: at,
  });
  const contractor_b = await insertContractor(deps.db, {
    name: 'Company B Electric',
    address: '2 B St',
    city: 'Milwaukee',
    phone: '414-555-0102',
    email: 'office@company-b.test',
    primary_contact: 'Bob Brown',
    program_id: 'wi-hear',
    created_at: at,
  });
  const hash = hashPassword(PASSWORD);
  const users = {
    ops: await insertUser(deps.db, {
      email: PEOPLE.ops,
      name: 'Olive Ops',
      role: 'ops',
      password_hash: hash,
      created_at: at,
    }),
    contractor_a: await insertUser(deps.db, {
      email: PEOPLE.contractor_a,
      name: 'Alice Adams',
      role: 'contractor',
      contractor_id: contractor_a,
      password_hash: hash,
      created_at: at,
    }),
    contractor_b: await insertUser(deps.db, {
      email: PEOPLE.contractor_b,
      name: 'Bob Brown',
      role: 'contractor',
      contractor_id: contractor_b,
      password_hash: hash,
      created_at: at,
    }),
    homeowner: await insertUser(deps.db, {
      email: PEOPLE.homeowner,
      name: 'Hank Homeowner',
      role: 'homeowner',
      password_hash: hash,
      created_at: at,
    }),
    // A third-party inspector (issue 43): sees only the inspections assigned to them.
    inspector: await insertUser(deps.db, {
      email: PEOPLE.inspector,
      name: 'Ivy Inspector',
      role: 'inspector',
      password_hash: hash,
      created_at: at,
    }),
  };
  const { app, router } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // The test and the server share one event loop: a test that computes for a while (loading definitions, say) keeps
  // fetch from seeing the server close an idle kept-alive socket after its 5 s, and the next call reuses the closed
  // socket (ECONNRESET). Idle sockets stay open a minute here; close() ends them.
  server.keepAliveTimeout = 60_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokens = new Map<Person, string>();
  const api: TestServer['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const token = o.token ?? (o.as ? await tokenOf(o.as) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (o.body instanceof FormData) body = o.body;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const r = await fetch(url + path, { method, headers, body });
    if (o.stream && r.ok) {
      await r.body?.cancel();
      return { status: r.status, body: undefined as never, headers: r.headers };
    }
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    checkAnswer(router, method, path, r.status, parsed);
    return { status: r.status, body: parsed as never, headers: r.headers };
  };
  async function tokenOf(who: Person): Promise<string> {
    const cached = tokens.get(who);
    if (cached) return cached;
    const r = await api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: PEOPLE[who], password: PASSWORD },
    });
    if (r.status !== 200) throw new Error(`sign-in as ${who} failed: ${r.status} ${JSON.stringify(r.body)}`);
    tokens.set(who, r.body.token);
    return r.body.token;
  }
  return {
    url,
    deps,
    database,
    ids: { contractor_a, contractor_b, users },
    api,
    tokenOf,
    close: async () => {
      endStreams(deps.store);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
