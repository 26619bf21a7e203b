/**
 * Sessions on SQLite (issue 47: GET /api/jobs at least 25% of bare Koa): a session is trusted for a few seconds without
 * a lookup, as on PostgreSQL; this process's sign-out ends it at once, and so does a commit by any other connection to
 * the file (another instance or process), which PRAGMA data_version tells.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../server/context.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps } from '../server/deps.ts';
import { insertUser } from '../server/db/users.db.ts';
import { authenticate, openSession, signOut } from '../server/services/auth.service.ts';
import { dbRun } from './support/db.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const dir = mkdtempSync(join(tmpdir(), 'sessions-sqlite-'));
let a: Deps;
let b: Deps;
let userId: number;

const deps = () =>
  buildDeps(
    { ...loadConfig({}), database_url: `sqlite:${join(dir, 'portal.db')}`, seed_demo: false, session_cache_ms: 5000 },
    { now: () => NOW, log: () => {} },
  );
const session = async () =>
  (
    await openSession(a, {
      id: userId,
      email: 'o@x.test',
      name: 'O',
      role: 'ops',
      contractor_id: null,
      password_hash: null,
    })
  ).token;

beforeAll(async () => {
  a = await deps();
  b = await deps();
  userId = await insertUser(a.db, {
    email: 'o@x.test',
    name: 'O',
    role: 'ops',
    password_hash: null,
    created_at: NOW.toISOString(),
  });
});
afterAll(async () => {
  await a.store.close();
  await b.store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sessions on SQLite', () => {
  it('are trusted for a while without a lookup (a token spent behind the portal’s back still works here)', async () => {
    const token = await session();
    expect((await authenticate(a, token))?.id).toBe(userId);
    // Spent on this very connection, not through sign-out: the cached session stands (the clock stands still).
    await dbRun(a, 'UPDATE tokens SET used_at = ? WHERE used_at IS NULL', NOW.toISOString());
    expect((await authenticate(a, token))?.id).toBe(userId);
  });

  it('end at once when this process signs out', async () => {
    const token = await session();
    expect((await authenticate(a, token))?.id).toBe(userId);
    await signOut(a, token);
    expect(await authenticate(a, token)).toBeUndefined();
  });

  it('end at once when another connection to the file signs out, or writes anything', async () => {
    const token = await session();
    expect((await authenticate(a, token))?.id).toBe(userId);
    await signOut(b, token);
    expect(await authenticate(a, token)).toBeUndefined();
    // Any other write of another connection drops the cached sessions: the next request looks its token up again.
    const other = await session();
    expect((await authenticate(a, other))?.id).toBe(userId);
    await dbRun(b, 'UPDATE tokens SET used_at = ? WHERE used_at IS NULL', NOW.toISOString());
    expect(await authenticate(a, other)).toBeUndefined();
  });
});
