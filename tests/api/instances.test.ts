/**
 * Several portal instances behind one database. In process: two apps over one database, with a clock that stands
 * still, show a sign-out or a new password on one ending the session on the other at once (SQLite: every request
 * reads the tokens table; PostgreSQL: a NOTIFY drops the other's cached session). As processes: two real servers
 * (server/main.ts) on one database;
 * a job created and a task saved through one are read at once through the other, a sign-out on one is
 * refused by the other, and `kill -9` of one under write load leaves the other serving with every
 * acknowledged write present. The database is the API suite's backend (API_BACKEND): a shared SQLite
 * file (WAL), or one PostgreSQL schema both instances open.
 */

import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../server/config.ts';
import { depsOf, REPO_ROOT } from '../../server/deps.ts';
import type { Fresh } from '../db/backends.ts';
import { API_BACKEND } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { seededDatabase } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';

const OPS = { email: 'ops@demo.rebates.test', password: 'demo-password-1' };
const CONTRACTOR = { email: 'alex@northwind-hvac.test', password: 'demo-password-1' };
const NEW_JOB = {
  first_name: 'Ivy',
  last_name: 'Instance',
  address: '1 Main St',
  city: 'Milwaukee',
  county: 'Milwaukee',
  state: 'WI',
  zip: '53202',
  lat: 43.0389,
  lon: -87.9065,
  electric_utility: 'We Energies',
  gas_utility: 'We Energies',
  program_id: 'wi-hear',
};

const dirs: string[] = [];
const databases: Fresh[] = [];
/** What each instance printed, by its URL (shown when a write fails). */
const logs = new Map<string, string>();
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const d of databases) await d.drop();
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'rebate-instances-'));
  dirs.push(d);
  return d;
}

/** A JSON call; `null` when the server could not be reached (a killed instance). */
async function call(
  base: string,
  method: string,
  path: string,
  o: { token?: string; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any } | null> {
  try {
    const r = await fetch(base + path, {
      method,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return null;
  }
}

async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const r = await call(base, 'POST', '/api/auth/login', { body: who });
  if (r?.status !== 200) throw new Error(`sign-in: ${JSON.stringify(r)}`);
  return r.body.token;
}

describe('sessions between instances (in process, one clock that never moves)', () => {
  it('a sign-out, and a new password, on one instance end the session on the other without waiting out its cache window', async () => {
    // A copy of this run's seeded demo (its users are who signs in here).
    const db = await seededDatabase({ backend: API_BACKEND, now: SEEDED_NOW });
    databases.push(db);
    const config = {
      ...loadConfig({}),
      database_url: db.url,
      database_schema: db.schema,
      upload_dir: db.upload_dir,
      session_cache_ms: 60_000,
    };
    // The clock stands still: no cache window ever runs out here, so a refusal on B can only come from A's notice.
    const t = Date.parse('2026-06-01T12:00:00Z');
    const now = () => new Date(t);
    const a = depsOf(db.store, config, { now, log: () => {} });
    const b = depsOf(await db.another(), config, { now, log: () => {} });
    const servers: Server[] = [];
    const listen = (deps: typeof a) =>
      createApp(deps).then(
        ({ app }) =>
          new Promise<string>((resolve) => {
            const s = app.listen(0, '127.0.0.1', () =>
              resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
            );
            servers.push(s);
          }),
      );
    /** Until B refuses the token (a notice is delivered at A's commit; on SQLite every request reads the table). */
    const refusedOnB = async (ub: string, token: string) => {
      const started = performance.now();
      await vi.waitFor(async () => expect((await call(ub, 'GET', '/api/auth/me', { token }))?.status).toBe(401), {
        timeout: 20_000,
        interval: 10,
      });
      return Math.round(performance.now() - started);
    };
    try {
      const [ua, ub] = [await listen(a), await listen(b)];
      // B has checked (and, on PostgreSQL once it listens, cached) the token.
      const token = await signIn(ua, OPS);
      await vi.waitFor(async () => expect((await call(ub, 'GET', '/api/auth/me', { token }))?.status).toBe(200));
      expect((await call(ub, 'GET', '/api/auth/me', { token }))?.status).toBe(200);
      expect((await call(ua, 'POST', '/api/auth/logout', { token }))?.status).toBe(204);
      expect((await call(ua, 'GET', '/api/auth/me', { token }))?.status).toBe(401);
      const signOutMs = await refusedOnB(ub, token);

      // A new password set through A (a reset link) ends the user's every session on B too.
      const other = await signIn(ua, CONTRACTOR);
      expect((await call(ub, 'GET', '/api/auth/me', { token: other }))?.status).toBe(200);
      expect(
        (await call(ua, 'POST', '/api/auth/forgot-password', { body: { email: CONTRACTOR.email } }))?.status,
      ).toBeLessThan(300);
      const mail = (await call(ua, 'GET', '/api/auth/outbox', { token: await signIn(ua, OPS) }))?.body as {
        to_address: string;
        body: string;
      }[];
      const reset = mail
        .filter((m) => m.to_address === CONTRACTOR.email)
        .map((m) => /reset=([A-Za-z0-9_-]+)/.exec(m.body)?.[1])
        .find(Boolean);
      expect(reset).toBeTruthy();
      expect(
        (await call(ua, 'POST', '/api/auth/reset-password', { body: { token: reset, password: 'a-new-password-2' } }))
          ?.status,
      ).toBeLessThan(300);
      const resetMs = await refusedOnB(ub, other);
      console.info(
        `instances (${API_BACKEND}): sign-out on A refused on B after ${signOutMs} ms, a new password after ${resetMs} ms (cache window 60 s)`,
      );
    } finally {
      for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }, 120_000);
});

/** Starts server/main.ts on a database; resolves with its base URL once it listens. */
function startInstance(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', APP_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Rebate portal on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve({ url: m[1], child });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout!.on('data', () => {
      const m = /Rebate portal on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) logs.set(m[1], out);
    });
    child.on('exit', (code) => reject(new Error(`instance exited (${code}) before listening: ${out.slice(-2000)}`)));
  });
}

describe('two server processes on one database', () => {
  it('each reads at once what the other wrote; a sign-out on one is refused by the other; kill -9 of one under load loses no acknowledged write', async () => {
    const dir = tempDir();
    // A copy of this run's seeded demo (its users sign in here), as the first test's: the first instance found a
    // database to seed before, the seed a minute of a busy core on PostgreSQL that no assertion here reads.
    const db = await seededDatabase({ backend: API_BACKEND, now: SEEDED_NOW });
    databases.push(db);
    // The test's own store let go first: the instances are the only users of the database.
    await db.store.close();
    const env = {
      DATABASE_URL: db.url,
      DATABASE_SCHEMA: db.schema ?? '',
      UPLOAD_DIR: db.upload_dir,
      DATA_DIR: dir,
      SESSION_CACHE_MS: '0',
    };
    // The first instance finds the database migrated and seeded and leaves it as it is; so does the second.
    const a = await startInstance({ ...env, SEED_DEMO: 'true' });
    const b = await startInstance({ ...env, SEED_DEMO: 'false' });

    const tokenA = await signIn(a.url, CONTRACTOR);
    const tokenB = await signIn(b.url, CONTRACTOR);
    const created = await call(a.url, 'POST', '/api/jobs', { token: tokenA, body: NEW_JOB });
    expect(created?.status).toBe(201);
    const job = created!.body as {
      id: number;
      tasks: { id: string; status: string | null; owner: string; version: number }[];
    };
    const read = await call(b.url, 'GET', `/api/jobs/${job.id}`, { token: tokenB });
    expect(read?.status).toBe(200);
    expect(read!.body.id).toBe(job.id);

    const task = job.tasks.find((t) => t.owner === 'contractor' && t.status !== 'COMPLETE')!;
    const saved = await call(a.url, 'PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
      token: tokenA,
      body: { data: {}, version: task.version },
    });
    expect(saved?.status).toBe(200);
    const seen = await call(b.url, 'GET', `/api/jobs/${job.id}/tasks/${task.id}`, { token: tokenB });
    expect(seen!.body.version).toBe(saved!.body.version);
    // A stale write through the other instance is refused: the version is the database's, not a process's.
    expect(
      (
        await call(b.url, 'PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
          token: tokenB,
          body: { data: {}, version: task.version },
        })
      )?.status,
    ).toBe(409);

    // Signed out on A: B refuses the token (SESSION_CACHE_MS=0 here; the window itself is tested above).
    const shared = await signIn(a.url, OPS);
    expect((await call(b.url, 'GET', '/api/auth/me', { token: shared }))?.status).toBe(200);
    expect((await call(a.url, 'POST', '/api/auth/logout', { token: shared }))?.status).toBe(204);
    expect((await call(b.url, 'GET', '/api/auth/me', { token: shared }))?.status).toBe(401);

    // Write load on both; A is killed once some of its writes were acknowledged.
    const acknowledged: number[] = [];
    let n = 0;
    const writer = async (base: string, token: string, count: number) => {
      for (let i = 0; i < count; i++) {
        n += 1;
        const r = await call(base, 'POST', '/api/jobs', {
          token,
          body: { ...NEW_JOB, last_name: `Load${n}`, create_anyway: true },
        });
        if (r?.status === 201) acknowledged.push(r.body.id);
        else if (r === null)
          return; // the instance is gone: nothing acknowledged
        else throw new Error(`write answered ${r.status}: ${JSON.stringify(r.body)}\n${logs.get(base)?.slice(-3000)}`);
        if (base === a.url && i === 5) a.child.kill('SIGKILL');
      }
    };
    await Promise.all([writer(a.url, tokenA, 40), writer(b.url, tokenB, 20), writer(b.url, tokenB, 20)]);
    await new Promise<void>((resolve) =>
      a.child.exitCode !== null || a.child.signalCode !== null ? resolve() : a.child.once('exit', () => resolve()),
    );
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    for (const id of acknowledged)
      expect((await call(b.url, 'GET', `/api/jobs/${id}`, { token: tokenB }))?.status, `job ${id}`).toBe(200);
    b.child.kill('SIGTERM');
  }, 600_000);
});
