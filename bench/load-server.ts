/**
 * The servers of part c, in a process of their own (as the portal runs in production): the real app
 * (createApp over buildDeps on the bench database) and a bare Koa app, each on 127.0.0.1 and an
 * ephemeral port. The bare app answers two constant JSON bodies: `{"ok":true}` at `/`, and at `/page`
 * the very bytes the real app answers for `page_path` (read once, at start), so that a load of the jobs
 * list and its baseline write and read the same answer. Receives { url, schema,
 * page_path }, answers { real, bare, token } once listening; 'cpu' is answered with the CPU time this
 * process has used ({ cpu_ms }), so the bench can tell a busy server from a waiting one; exits when
 * its parent says 'stop' (or goes away). The bench process itself holds the earlier parts' 100,000 rows
 * and fuse.js index: measured there, the app's collector paid for them (GET /api/jobs at 18% of bare
 * Koa in the bench against 35% alone).
 */

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps } from '../server/deps.ts';
import { findUserByEmail, insertToken } from '../server/db/users.db.ts';
import { hashToken } from '../server/services/auth.service.ts';
import { BENCH_OPS_EMAIL } from './generate-db.ts';

/** What the bench asks for. */
export interface ServeRequest {
  url: string;
  schema?: string;
  /** The real app's path (with query) whose answer the bare app serves at `/page`. */
  page_path: string;
}

/** What the server process answers once listening. */
export interface Serving {
  real: string;
  bare: string;
  token: string;
  /** The size in bytes of the answer the bare app serves at `/page`. */
  page_bytes: number;
}

/** The answer to 'cpu'. */
export interface CpuUsed {
  cpu_ms: number;
}

function listen(app: { listen: Koa['listen'] }): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

process.once('message', async (msg: ServeRequest) => {
  const deps = await buildDeps(
    { ...loadConfig({}), database_url: msg.url, database_schema: msg.schema, port: 0, seed_demo: false },
    { log: () => {} },
  );
  const user = await findUserByEmail(deps.db, BENCH_OPS_EMAIL);
  if (!user) throw new Error(`the bench database has no ${BENCH_OPS_EMAIL}`);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertToken(deps.db, {
    token_hash: hashToken(token),
    user_id: user.id,
    kind: 'session',
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    created_at: now.toISOString(),
  });
  const real = await listen((await createApp(deps)).app);
  const probe = await fetch(real.url + msg.page_path, { headers: { authorization: `Bearer ${token}` } });
  const page = probe.ok ? await probe.text() : '{"ok":true}';
  const bareApp = new Koa();
  bareApp.use((ctx) => {
    if (ctx.path === '/page') {
      ctx.type = 'application/json';
      ctx.body = page;
    } else ctx.body = { ok: true };
  });
  const bare = await listen(bareApp);
  const stop = async () => {
    real.server.close();
    bare.server.close();
    await deps.store.close();
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop();
    if (m === 'cpu') {
      const { user: u, system } = process.cpuUsage();
      process.send!({ cpu_ms: (u + system) / 1000 } satisfies CpuUsed);
    }
  });
  process.on('disconnect', () => void stop());
  const serving: Serving = { real: real.url, bare: bare.url, token, page_bytes: Buffer.byteLength(page) };
  process.send!(serving);
});
