/**
 * The durable work queue (migration 011), the one every background workflow uses: work is enqueued under
 * an idempotency key (the same key twice is one item), leased by one worker at a time for a while,
 * finished, or failed and retried with exponential backoff until its last attempt, when it is dead and
 * waits for ops to retry it. A lease that runs out (the worker died) makes the item claimable again, so a
 * killed process's work resumes; what the work does must itself be idempotent per item (its steps keyed by
 * the item's id), since a lease can run out after the effect and before `finishWork`.
 *
 * Several instances share the queue: PostgreSQL leases with `FOR UPDATE SKIP LOCKED` (claimers skip rows
 * another transaction holds, never wait or double-take); SQLite with one UPDATE ... RETURNING, which holds
 * the database's write lock for the statement. Finishing or failing needs the lease still held by the
 * same owner: a worker whose lease ran out and was taken over cannot overwrite the new holder's outcome.
 */

import type { Selectable } from 'kysely';
import { isPostgres, type Q } from './portable.ts';
import type { WorkItemsTable, WorkState } from './schema.ts';

export type { WorkState };

/** A unit of work as stored. */
export type WorkItem = Selectable<WorkItemsTable>;

/** Retry timing: the delay after the n-th failed attempt is base * 2^(n-1), at most max. */
export interface Backoff {
  base_ms: number;
  max_ms: number;
}

export const DEFAULT_BACKOFF: Backoff = { base_ms: 5_000, max_ms: 3_600_000 };
export const DEFAULT_MAX_ATTEMPTS = 8;

const iso = (t: Date) => t.toISOString();
const later = (t: Date, ms: number) => new Date(t.getTime() + ms).toISOString();

/** The delay before the next attempt after `attempts` failed ones. */
export function backoffMs(attempts: number, b: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(b.max_ms, b.base_ms * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * Enqueues work unless its idempotency key is already queued (in any state): returns the item's id and
 * whether this call created it.
 */
export async function enqueueWork(
  db: Q,
  w: { kind: string; key: string; payload: unknown; now: Date; run_at?: Date; max_attempts?: number },
): Promise<{ id: number; created: boolean }> {
  const at = iso(w.now);
  const inserted = await db
    .insertInto('work_items')
    .values({
      kind: w.kind,
      idempotency_key: w.key,
      payload: JSON.stringify(w.payload ?? null),
      max_attempts: w.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: iso(w.run_at ?? w.now),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom('work_items')
    .select('id')
    .where('idempotency_key', '=', w.key)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/**
 * Leases up to `limit` due items (ready and due, or leased with the lease run out), oldest due first, to
 * `owner` until now + lease_ms; each lease counts as an attempt. Kinds narrow it to the work this worker
 * knows.
 */
export async function leaseWork(
  db: Q,
  o: { owner: string; now: Date; lease_ms: number; limit?: number; kinds?: string[]; keys?: string[] },
): Promise<WorkItem[]> {
  const now = iso(o.now);
  if ((o.kinds && !o.kinds.length) || (o.keys && !o.keys.length)) return [];
  let due = db
    .selectFrom('work_items')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'ready'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'leased'), eb('lease_until', '<=', now)]),
      ]),
    );
  if (o.kinds) due = due.where('kind', 'in', o.kinds);
  // Only work keyed under these idempotency-key prefixes (one job's work, say).
  if (o.keys) due = due.where((eb) => eb.or(o.keys!.map((p) => eb('idempotency_key', 'like', likePrefix(p)))));
  due = due
    .orderBy('run_at')
    .orderBy('id')
    .limit(o.limit ?? 1);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('work_items')
    .set((eb) => ({
      state: 'leased',
      lease_owner: o.owner,
      lease_until: later(o.now, o.lease_ms),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id - b.id));
}

/** The lease still held: the item is leased to this owner (whatever the clock says: a late finish is still the
 * holder's). */
const held = (db: Q, id: number, owner: string) =>
  db.updateTable('work_items').where('id', '=', id).where('state', '=', 'leased').where('lease_owner', '=', owner);

/**
 * Renews a lease this worker still holds (the heartbeat of an item that is taking long): until now + lease_ms. False
 * when the lease was lost.
 */
export async function renewLease(db: Q, id: number, owner: string, now: Date, lease_ms: number): Promise<boolean> {
  const r = await held(db, id, owner)
    .set({ lease_until: later(now, lease_ms) })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records the item done with its result; false when the lease was lost (another worker holds it now). */
export async function finishWork(db: Q, id: number, owner: string, now: Date, result?: unknown): Promise<boolean> {
  const r = await held(db, id, owner)
    .set({
      state: 'done',
      result: result === undefined ? null : JSON.stringify(result),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      updated_at: iso(now),
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: ready again after the backoff, or dead when it was the last attempt.
 * Returns the new state, or null when the lease was lost.
 */
export async function failWork(
  db: Q,
  id: number,
  owner: string,
  now: Date,
  error: string,
  backoff: Backoff = DEFAULT_BACKOFF,
): Promise<WorkState | null> {
  const item = await db
    .selectFrom('work_items')
    .select(['attempts', 'max_attempts'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!item) return null;
  const dead = item.attempts >= item.max_attempts;
  const state: WorkState = dead ? 'dead' : 'ready';
  const r = await held(db, id, owner)
    .set({
      state,
      run_at: dead ? iso(now) : later(now, backoffMs(item.attempts, backoff)),
      lease_owner: null,
      lease_until: null,
      last_error: error.slice(0, 2000),
      updated_at: iso(now),
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? state : null;
}

/** Dead items, newest first (what ops see). */
export async function deadWork(db: Q, limit = 100): Promise<WorkItem[]> {
  return db
    .selectFrom('work_items')
    .selectAll()
    .where('state', '=', 'dead')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ops retry a dead item: ready now, with its attempts counted afresh. False when it is not dead. */
export async function retryDeadWork(db: Q, id: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('work_items')
    .set({ state: 'ready', attempts: 0, run_at: iso(now), updated_at: iso(now) })
    .where('id', '=', id)
    .where('state', '=', 'dead')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A LIKE pattern matching what starts with `p` (its own % and _ taken literally). */
const likePrefix = (p: string) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One item by id. */
export async function workItem(db: Q, id: number): Promise<WorkItem | undefined> {
  return db.selectFrom('work_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether work keyed under any of these idempotency-key prefixes is still to run (ready or leased). */
export async function hasPendingWork(db: Q, keyPrefixes: string[]): Promise<boolean> {
  if (!keyPrefixes.length) return false;
  const like = likePrefix;
  const r = await db
    .selectFrom('work_items')
    .select('id')
    .where('state', 'in', ['ready', 'leased'])
    .where((eb) => eb.or(keyPrefixes.map((p) => eb('idempotency_key', 'like', like(p)))))
    .executeTakeFirst();
  return !!r;
}
