/**
 * Part c of the API bench: the real app and a bare Koa app served by a process of their own
 * (bench/load-server.ts), loaded one after the other by autocannon from another process
 * (bench/load-worker.ts), so neither the load generator nor the bench's own data share the server's
 * event loop or heap.
 *
 * The baseline is bare Koa answering the jobs page's own bytes, so that both runs write, and the client
 * reads, the same ~20 KB per answer: against a bare Koa answering `{"ok":true}` (the baseline of earlier
 * runs, still printed) part of the gap is the answer's size, not the portal's work (measured on an idle
 * moment: 41,000 req/s for `{"ok":true}`, 24,500 for the page's bytes). The bare app answers those bytes
 * as a string, as a plain handler would (Koa counts and encodes it per answer); the portal keeps its cached
 * page encoded (server/services/jobs.service.ts), which is part of what it saves. Each run also prints the CPU time
 * the server and the client used, as a share of one core: a server near 100% is the bottleneck; one well
 * under it waits on the client or on other processes of the (shared, 2-core) machine.
 *
 * The machine's speed drifts by half within a minute (other tenants of the host): loaded one after the
 * other for 10 s each, the bare app and the portal met different machines, and the share swung from 23%
 * to 38% between runs of the same code. So the targets are loaded in turns: ROUNDS rounds, each giving
 * every target a slice of the run's seconds, after one unmeasured warm-up slice each (the JIT). A share
 * is the median over rounds of the portal's req/s over the bare app's in the same round; req/s and
 * latencies are the medians of the rounds.
 */

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { BenchDb } from './generate-db.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import type { CpuUsed, ServeRequest, Serving } from './load-server.ts';
import { deepPageOf } from './deep-pages.ts';
import { peakRss } from './record.ts';

const CONNECTIONS = 50;
const ROUNDS = 5;
const WARM_UP_SECONDS = 1;
const JOBS_PATH = '/api/jobs?page_number=1&per_page=25';

/** GET /api/jobs as a share of both baselines (percent), when it answered. */
export interface LoadShare {
  /** Of bare Koa answering the same bytes (the measure the targets use). */
  same_bytes: number;
  /** Of bare Koa answering `{"ok":true}` (earlier runs' measure). */
  tiny: number;
  /** The server process's peak resident memory (bytes) after the load, a search and a deep page. */
  server_rss?: number;
}

/** The load generator's process: one per run of part c, given one load at a time. */
class Loader {
  readonly #child: ChildProcess = fork(new URL('./load-worker.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  load(req: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`load worker exited with ${code}`));
      this.#child.once('exit', exited);
      this.#child.once('error', reject);
      this.#child.once('message', (m) => {
        this.#child.off('exit', exited);
        this.#child.off('error', reject);
        resolve(m as LoadResult);
      });
      this.#child.send(req);
    });
  }
  async stop(): Promise<void> {
    const exited = once(this.#child, 'exit');
    this.#child.send('stop');
    await exited;
  }
}

/** Starts the server process and waits until it listens. */
function serve(req: ServeRequest): Promise<{ child: ChildProcess; serving: Serving }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-server.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
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
export async function runLoad(
  bench: BenchDb,
  seconds: number,
  database: { url: string; schema?: string },
): Promise<LoadShare | undefined> {
  const size = bench.size;
  const { child, serving } = await serve({ ...database, page_path: JOBS_PATH });
  const { token } = serving;
  const probe = await fetch(serving.real + JOBS_PATH, { headers: { authorization: `Bearer ${token}` } });
  const targets: [string, string, string | undefined][] = [
    ['bare Koa, {"ok":true}', `${serving.bare}/`, undefined],
    [`bare Koa, the page's ${serving.page_bytes.toLocaleString('en-US')} bytes`, `${serving.bare}/page`, undefined],
    ['GET /api/auth/me (auth only)', `${serving.real}/api/auth/me`, token],
  ];
  if (probe.status === 404)
    console.log(
      `c. NOTE: GET ${JOBS_PATH} answers 404 (not written yet): only the harness check against GET /api/auth/me runs.`,
    );
  else if (probe.status !== 200)
    console.log(`c. NOTE: GET ${JOBS_PATH} answers ${probe.status}: ${await probe.text()}`);
  else targets.push([`GET ${JOBS_PATH}`, serving.real + JOBS_PATH, token]);

  const loader = new Loader();
  const slice = Math.max(1, seconds / ROUNDS);
  const rounds: LoadResult[][] = [];
  const cpu = targets.map(() => 0);
  try {
    for (const [, url, t] of targets)
      await loader.load({ url, token: t, connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    for (let round = 0; round < ROUNDS; round++) {
      const results: LoadResult[] = [];
      for (const [i, [, url, t]] of targets.entries()) {
        const before = await serverCpu(child);
        results.push(await loader.load({ url, token: t, connections: CONNECTIONS, seconds: slice }));
        cpu[i] += (await serverCpu(child)) - before;
      }
      rounds.push(results);
    }
  } finally {
    await loader.stop();
  }
  // A few of the other heavy reads before the server's memory is read: a search, a deep page, the stage summary.
  for (const path of [
    '/api/jobs/search?q=johnson',
    `/api/jobs?page_number=${deepPageOf(size)}&per_page=25`,
    '/api/jobs?page_number=1&per_page=200&sort_by=full_name',
  ])
    await fetch(serving.real + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  const serverRss = child.pid === undefined ? undefined : peakRss(child.pid);
  const exited = once(child, 'exit');
  child.send('stop');
  await exited;

  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  /** A target's share of another, per round, as the median over rounds (percent). */
  const shareOf = (i: number, of: number) => med(rounds.map((r) => (100 * r[i].rps) / r[of].rps));
  const results = targets.map(([name], i): [string, LoadResult, number] => {
    const all = rounds.map((r) => r[i]);
    const pick = (f: (r: LoadResult) => number) => med(all.map(f));
    return [
      name,
      {
        rps: pick((r) => r.rps),
        p50: pick((r) => r.p50),
        p99: pick((r) => r.p99),
        total: pick((r) => r.total),
        non2xx: all.reduce((n, r) => n + r.non2xx, 0),
        errors: all.reduce((n, r) => n + r.errors, 0),
        cpu_ms: all.reduce((n, r) => n + r.cpu_ms, 0),
      },
      cpu[i],
    ];
  });
  const w = [46, 9, 8, 8, 8, 8, 8, 11, 9];
  const pad = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  const share = (ms: number) => `${Math.round(ms / (10 * slice * ROUNDS))}%`;
  console.log(
    `c. Under load: autocannon in a second process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${slice} s per target (targets in turn), ops bearer token`,
  );
  console.log(pad(['', 'req/s', 'p50', 'p99', 'non-2xx', 'server', 'client', 'of bare Koa', 'of {ok}']));
  for (const [i, [name, r, used]] of results.entries()) {
    console.log(
      pad([
        name,
        Math.round(r.rps).toLocaleString('en-US'),
        `${r.p50} ms`,
        `${r.p99} ms`,
        r.non2xx + r.errors,
        share(used),
        share(r.cpu_ms),
        `${shareOf(i, 1).toFixed(1)}%`,
        `${shareOf(i, 0).toFixed(1)}%`,
      ]),
    );
  }
  console.log(
    `   req/s, p50, p99: medians of the ${ROUNDS} rounds; of bare Koa, of {ok}: the median over rounds of the share in the same round.`,
  );
  console.log(
    "   of bare Koa: against bare Koa answering the jobs page's own bytes (the same ~20 KB written and read per answer);",
  );
  console.log(
    '   of {ok}: against bare Koa answering {"ok":true}, the measure of earlier runs, where part of the gap is the answer\'s size.',
  );
  console.log(
    '   server / client: CPU time each process used, as a share of one core over the run (near 100%: that process is the bottleneck).',
  );
  console.log('   Target: GET /api/jobs at least 25% of bare Koa (SQLite).');
  const jobs = results.findIndex(([name]) => name.startsWith('GET /api/jobs'));
  if (serverRss !== undefined)
    console.log(`   The server's peak resident memory: ${Math.round(serverRss / 2 ** 20)} MB.`);
  return jobs < 0 ? undefined : { same_bytes: shareOf(jobs, 1), tiny: shareOf(jobs, 0), server_rss: serverRss };
}
