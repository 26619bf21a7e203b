/**
 * Part c of the API bench: the real app (createApp over buildDeps on the bench database) and a bare
 * Koa app answering a constant JSON, each on 127.0.0.1 and an ephemeral port in this process, loaded
 * by autocannon from a second process (bench/load-worker.ts) so the two never share an event loop.
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { buildDeps } from '../server/deps.ts';
import { findUserByEmail, insertToken } from '../server/db/users.db.ts';
import { hashToken } from '../server/services/auth.service.ts';
import { BENCH_OPS_EMAIL, type BenchDb } from './generate-db.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';

const CONNECTIONS = 50;

function listen(app: { listen: Koa['listen'] }): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

/** Runs autocannon in a child process against one URL. */
function load(req: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-worker.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
    child.send(req);
  });
}

/** Starts both apps, loads them one after the other and prints the table. */
export async function runLoad(bench: BenchDb, seconds: number, database: { url: string; schema?: string }): Promise<number | undefined> {
  const deps = await buildDeps({ ...loadConfig({}), database_url: database.url, database_schema: database.schema, port: 0, seed_demo: false }, { log: () => {} });
  const user = await findUserByEmail(deps.db, BENCH_OPS_EMAIL);
  if (!user) throw new Error(`the bench database has no ${BENCH_OPS_EMAIL}`);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertToken(deps.db, { token_hash: hashToken(token), user_id: user.id, kind: 'session', expires_at: new Date(now.getTime() + 3_600_000).toISOString(), created_at: now.toISOString() });

  const real = await listen((await createApp(deps)).app);
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { ok: true };
  });
  const plain = await listen(bare);

  const jobsPath = '/api/jobs?page_number=1&per_page=25';
  const probe = await fetch(real.url + jobsPath, { headers: { authorization: `Bearer ${token}` } });
  const targets: [string, string, string | undefined][] = [['bare Koa (constant JSON)', plain.url + '/', undefined], ['GET /api/auth/me (auth only)', real.url + '/api/auth/me', token]];
  if (probe.status === 404) console.log(`c. NOTE: GET ${jobsPath} answers 404 (not written yet): only the harness check against GET /api/auth/me runs.`);
  else if (probe.status !== 200) console.log(`c. NOTE: GET ${jobsPath} answers ${probe.status}: ${await probe.text()}`);
  else targets.push([`GET ${jobsPath}`, real.url + jobsPath, token]);

  const results: [string, LoadResult][] = [];
  for (const [name, url, t] of targets) results.push([name, await load({ url, token: t, connections: CONNECTIONS, seconds })]);
  real.server.close();
  plain.server.close();
  await deps.store.close();

  const base = results[0][1].rps;
  const w = [46, 10, 9, 9, 8, 12];
  const pad = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  console.log(`c. Under load: autocannon in a second process, ${CONNECTIONS} connections, ${seconds} s each, ops bearer token`);
  console.log(pad(['', 'req/s', 'p50', 'p99', 'non-2xx', 'of bare Koa']));
  for (const [name, r] of results) {
    console.log(pad([name, Math.round(r.rps).toLocaleString('en-US'), `${r.p50} ms`, `${r.p99} ms`, r.non2xx + r.errors, `${((100 * r.rps) / base).toFixed(1)}%`]));
  }
  console.log('   Target: GET /api/jobs at least 25% of bare Koa (SQLite).');
  const jobs = results.find(([name]) => name.startsWith('GET /api/jobs'));
  return jobs ? (100 * jobs[1].rps) / base : undefined;
}
