/**
 * The durable work queue (server/db/work.db.ts) on every backend: one item per idempotency key, a lease
 * held by one worker at a time even when two "instances" (two stores on one database) claim at once,
 * a lease that runs out is taken over and the old holder can no longer finish, failures retry with
 * backoff until the last attempt makes the item dead, and ops can retry a dead item.
 */

import { afterAll, describe, expect, it } from 'vitest';
import * as work from '../../server/db/work.db.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';

const T0 = new Date('2026-06-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const opened: Fresh[] = [];
afterAll(async () => {
  for (const f of opened) await f.drop();
});

async function fresh(backend: (typeof BACKENDS)[number]) {
  const f = await freshDatabase(backend);
  opened.push(f);
  return f;
}

describe.each(BACKENDS)('the work queue on %s', (backend) => {
  it('keeps one item per idempotency key, whatever the payload of the second enqueue', async () => {
    const db = (await fresh(backend)).store.kysely;
    const a = await work.enqueueWork(db, {
      kind: 'mail',
      key: 'invite:7:homeowner',
      payload: { to: 'a@example.test' },
      now: T0,
    });
    const b = await work.enqueueWork(db, {
      kind: 'mail',
      key: 'invite:7:homeowner',
      payload: { to: 'other@example.test' },
      now: at(1000),
    });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    const item = await work.workItem(db, a.id);
    expect(JSON.parse(item!.payload)).toEqual({ to: 'a@example.test' });
    expect(item).toMatchObject({ state: 'ready', attempts: 0 });
  });

  it('leases due work only, oldest first, to one owner; kinds narrow it', async () => {
    const db = (await fresh(backend)).store.kysely;
    const later = await work.enqueueWork(db, { kind: 'mail', key: 'b', payload: 1, now: T0, run_at: at(60_000) });
    const first = await work.enqueueWork(db, { kind: 'mail', key: 'a', payload: 2, now: T0 });
    const pdf = await work.enqueueWork(db, { kind: 'pdf', key: 'c', payload: 3, now: T0 });
    expect(
      (await work.leaseWork(db, { owner: 'w1', now: at(1), lease_ms: 120_000, limit: 10, kinds: ['mail'] })).map(
        (i) => i.id,
      ),
    ).toEqual([first.id]);
    expect(await work.leaseWork(db, { owner: 'w1', now: at(2), lease_ms: 30_000, limit: 10, kinds: [] })).toEqual([]);
    const rest = await work.leaseWork(db, { owner: 'w2', now: at(60_000), lease_ms: 30_000, limit: 10 });
    expect(rest.map((i) => i.id)).toEqual([pdf.id, later.id]);
    expect(rest.every((i) => i.state === 'leased' && i.lease_owner === 'w2' && i.attempts === 1)).toBe(true);
  });

  it('gives each item to exactly one of two instances claiming at once', async () => {
    const f = await fresh(backend);
    const other = await f.another();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await work.enqueueWork(f.store.kysely, { kind: 'mail', key: `k${i}`, payload: i, now: T0 })).id);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        work.leaseWork(i % 2 ? other.kysely : f.store.kysely, {
          owner: `w${i}`,
          now: at(1),
          lease_ms: 60_000,
          limit: 7,
        }),
      ),
    );
    const taken = claims.flat().map((i) => i.id);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort((a, b) => a - b)).toEqual(ids);
  });

  it('takes over a lease that ran out; the old holder can then neither finish nor fail it', async () => {
    const db = (await fresh(backend)).store.kysely;
    const { id } = await work.enqueueWork(db, { kind: 'mail', key: 'x', payload: null, now: T0 });
    await work.leaseWork(db, { owner: 'dead-worker', now: at(0), lease_ms: 10_000 });
    expect(await work.leaseWork(db, { owner: 'w2', now: at(9_999), lease_ms: 10_000 })).toEqual([]);
    const [again] = await work.leaseWork(db, { owner: 'w2', now: at(10_000), lease_ms: 10_000 });
    expect(again).toMatchObject({ id, lease_owner: 'w2', attempts: 2 });
    expect(await work.finishWork(db, id, 'dead-worker', at(10_001), 'late')).toBe(false);
    expect(await work.failWork(db, id, 'dead-worker', at(10_001), 'late')).toBeNull();
    expect(await work.finishWork(db, id, 'w2', at(10_002), { sent: 1 })).toBe(true);
    expect(await work.workItem(db, id)).toMatchObject({ state: 'done', result: '{"sent":1}', lease_owner: null });
    expect(await work.leaseWork(db, { owner: 'w3', now: at(999_999), lease_ms: 10_000 })).toEqual([]);
  });

  it('retries a failure after a growing backoff, then holds it dead until ops retry it', async () => {
    const db = (await fresh(backend)).store.kysely;
    const backoff = { base_ms: 1_000, max_ms: 3_000 };
    const { id } = await work.enqueueWork(db, { kind: 'mail', key: 'y', payload: null, now: T0, max_attempts: 3 });
    let now = 0;
    const waits: number[] = [];
    for (;;) {
      const [item] = await work.leaseWork(db, { owner: 'w', now: at(now), lease_ms: 60_000 });
      expect(item.id).toBe(id);
      const state = await work.failWork(db, id, 'w', at(now), `smtp down ${item.attempts}`, backoff);
      if (state === 'dead') break;
      expect(state).toBe('ready');
      const due = Date.parse((await work.workItem(db, id))!.run_at) - at(now).getTime();
      waits.push(due);
      expect(await work.leaseWork(db, { owner: 'w', now: at(now + due - 1), lease_ms: 60_000 })).toEqual([]);
      now += due;
    }
    expect(waits).toEqual([1_000, 2_000]);
    expect(work.backoffMs(5, backoff)).toBe(3_000);
    expect((await work.deadWork(db)).map((i) => [i.id, i.attempts, i.last_error])).toEqual([[id, 3, 'smtp down 3']]);
    expect(await work.leaseWork(db, { owner: 'w', now: at(now + 10_000_000), lease_ms: 60_000 })).toEqual([]);
    expect(await work.retryDeadWork(db, id, at(now + 1))).toBe(true);
    expect(await work.retryDeadWork(db, id, at(now + 1))).toBe(false);
    const [back] = await work.leaseWork(db, { owner: 'w', now: at(now + 1), lease_ms: 60_000 });
    expect(back).toMatchObject({ id, attempts: 1 });
  });
});
