/**
 * Part c of the API bench: the real app and a bare Koa app served by a process of their own
 * (bench/load-server.ts), loaded one after the other by autocannon from another process
 * (bench/load-worker.ts), so neither the load generator nor the bench's own data share the server's
 * event loop or heap.
 */

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { BenchDb } from './generate-db.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import type { ServeRequest, Serving } from './load-server.ts';

const CONNECTIONS = 50;

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

/** Starts the server process and waits until it listens. */
function serve(req: ServeRequest): Promise<{ child: ChildProcess; serving: Serving }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-server.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', (m) => resolve({ child, serving: m as Serving }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load server exited with ${code} before listening`)));
    child.send(req);
  });
}

/** Starts both apps, loads them one after the other and prints the table. */
export async function runLoad(_bench: BenchDb, seconds: number, database: { url: string; schema?: string }): Promise<number | undefined> {
  const { child, serving } = await serve(database);
  const { token } = serving;
  const real = { url: serving.real };
  const plain = { url: serving.bare };
  const jobsPath = '/api/jobs?page_number=1&per_page=25';
  const probe = await fetch(real.url + jobsPath, { headers: { authorization: `Bearer ${token}` } });
  const targets: [string, string, string | undefined][] = [['bare Koa (constant JSON)', plain.url + '/', undefined], ['GET /api/auth/me (auth only)', real.url + '/api/auth/me', token]];
  if (probe.status === 404) console.log(`c. NOTE: GET ${jobsPath} answers 404 (not written yet): only the harness check against GET /api/auth/me runs.`);
  else if (probe.status !== 200) console.log(`c. NOTE: GET ${jobsPath} answers ${probe.status}: ${await probe.text()}`);
  else targets.push([`GET ${jobsPath}`, real.url + jobsPath, token]);

  const results: [string, LoadResult][] = [];
  for (const [name, url, t] of targets) results.push([name, await load({ url, token: t, connections: CONNECTIONS, seconds })]);
  const exited = once(child, 'exit');
  child.send('stop');
  await exited;

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
