/**
 * Values cached per store against the shared jobs version (migration 006): the jobs list's counts and
 * presented pages (server/db/job-lists.db.ts, server/services/jobs.service.ts).
 */

import type { AliasedExpression, CompiledQuery, SelectQueryBuilder } from 'kysely';
import type { DB } from './schema.ts';
import type { Q } from './portable.ts';

/**
 * Counts cached per store against the jobs version (migration 006): a count scans every matching row,
 * so it runs once per change of the jobs table instead of once per request. Bounded in size.
 *
 * Keyed on the Kysely instance, which is the store's (one per open store, so one cache per database):
 * the list functions keep their parameters and need no owner object passed. A transaction (a different
 * object) neither reads nor fills the cache, it computes: what it sees includes its own uncommitted
 * writes, and after a rollback the version it saw is handed out again to other changes, so an entry
 * stored under it would be wrong. The version is read on every call, because several instances share one
 * PostgreSQL database: an entry is valid only while the counter has not moved. It is read before the value
 * is computed (cachedUntil: a change landing between the two reads only stores a value under an older
 * version) or in the same statement as the value (cachedRows, countWithRows: one snapshot).
 */
type Entry = { v: number; value: unknown; until: number };
const countCache = new WeakMap<Q, Map<string, Entry>>();
const COUNT_CACHE_MAX = 2000;

/** Forgets the cached counts and pages of a store (benches measure the queries themselves). */
export function clearCountCache(db: Q): void {
  countCache.get(db)?.clear();
}

const versionQueries = new WeakMap<Q, CompiledQuery<{ v: number }>>();
/** The version check, compiled once per store: it runs on every cached read (the hot path of the jobs list). */
function versionQuery(db: Q): CompiledQuery<{ v: number }> {
  let q = versionQueries.get(db);
  if (!q) versionQueries.set(db, (q = db.selectFrom('jobs_version').select('v').where('id', '=', 1).compile()));
  return q;
}

/** A store's version read on its way, and the one the calls arriving meanwhile wait for. */
interface VersionReads {
  current?: Promise<number>;
  next?: Promise<number>;
}
const versionReads = new WeakMap<Q, VersionReads>();
const ignore = () => undefined;

function readVersion(db: Q, r: VersionReads): Promise<number> {
  const read = db.executeQuery(versionQuery(db)).then((res) => res.rows[0].v);
  r.current = read;
  const done = () => {
    if (r.current === read) r.current = undefined;
  };
  read.then(done, done);
  return read;
}

/**
 * The jobs version, read from the database after this call began. A read already on its way may have
 * been sent before a write the caller has seen acknowledged, so a call arriving meanwhile does not take
 * its answer: it waits for the next read, sent as soon as that one answers and shared by every call that
 * arrived in between. Each call still sees every write acknowledged before it, on any instance, and under
 * load the counter is read about once per round trip instead of once per request.
 */
function jobsVersion(db: Q): Promise<number> {
  let r = versionReads.get(db);
  if (!r) versionReads.set(db, (r = {}));
  if (!r.current) return readVersion(db, r);
  const reads = r;
  return (r.next ??= r.current.then(ignore, ignore).then(() => {
    reads.next = undefined;
    return readVersion(db, reads);
  }));
}

/** The column a query's rows carry the jobs version in (cachedRows). */
const VERSION = 'jobs_version_v';
/** The column the jobs list's page carries its total in (countWithRows). */
const COUNTED = 'jobs_counted_n';

/** The jobs version as a column of a query's rows (read in the query's own snapshot). */
const versionColumn = (db: Q) => db.selectFrom('jobs_version').select('v').where('id', '=', 1).as(VERSION);

/**
 * cachedCount of a query's rows (`map` makes the value). When the cache holds nothing under the key, the query runs
 * with the jobs version read in the same statement: one snapshot, so the value is stored under exactly the version it
 * was counted at, and one round trip instead of two (on PostgreSQL the first count after every job write paid both).
 * A query answering no rows carries no version, and its value is not stored.
 */
export async function cachedRows<TB extends keyof DB, O, T>(
  db: Q,
  key: string,
  query: SelectQueryBuilder<DB, TB, O>,
  map: (rows: O[]) => T,
): Promise<T> {
  if (db.isTransaction || cacheOf(db).has(key)) return cachedCount(db, key, async () => map(await query.execute()));
  return countedNow(db, key, query, map);
}

/** cachedRows' miss: the query with the jobs version, its value stored under that version (not when no row answers). */
async function countedNow<TB extends keyof DB, O, T>(
  db: Q,
  key: string,
  query: SelectQueryBuilder<DB, TB, O>,
  map: (rows: O[]) => T,
): Promise<T> {
  const rows = await query.select(versionColumn(db)).execute();
  const value = map(rows);
  if (rows.length) store(cacheOf(db), key, { v: Number(rows[0][VERSION]), value, until: Infinity });
  return value;
}

/** A column added to a query's rows: the version, or a count as a scalar subquery. */
export type ExtraColumn = AliasedExpression<unknown, string>;

/**
 * A count cached under key (cachedRows), read in the same statement as other rows (the jobs list's page): one round
 * trip and one snapshot where the page and its total took two. `rows` runs that statement with the columns given
 * added: the jobs version and, when the cache holds no value, the count as a scalar subquery (`count` selects one
 * column, n). When the statement answers no row (a page past the end) or the cached value is older than the version
 * read, the count runs on its own (cachedRows' miss). In a transaction nothing is cached and the two run apart.
 */
export async function countWithRows<R extends object, TB extends keyof DB>(
  db: Q,
  key: string,
  count: SelectQueryBuilder<DB, TB, { n: number }>,
  rows: (extra: ExtraColumn[]) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const n = (r: { n: number }[]) => Number(r[0].n);
  if (db.isTransaction) return { rows: await rows([]), total: n(await count.execute()) };
  const hit = cacheOf(db).get(key);
  const got = (await rows(hit ? [versionColumn(db)] : [versionColumn(db), count.as(COUNTED)])) as (R &
    Record<string, unknown>)[];
  const v = got.length ? Number(got[0][VERSION]) : undefined;
  let total: number;
  if (hit && v === hit.v) total = hit.value as number;
  else if (!hit && v !== undefined) {
    total = Number(got[0][COUNTED]);
    store(cacheOf(db), key, { v, value: total, until: Infinity });
  } else total = await countedNow(db, key, count, n);
  return { rows: got.map(({ [VERSION]: _v, [COUNTED]: _n, ...row }) => row as unknown as R), total };
}

/** Caches a value against the jobs version: recomputed only after jobs (or contractor names) change. */
export function cachedCount<T>(db: Q, key: string, compute: () => T | Promise<T>): Promise<T> {
  return cachedUntil(db, key, 0, async () => ({ value: await compute(), until: Infinity }));
}

/**
 * cachedCount for a value that also goes stale with time (a page's days in stage): `compute` answers it
 * with the instant (ms) from which it is stale, and `now` is the caller's clock.
 */
export async function cachedUntil<T>(
  db: Q,
  key: string,
  now: number,
  compute: () => Promise<{ value: T; until: number }>,
): Promise<T> {
  if (db.isTransaction) return (await compute()).value;
  const v = await jobsVersion(db);
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && hit.v === v && now < hit.until) return hit.value as T;
  const { value, until } = await compute();
  store(cache, key, { v, value, until });
  return value;
}

/** A store's cache of a key. */
function cacheOf(db: Q): Map<string, Entry> {
  let cache = countCache.get(db);
  if (!cache) countCache.set(db, (cache = new Map()));
  return cache;
}

/** Stores an entry, the oldest one leaving when the cache is full. */
function store(cache: Map<string, Entry>, key: string, entry: Entry): void {
  if (!cache.has(key) && cache.size >= COUNT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
}
