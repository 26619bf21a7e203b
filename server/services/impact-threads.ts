/**
 * The impact report over many jobs in threads (issue 47: a million jobs under a minute, with their reads): this thread
 * reads the jobs a page at a time while worker threads (server/services/impact.worker.ts) evaluate the pages under
 * both sets of definitions; their pieces are merged in page order, so the report is the one a single thread makes.
 * A worker loads the definitions from their files and checks each program's hash against the ones this thread
 * evaluates. A page holding a job pinned to a definition version is reported here (its programs are objects of this
 * thread). At most PER_THREAD pages wait on each thread: the reads never run a million jobs ahead into memory.
 */

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  impactRun,
  mergeImpact,
  type Definitions,
  type ImpactJob,
  type ImpactReport,
  type SourceFile,
} from '../../engine/index.ts';

/** One set of definitions as a thread loads it: its files, and the hash of each program this thread evaluates. */
export interface ImpactSide {
  files: SourceFile[];
  hashes: Record<string, string>;
}
export interface ImpactWorkerData {
  current: ImpactSide;
  proposed: ImpactSide;
  today: string;
}
/** A page of jobs sent to a thread, numbered in read order. */
export interface ToImpactWorker {
  page: number;
  jobs: ImpactJob[];
}
type FromImpactWorker = { ready: true } | { error: string; page?: number } | { page: number; report: ImpactReport };

/** Pages waiting on each thread (one evaluated, the next ready for it). */
const PER_THREAD = 2;

/**
 * Each thread registers tsx's loader (the server's sources are TypeScript run without a build; on Node 20 tsx's
 * `--import` registers in the main thread only) and imports the worker module.
 */
const BOOT = `const { workerData, parentPort } = require('node:worker_threads');
import(workerData.tsx)
  .then(({ register }) => {
    register();
    return import(workerData.module);
  })
  .catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));`;
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const WORKER_MODULE = new URL('./impact.worker.ts', import.meta.url).href;

/** The files of a set of definitions, with the hashes of its programs as this thread loaded them. */
export function impactSide(defs: Definitions, files: SourceFile[]): ImpactSide {
  return { files, hashes: Object.fromEntries(Object.entries(defs.programs).map(([id, p]) => [id, p.hash])) };
}

/** A thread that could not start: it failed to load the definitions, or they were not the ones evaluated here. */
export class ThreadStartError extends Error {}

interface Thread {
  inflight: number;
  send(page: number, jobs: ImpactJob[]): Promise<ImpactReport>;
  stop(): Promise<number>;
}

/** A started thread, once it has loaded both sets of definitions (rejects with its error otherwise). */
function startThread(data: ImpactWorkerData): Promise<Thread> {
  return new Promise((resolve, reject) => {
    const waiting = new Map<number, { resolve: (r: ImpactReport) => void; reject: (e: Error) => void }>();
    const failAll = (e: Error) => {
      reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    };
    const worker = new Worker(BOOT, {
      eval: true,
      execArgv: [],
      workerData: { ...data, tsx: TSX_API, module: WORKER_MODULE },
    });
    const thread: Thread = {
      inflight: 0,
      send(page, jobs) {
        thread.inflight += 1;
        return new Promise((res, rej) => {
          waiting.set(page, { resolve: res, reject: rej });
          worker.postMessage({ page, jobs } satisfies ToImpactWorker);
        });
      },
      stop: () => worker.terminate(),
    };
    worker.on('message', (m: FromImpactWorker) => {
      if ('ready' in m) return resolve(thread);
      if (m.page === undefined) return failAll(new Error(`impact thread: ${'error' in m ? m.error : 'no page'}`));
      const w = waiting.get(m.page);
      waiting.delete(m.page);
      thread.inflight -= 1;
      if ('error' in m) w?.reject(new Error(m.error));
      else w?.resolve(m.report);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`impact thread stopped (exit code ${code})`)));
  });
}

/**
 * The impact report of the pages of jobs (read in id order), evaluated in `threads` worker threads. Rejects when a
 * thread cannot start (the caller may report in this thread instead) or an evaluation fails.
 */
export async function impactInThreads(
  pages: AsyncIterable<ImpactJob[]>,
  o: {
    current: Definitions;
    proposed: Definitions;
    sources: { current: SourceFile[]; proposed: SourceFile[] };
    today: string;
    threads: number;
  },
): Promise<ImpactReport> {
  const data: ImpactWorkerData = {
    current: impactSide(o.current, o.sources.current),
    proposed: impactSide(o.proposed, o.sources.proposed),
    today: o.today,
  };
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, o.threads) }, () => startThread(data)));
  const threads = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw new ThreadStartError(String(((failed as PromiseRejectedResult).reason as Error)?.message));
    // Pinned jobs' pages are reported here; every piece is merged in page order as soon as those before it are.
    const here = impactRun(o.current, o.proposed, o.today);
    const total = here.drain();
    const parts = new Map<number, ImpactReport>();
    let merged = 0;
    const settle = (page: number, part: ImpactReport) => {
      parts.set(page, part);
      for (let next = parts.get(merged); next; next = parts.get(merged)) {
        mergeImpact(total, next);
        parts.delete(merged);
        merged += 1;
      }
    };
    const running = new Set<Promise<void>>();
    let failure: Error | undefined;
    let page = 0;
    for await (const jobs of pages) {
      if (failure) break;
      const n = page++;
      if (jobs.some((j) => j.programs)) {
        here.add(jobs);
        settle(n, here.drain());
        continue;
      }
      let thread = threads.find((t) => t.inflight < PER_THREAD);
      while (!thread) {
        await Promise.race(running);
        thread = threads.find((t) => t.inflight < PER_THREAD);
      }
      const done: Promise<void> = thread
        .send(n, jobs)
        .then(
          (part) => settle(n, part),
          (e: Error) => {
            failure ??= e;
          },
        )
        .finally(() => running.delete(done));
      running.add(done);
    }
    await Promise.all(running);
    if (failure) throw failure;
    return total;
  } finally {
    await Promise.all(threads.map((t) => t.stop()));
  }
}
