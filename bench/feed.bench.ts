/**
 * The change feed's cost (`node --import tsx bench/feed.bench.ts`, issue 42): BENCH_STREAMS (1,000) open event streams
 * on one instance (GET /api/changes: ops and contractors of ten companies) while jobs change at BENCH_CHANGES_PER_S
 * (20) for BENCH_SECONDS (10): the instance's memory per stream, its CPU while jobs change, and how long a change takes
 * to reach the streams that may read it (p50, p95). Beside it, the naive way it replaces: the same pages each reading
 * their job every 5 s (the old timers), for the same time. The streams are read in this process too, so the CPU figures
 * include parsing them (printed, never asserted).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createParser } from 'eventsource-parser';
import { loadConfig } from '../server/config.ts';
import { depsOf, repoDefinitions } from '../server/deps.ts';
import { openStore } from '../server/db/database.ts';
import { createApp } from '../server/app.ts';
import { insertContractor } from '../server/db/contractors.db.ts';
import { insertUser } from '../server/db/users.db.ts';
import { updateJob } from '../server/db/jobs.db.ts';
import { hashPassword, signIn } from '../server/services/auth.service.ts';
import { createJob } from '../server/services/jobs.service.ts';
import { endStreams, openStreams } from '../server/live/hub.ts';
import type { AuthUser } from '../server/context.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const PER_S = Number(process.env.BENCH_CHANGES_PER_S ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COMPANIES = 10;
const JOBS = 200;
const POLL_MS = 5_000;

const dir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
const store = await openStore(`sqlite:${join(dir, 'bench.db')}`);
const config = loadConfig({ DATA_DIR: dir, APP_ENV: 'development', SEED_DEMO: 'false' });
const deps = depsOf(store, config, { defs: repoDefinitions(), log: () => undefined });
const { app } = await createApp(deps);
const server: Server = await new Promise((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// People: one ops user and a contractor of each company; their jobs spread over the companies.
const at = new Date().toISOString();
const hash = hashPassword('bench-password-1');
const opsId = await insertUser(deps.db, {
  email: 'ops@bench.test',
  name: 'Ops',
  role: 'ops',
  password_hash: hash,
  created_at: at,
});
const companies: number[] = [];
const tokens: string[] = [(await signIn(deps, 'ops@bench.test', 'bench-password-1', '127.0.0.1')).token];
for (let c = 0; c < COMPANIES; c++) {
  const id = await insertContractor(deps.db, {
    name: `Company ${c}`,
    address: `${c} Main St`,
    city: 'Milwaukee',
    phone: '414-555-0100',
    email: `office${c}@bench.test`,
    primary_contact: 'Pat',
    program_id: 'wi-hear',
    created_at: at,
  });
  companies.push(id);
  await insertUser(deps.db, {
    email: `c${c}@bench.test`,
    name: `Contractor ${c}`,
    role: 'contractor',
    contractor_id: id,
    password_hash: hash,
    created_at: at,
  });
  tokens.push((await signIn(deps, `c${c}@bench.test`, 'bench-password-1', '127.0.0.1')).token);
}
const ops = {
  id: opsId,
  email: 'ops@bench.test',
  name: 'Ops',
  role: 'ops',
  contractor_id: null,
} as unknown as AuthUser;
const jobs: { id: number; company: number }[] = [];
for (let i = 0; i < JOBS; i++) {
  const company = i % COMPANIES;
  const j = (await createJob(deps, ops, {
    first_name: 'Feed',
    last_name: `Bench${i}`,
    email: `feed${i}@example.com`,
    phone_number: '414-555-0199',
    address: `${100 + i} Lake Dr`,
    city: 'Milwaukee',
    county: 'Milwaukee',
    state: 'WI',
    zip: '53202',
    lat: 43.04,
    lon: -87.9,
    electric_utility: 'We Energies',
    gas_utility: 'We Energies',
    program_id: 'wi-hear',
    contractor_id: companies[company],
  } as Parameters<typeof createJob>[2])) as unknown as { id: number };
  jobs.push({ id: j.id, company });
}

const heap = () => process.memoryUsage().rss;
global.gc?.();
const before = heap();

// The streams: one in ten is ops (every job), the rest contractors of the ten companies (their company's jobs).
const sentAt = new Map<number, number>();
const latencies: number[] = [];
const aborts: AbortController[] = [];
let ready = 0;
for (let i = 0; i < STREAMS; i++) {
  const who = i % 10 === 0 ? 0 : 1 + (i % COMPANIES);
  const abort = new AbortController();
  aborts.push(abort);
  const res = await fetch(`${url}/api/changes`, {
    headers: { authorization: `Bearer ${tokens[who]}` },
    signal: abort.signal,
  });
  const parser = createParser({
    onEvent(e) {
      if (e.event === 'ready') ready += 1;
      if (e.event !== 'jobs') return;
      const now = performance.now();
      for (const id of (JSON.parse(e.data) as { jobs: number[] }).jobs) {
        const t = sentAt.get(id);
        if (t !== undefined) latencies.push(now - t);
      }
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk));
    } catch {
      /* aborted */
    }
  })();
}
while (ready < STREAMS) await new Promise((r) => setTimeout(r, 50));
global.gc?.();
const withStreams = heap();

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** Changes jobs at PER_S for SECONDS; answers the CPU time this process used meanwhile (ms) and the wall time. */
async function changing(): Promise<{ cpu: number; wall: number; changes: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    const job = jobs[n % jobs.length];
    sentAt.set(job.id, performance.now());
    await updateJob(deps.db, job.id, { first_name: `Feed${n}` });
    n += 1;
    const next = t0 + (n * 1000) / PER_S;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await new Promise((r) => setTimeout(r, 500));
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - t0, changes: n };
}

const live = await changing();
for (const a of aborts) a.abort();
endStreams(store);

// The naive way: every page reads its job every 5 s (GET /api/jobs/{id}), while the same changes happen.
const pollers: NodeJS.Timeout[] = [];
let polls = 0;
for (let i = 0; i < STREAMS; i++) {
  const who = i % 10 === 0 ? 0 : 1 + (i % COMPANIES);
  const mine = jobs.filter((j) => who === 0 || j.company === who - 1);
  const job = mine[i % mine.length];
  const start = setTimeout(
    () => {
      pollers.push(
        setInterval(() => {
          polls += 1;
          void fetch(`${url}/api/jobs/${job.id}`, { headers: { authorization: `Bearer ${tokens[who]}` } }).then((r) =>
            r.arrayBuffer(),
          );
        }, POLL_MS),
      );
    },
    Math.floor((i * POLL_MS) / STREAMS),
  );
  pollers.push(start);
}
const naive = await changing();
for (const t of pollers) clearInterval(t);

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `Change feed: ${STREAMS} open streams on one instance (SQLite), ${live.changes} job changes in ${SECONDS} s`,
);
console.log(`  streams open now: ${openStreams(store)} (after closing)`);
console.log(
  `  memory: ${mb(withStreams - before)} for ${STREAMS} streams (${((withStreams - before) / STREAMS / 1024).toFixed(1)} KB each; RSS ${mb(withStreams)})`,
);
console.log(
  `  delivery to the streams that may read the job: ${latencies.length} deliveries, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms`,
);
console.log(
  `  CPU while jobs change: feed ${((live.cpu / live.wall) * 100).toFixed(0)}% of a core (server and stream readers)`,
);
console.log(
  `  naive (each page reads its job every ${POLL_MS / 1000} s): ${polls} requests, ${((naive.cpu / naive.wall) * 100).toFixed(0)}% of a core, and a change shows up to ${POLL_MS / 1000} s late`,
);
server.closeAllConnections();
await new Promise((r) => server.close(r));
await store.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
