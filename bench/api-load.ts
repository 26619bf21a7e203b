/**
 * Part c of the API bench: the real app and a bare Koa app served by a process of their own
 * (bench/load-server.ts), loaded one after the other by autocannon from another process
 * (bench/load-worker.ts), so neither the load generator nor the bench's own data share the server's
 * event loop or heap.
 *
 * The baseline is bare Koa answering the jobs page's own bytes, so that both runs write, and the client
 * reads, the same ~20 KB per answer: against a bare Koa answering `{"ok":true}` (the baseline of earlier
 * runs, still printed) part of the gap is the answer's size, not the portal's work (measured on an idle
 * moment: 41,000 req/s for `{"ok":true}`, 24,500 for the page's bytes). Each run also prints the CPU time
 * the server and the client used, as a share of one core: a server near 100% is the bottleneck; one well
 * under it waits on the client or on other processes of the (shared, 2-core) machine.
 */

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { BenchDb } from './generate-db.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import type { CpuUsed, ServeRequest, Serving } from './load-server.ts';

const CONNECTIONS = 50;
const JOBS_PATH = '/api/jobs?page_number=1&per_page=25';

/** GET /api/jobs as a share of both baselines (percent), when it answered. */
export interface LoadShare {
  /** Of bare Koa answering the same bytes (the measure the targets use). */
  same_bytes: number;
  /** Of bare Koa answering `{"ok":true}` (earlier runs' measure). */
  tiny: number;
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

/** The CPU time the server process has used so far. */
async function serverCpu(child: ChildProcess): Promise<number> {
  const answer = once(child, 'message');
  child.send('cpu');
  return ((await answer)[0] as CpuUsed).cpu_ms;
}

/** Starts both apps, loads them one after the other and prints the table. */
export async function runLoad(_bench: BenchDb, seconds: number, database: { url: string; schema?: string }): Promise<LoadShare | undefined> {
  const { child, serving } = await serve({ ...database, page_path: JOBS_PATH });
  const { token } = serving;
  const probe = await fetch(serving.real + JOBS_PATH, { headers: { authorization: `Bearer ${token}` } });
  const targets: [string, string, string | undefined][] = [
    ['bare Koa, {"ok":true}', `${serving.bare}/`, undefined],
    [`bare Koa, the page's ${serving.page_bytes.toLocaleString('en-US')} bytes`, `${serving.bare}/page`, undefined],
    ['GET /api/auth/me (auth only)', `${serving.real}/api/auth/me`, token],
  ];
  if (probe.status === 404) console.log(`c. NOTE: GET ${JOBS_PATH} answers 404 (not written yet): only the harness check against GET /api/auth/me runs.`);
  else if (probe.status !== 200) console.log(`c. NOTE: GET ${JOBS_PATH} answers ${probe.status}: ${await probe.text()}`);
  else targets.push([`GET ${JOBS_PATH}`, serving.real + JOBS_PATH, token]);

  const results: [string, LoadResult, number][] = [];
  for (const [name, url, t] of targets) {
    const before = await serverCpu(child);
    const r = await load({ url, token: t, connections: CONNECTIONS, seconds });
    results.push([name, r, (await serverCpu(child)) - before]);
  }
  const exited = once(child, 'exit');
  child.send('stop');
  await exited;

  const tiny = results[0][1].rps;
  const same = results[1][1].rps;
  const w = [46, 9, 8, 8, 8, 8, 8, 11, 9];
  const pad = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  const share = (ms: number) => `${Math.round(ms / (10 * seconds))}%`;
  console.log(`c. Under load: autocannon in a second process, ${CONNECTIONS} connections, ${seconds} s each, ops bearer token`);
  console.log(pad(['', 'req/s', 'p50', 'p99', 'non-2xx', 'server', 'client', 'of bare Koa', 'of {ok}']));
  for (const [name, r, cpu] of results) {
    console.log(pad([name, Math.round(r.rps).toLocaleString('en-US'), `${r.p50} ms`, `${r.p99} ms`, r.non2xx + r.errors, share(cpu), share(r.cpu_ms), `${((100 * r.rps) / same).toFixed(1)}%`, `${((100 * r.rps) / tiny).toFixed(1)}%`]));
  }
  console.log("   of bare Koa: against bare Koa answering the jobs page's own bytes (the same ~20 KB written and read per answer);");
  console.log('   of {ok}: against bare Koa answering {"ok":true}, the measure of earlier runs, where part of the gap is the answer\'s size.');
  console.log('   server / client: CPU time each process used, as a share of one core over the run (near 100%: that process is the bottleneck).');
  console.log('   Target: GET /api/jobs at least 25% of bare Koa (SQLite).');
  const jobs = results.find(([name]) => name.startsWith('GET /api/jobs'));
  return jobs ? { same_bytes: (100 * jobs[1].rps) / same, tiny: (100 * jobs[1].rps) / tiny } : undefined;
}
