/**
 * The background worker (server/worker.ts) over the durable queue, on every backend: handlers run per
 * kind, failures retry after the backoff and end dead, a worker killed mid-item (its lease left to run
 * out) has the item taken over by another, whose effect lands once when the handler keys it by item,
 * and a polling worker picks up work enqueued after it started and stops cleanly.
 */

import { afterAll, describe, expect, it, vi } from 'vitest';
import { enqueueWork, leaseWork, workItem } from '../../server/db/work.db.ts';
import { LEASE_MS, createWorker } from '../../server/worker.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';

const opened: Fresh[] = [];
afterAll(async () => {
  for (const f of opened) await f.drop();
});

describe.each(BACKENDS)('the worker on %s', (backend) => {
  it('runs each kind with its handler and records results and failures', async () => {
    const f = await freshDatabase(backend);
    opened.push(f);
    const db = f.store.kysely;
    let clock = new Date('2026-06-01T00:00:00.000Z');
    const seen: unknown[] = [];
    let flaky = 0;
    const worker = createWorker(db, {
      now: () => clock,
      backoff: { base_ms: 1_000, max_ms: 1_000 },
      handlers: {
        echo: async (item) => {
          seen.push(item.data);
          return { echoed: item.data };
        },
        flaky: async () => {
          flaky++;
          if (flaky < 3) throw new Error(`down ${flaky}`);
          return 'up';
        },
      },
    });
    const a = await enqueueWork(db, { kind: 'echo', key: 'a', payload: { n: 1 }, now: clock });
    const b = await enqueueWork(db, { kind: 'flaky', key: 'b', payload: null, now: clock });
    const unknown = await enqueueWork(db, { kind: 'nobody', key: 'c', payload: null, now: clock });
    expect(await worker.drain()).toBe(2); // echo done; flaky failed once and waits out its backoff
    expect(seen).toEqual([{ n: 1 }]);
    expect(await workItem(db, a.id)).toMatchObject({ state: 'done', result: '{"echoed":{"n":1}}' });
    expect(await workItem(db, b.id)).toMatchObject({ state: 'ready', attempts: 1, last_error: 'down 1' });
    clock = new Date(clock.getTime() + 1_000);
    expect(await worker.drain()).toBe(1);
    clock = new Date(clock.getTime() + 1_000);
    expect(await worker.drain()).toBe(1);
    expect(await workItem(db, b.id)).toMatchObject({ state: 'done', attempts: 3, result: '"up"' });
    expect(await workItem(db, unknown.id)).toMatchObject({ state: 'ready', attempts: 0 });
  });

  it('a worker that dies mid-item: another takes it when the lease runs out, and the effect lands once', async () => {
    const f = await freshDatabase(backend);
    opened.push(f);
    const db = f.store.kysely;
    const other = await f.another();
    let clock = new Date('2026-06-01T00:00:00.000Z');
    const sent = new Set<number>(); // the effect, keyed by item (as a mail handler keys its send)
    let effects = 0;
    let runs = 0;
    const handler = async (item: { id: number }) => {
      runs++;
      if (!sent.has(item.id)) {
        sent.add(item.id);
        effects++;
      }
      return 'sent';
    };
    const first = createWorker(db, { owner: 'first', now: () => clock, lease_ms: 60_000, handlers: { mail: handler } });
    const { id } = await enqueueWork(db, { kind: 'mail', key: 'invite', payload: null, now: clock });
    // "Killed" after the effect and before the outcome: the lease stays, nothing is recorded.
    const [leased] = await leaseWork(db, { owner: 'first', now: clock, lease_ms: 60_000, kinds: ['mail'] });
    await handler(leased);
    const second = createWorker(other.kysely, {
      owner: 'second',
      now: () => clock,
      lease_ms: 60_000,
      handlers: { mail: handler },
    });
    expect(await second.drain()).toBe(0); // the lease still runs
    clock = new Date(clock.getTime() + 60_000);
    expect(await second.drain()).toBe(1);
    expect(await first.drain()).toBe(0);
    expect([runs, effects]).toEqual([2, 1]);
    expect(await workItem(db, id)).toMatchObject({ state: 'done', attempts: 2, lease_owner: null });
  });

  it('a handler running past its lease keeps it by heartbeat; a worker that dies gives its item back within 30 s', async () => {
    const f = await freshDatabase(backend);
    opened.push(f);
    const db = f.store.kysely;
    const other = await f.another();
    let clock = new Date('2026-06-01T00:00:00.000Z');
    const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
    const second = createWorker(other.kysely, {
      owner: 'second',
      now: () => clock,
      handlers: { slow: async () => 'again' },
    });

    // A slow handler: the clock passes its first lease while it runs, the heartbeat renews it, no one else takes it.
    let release!: () => void;
    const running = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const began = new Promise<void>((r) => (started = r));
    const first = createWorker(db, {
      owner: 'first',
      now: () => clock,
      heartbeat_ms: 5,
      handlers: { slow: async () => (started(), await running, 'done') },
    });
    const { id } = await enqueueWork(db, { kind: 'slow', key: 's', payload: null, now: clock });
    const draining = first.drain();
    await began;
    const leasedUntil = (await workItem(db, id))!.lease_until!;
    expect(Date.parse(leasedUntil) - clock.getTime()).toBe(LEASE_MS);
    for (let i = 0; i < 3; i++) {
      tick(20_000); // 60 s in all: twice the lease
      const target = clock.getTime() + LEASE_MS;
      await vi.waitFor(async () => expect(Date.parse((await workItem(db, id))!.lease_until!)).toBe(target));
      expect(await second.drain()).toBe(0);
    }
    release();
    expect(await draining).toBe(1);
    expect(await workItem(db, id)).toMatchObject({ state: 'done', lease_owner: null });

    // A worker killed with an item in hand (leased, never renewed again): free for another after 30 s, not before.
    const { id: orphan } = await enqueueWork(db, { kind: 'slow', key: 'orphan', payload: null, now: clock });
    await leaseWork(db, { owner: 'killed', now: clock, lease_ms: LEASE_MS, kinds: ['slow'] });
    tick(LEASE_MS - 1);
    expect(await second.drain()).toBe(0);
    tick(1);
    expect(await second.drain()).toBe(1);
    expect(await workItem(db, orphan)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a started worker picks up work enqueued later, and stops cleanly', async () => {
    const f = await freshDatabase(backend);
    opened.push(f);
    const db = f.store.kysely;
    let done!: (v: unknown) => void;
    const ran = new Promise((resolve) => (done = resolve));
    const worker = createWorker(db, { idle_ms: 20, handlers: { ping: async (item) => done(item.data) } });
    worker.start();
    await enqueueWork(db, { kind: 'ping', key: 'p', payload: 'pong', now: new Date() });
    expect(await ran).toBe('pong');
    await worker.stop();
  });
});
