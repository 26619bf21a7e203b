/**
 * The background worker: takes due items from the durable work queue (server/db/work.db.ts) and runs
 * the handler of each item's kind, one item at a time per worker. A handler's success finishes the
 * item with its result; a throw records a failed attempt (retried after the backoff, dead after the
 * last). An item of a kind no handler knows is never taken (kinds narrow the lease).
 *
 * Every instance may run a worker on the shared database: leases keep each item with one of them. A lease is short
 * (30 s) and renewed by a heartbeat while its handler runs, so a process killed mid-item gives the item back within
 * 30 s, and another worker (or the restarted one) takes it again: handlers must make their effects idempotent per item
 * (e.g. keyed by `item.id`).
 */

import { randomBytes } from 'node:crypto';
import type { Q } from './db/portable.ts';
import {
  DEFAULT_BACKOFF,
  failWork,
  finishWork,
  leaseWork,
  renewLease,
  type Backoff,
  type WorkItem,
} from './db/work.db.ts';

/** A worker's lease on the item in hand, renewed by its heartbeat: what a killed worker's item waits at most. */
export const LEASE_MS = 30_000;

/** What a handler gets: the item (payload parsed) and the store to work on. */
export type WorkHandler = (item: WorkItem & { data: unknown }, db: Q) => Promise<unknown>;

export interface WorkerOptions {
  /** Handlers by kind: only these kinds are leased. */
  handlers: Record<string, WorkHandler>;
  /** Only work keyed under these idempotency-key prefixes is leased (default: all). */
  keys?: string[];
  now?: () => Date;
  /** How long an item stays with this worker unless renewed (default 30 s): a dead worker's item waits this long. */
  lease_ms?: number;
  /** How often the lease of the item in hand is renewed (default a third of lease_ms). */
  heartbeat_ms?: number;
  /** How long to wait when nothing is due. */
  idle_ms?: number;
  backoff?: Backoff;
  /** Names the worker in leases (default: random). */
  owner?: string;
  log?: (line: string) => void;
}

export interface Worker {
  /** Runs due items until none is due; returns how many ran (tests and the CLI drive the queue with it). */
  drain(): Promise<number>;
  /** Polls the queue until stopped. */
  start(): void;
  /** Stops polling and waits for the item in hand. */
  stop(): Promise<void>;
  readonly owner: string;
}

export function createWorker(db: Q, o: WorkerOptions): Worker {
  const now = o.now ?? (() => new Date());
  const owner = o.owner ?? `worker-${randomBytes(6).toString('hex')}`;
  const kinds = Object.keys(o.handlers);
  const lease_ms = o.lease_ms ?? LEASE_MS;
  const heartbeat_ms = o.heartbeat_ms ?? Math.max(100, Math.floor(lease_ms / 3));
  const idle_ms = o.idle_ms ?? 1_000;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  /** Runs one due item; false when none was due. */
  async function runOne(): Promise<boolean> {
    const [item] = await leaseWork(db, { owner, now: now(), lease_ms, limit: 1, kinds, keys: o.keys });
    if (!item) return false;
    // The heartbeat: the lease renewed while the handler runs (a renewal that fails is tried at the next beat).
    const beat = setInterval(() => {
      renewLease(db, item.id, owner, now(), lease_ms).catch((e: unknown) =>
        o.log?.(`work ${item.id} (${item.kind}): lease not renewed: ${e instanceof Error ? e.message : String(e)}`),
      );
    }, heartbeat_ms);
    beat.unref();
    try {
      const result = await o.handlers[item.kind]({ ...item, data: JSON.parse(item.payload) as unknown }, db);
      if (!(await finishWork(db, item.id, owner, now(), result)))
        o.log?.(`work ${item.id} (${item.kind}): lease lost before it finished`);
    } catch (e) {
      const state = await failWork(
        db,
        item.id,
        owner,
        now(),
        e instanceof Error ? e.message : String(e),
        o.backoff ?? DEFAULT_BACKOFF,
      );
      o.log?.(
        `work ${item.id} (${item.kind}) attempt ${item.attempts} failed (${state ?? 'lease lost'}): ${e instanceof Error ? e.message : String(e)}`,
      );
    } finally {
      clearInterval(beat);
    }
    return true;
  }

  return {
    owner,
    async drain() {
      let n = 0;
      while (await runOne()) n++;
      return n;
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let ran = false;
          try {
            ran = await runOne();
          } catch (e) {
            o.log?.(`worker: ${e instanceof Error ? e.message : String(e)}`);
          }
          if (!ran && running)
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, idle_ms);
              wake = () => {
                clearTimeout(t);
                resolve();
              };
            });
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
