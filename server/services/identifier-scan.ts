/**
 * Search candidates for identifier-like queries (a job code, an external id: no space, a digit in it):
 * fuse.js matches such a query with up to 40% of its characters wrong anywhere in a code, so the codes it
 * ranks next after an exact hit often share no trigram with the query ("984898" ~ "J94498") and the
 * trigram index never proposes them. Codes and external ids never change once a job has them, so each
 * instance keeps the two columns in memory with an index of their two-character pieces (read in chunks,
 * then only the rows added since: one indexed query per search). A value within k edits of the query shares
 * at least m - 1 - 2k of the query's m - 1 pairs (the q-gram lemma), which leaves few values to score;
 * fuse.js scores them, and the best (fuse.js's order: score, then id) join the pool the service ranks.
 * Measured by bench/api.bench.ts (agreement with fuse.js over every job, latency).
 */

import Fuse from 'fuse.js';
import type { SearchConfig } from '../../engine/index.ts';
import type { Q } from '../db/portable.ts';
import { charFilter } from './fuzzy-rank.ts';

const KEYS = ['code', 'external_id'] as const;
type Key = (typeof KEYS)[number];

/** One identifier column: values lower-cased with their job ids, and where each pair of characters occurs. */
interface Column {
  ids: number[];
  values: string[];
  pairs: Map<string, number[]>;
}

interface Columns {
  columns: Record<Key, Column>;
  /** Every job id read, and the highest. */
  known: Set<number>;
  max_id: number;
  /** The first load, in progress (searches meanwhile wait for it rather than start another). */
  loading?: Promise<void>;
}

/** Rows read per query while loading, so a first search never holds the event loop for long. */
const CHUNK = 5_000;
/**
 * How far below the highest id read each refresh looks again: on PostgreSQL two jobs created at once may
 * commit in the other order than their ids, so a lower id can appear after a higher one was read.
 */
const LATE_COMMITS = 200;
/** A column whose pair test leaves more values than this is not selective for the query: skipped. */
const MAX_SCORED = 6_000;

const byStore = new WeakMap<object, Columns>();

/** A query that may be an identifier: no white space, at least one digit, not longer than a chunk. */
export function identifierLike(query: string): boolean {
  return query.length >= 3 && query.length <= 32 && !/\s/.test(query) && /\d/.test(query);
}

const pairsOf = (s: string) => new Set(Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2)));

function add(c: Columns, r: { id: number; code: string; external_id: string | null }) {
  if (c.known.has(r.id)) return;
  c.known.add(r.id);
  c.max_id = Math.max(c.max_id, r.id);
  for (const key of KEYS) {
    const v = r[key]?.toLowerCase();
    if (!v) continue;
    const col = c.columns[key];
    const at = col.values.length;
    col.ids.push(r.id);
    col.values.push(v);
    for (const p of pairsOf(v)) {
      const list = col.pairs.get(p);
      if (list) list.push(at);
      else col.pairs.set(p, [at]);
    }
  }
}

/** Reads the rows after `from` in chunks (yielding between them) into the columns. */
async function readAfter(db: Q, c: Columns, from: number) {
  for (let after = from; ;) {
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'code', 'external_id'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    for (const r of rows) add(c, r);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The columns, brought up to date with rows added since the last read (codes never change). */
async function columnsOf(db: Q, store: object): Promise<Columns> {
  let c = byStore.get(store);
  if (!c) {
    const fresh: Columns = {
      columns: {
        code: { ids: [], values: [], pairs: new Map() },
        external_id: { ids: [], values: [], pairs: new Map() },
      },
      known: new Set(),
      max_id: 0,
    };
    fresh.loading = readAfter(db, fresh, 0).finally(() => (fresh.loading = undefined));
    byStore.set(store, (c = fresh));
  }
  if (c.loading) await c.loading;
  else await readAfter(db, c, Math.max(0, c.max_id - LATE_COMMITS));
  return c;
}

/** Positions in a column of the values sharing at least `need` of the query's pairs (at most MAX_SCORED + 1). */
function sharing(col: Column, pairs: Set<string>, need: number): number[] {
  const hits = new Map<number, number>();
  const out: number[] = [];
  for (const p of pairs) {
    for (const at of col.pairs.get(p) ?? []) {
      const n = (hits.get(at) ?? 0) + 1;
      hits.set(at, n);
      if (n === need) {
        out.push(at);
        if (out.length > MAX_SCORED) return out;
      }
    }
  }
  return out;
}

/**
 * Ids of the jobs (at most `limit`) whose code or external id fuse.js matches best for an identifier-like
 * query, in fuse.js's order (score, then id); empty for other queries, or when too short to narrow.
 */
export async function identifierCandidates(
  db: Q,
  store: object,
  config: SearchConfig,
  query: string,
  limit: number,
): Promise<number[]> {
  const q = query.toLowerCase();
  if (!identifierLike(q) || /[\uD800-\uDFFF]/.test(q)) return [];
  const errors = Math.floor(config.threshold * q.length + 1e-9);
  const need = q.length - 1 - 2 * errors;
  if (need < 1) return [];
  const c = await columnsOf(db, store);
  const pairs = pairsOf(q);
  // Fuse.js scores only the values that can match at all (it is the costly part: thousands of values share a pair).
  const passes = charFilter(q, config.threshold);
  const single = new Fuse<string>([], {
    threshold: config.threshold,
    minMatchCharLength: config.minMatchCharLength,
    ignoreLocation: config.ignoreLocation,
    includeScore: true,
  });
  const best: { id: number; score: number }[] = [];
  for (const key of KEYS) {
    const col = c.columns[key];
    const found = sharing(col, pairs, need);
    if (!found.length || found.length > MAX_SCORED) continue;
    single.setCollection([...new Set(found.map((at) => col.values[at]))].filter(passes));
    const score = new Map(single.search(q).map((h) => [h.item, h.score ?? 1]));
    for (const at of found) {
      const s = score.get(col.values[at]);
      if (s !== undefined) best.push({ id: col.ids[at], score: s });
    }
  }
  best.sort((a, b) => a.score - b.score || a.id - b.id);
  return [...new Set(best.map((b) => b.id))].slice(0, limit);
}
