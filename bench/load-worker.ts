/**
 * The load generator of `bench/api.bench.ts`, in its own process so that autocannon does not share
 * the event loop of the server it measures: receives { url, token, connections, seconds } (as many as
 * the bench asks, one at a time; 'stop' ends it) and answers each with
 * { rps, p50, p99, total, non2xx, errors, cpu_ms } (cpu_ms: the CPU time autocannon's process used
 * meanwhile: near the run's length, the client was the bottleneck).
 */

import autocannon from 'autocannon';

/** What the bench asks for. */
export interface LoadRequest {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
}

/** What the worker answers. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  cpu_ms: number;
}

process.on('message', async (msg: LoadRequest | 'stop') => {
  if (msg === 'stop') {
    process.exit(0);
    return;
  }
  const before = process.cpuUsage();
  const r = await autocannon({
    url: msg.url,
    connections: msg.connections,
    duration: msg.seconds,
    headers: msg.token ? { authorization: `Bearer ${msg.token}` } : {},
  });
  const used = process.cpuUsage(before);
  const result: LoadResult = {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu_ms: (used.user + used.system) / 1000,
  };
  process.send!(result);
});
