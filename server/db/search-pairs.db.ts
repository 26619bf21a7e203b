/**
 * Two-character queries (no trigram of their own) on either backend: the indexed trigrams a pair may start, and the
 * keys of the fields holding a pair (split from search.db.ts, whose lookups they use).
 */

import { sql } from 'kysely';
import { isPostgres, type Q } from './portable.ts';
import {
  FIELD_END,
  TABLES,
  VOCAB,
  escapeLike,
  matchingKeys,
  pgLike,
  type SearchIndex,
  type SearchScope,
} from './search.db.ts';

/**
 * The characters a PostgreSQL "trigram" may end with after a two-character prefix, in code point order
 * (the vocabulary's order): the field end, printable ASCII but capitals (the index is folded), and the
 * Latin-1 lower-case letters.
 */
const FOLLOWERS = [
  FIELD_END,
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => c < 'A' || c > 'Z'),
  ...Array.from({ length: 0x100 - 0xdf }, (_, i) => String.fromCharCode(0xdf + i)).filter((c) => c !== '\u00f7'),
];

/**
 * Indexed trigrams that start with `prefix` (two characters): a two-letter query is any of them.
 *
 * PostgreSQL keeps no vocabulary of the indexed text (pg_trgm's GIN keys are its own word trigrams and
 * are not readable from SQL), and finding the real followers of the prefix would mean reading every row
 * holding it, which no trigram index can narrow (two characters are no trigram). So the answer there is
 * the prefix followed by each character a folded field may hold next (FOLLOWERS, above, in order), with
 * no query: matchingKeys then answers each one from the index (`%abc%` is the trigram `abc`; a field end
 * or a non-alphanumeric follower is pg_trgm's word-end trigram `'ab '`), and a term absent from the data
 * simply matches nothing. What is lost: a prefix followed by a character outside FOLLOWERS (rare
 * scripts), which the candidates then miss, as they miss any row sharing no looked-up trigram. As on
 * SQLite, whose vocabulary is folded, a prefix with capitals has no terms; other lengths: a three-character
 * prefix is its own term, none for the rest.
 */
export async function termsStartingWith(db: Q, index: SearchIndex, prefix: string, limit = 200): Promise<string[]> {
  const chars = Array.from(prefix);
  if (!chars.length || limit <= 0) return [];
  if (isPostgres(db)) {
    if (prefix !== prefix.toLowerCase()) return [];
    if (chars.length === 3) return [prefix];
    if (chars.length !== 2) return [];
    return FOLLOWERS.map((c) => prefix + c).slice(0, limit);
  }
  const end = chars.slice(0, -1).join('') + String.fromCodePoint(chars[chars.length - 1].codePointAt(0)! + 1);
  const r = await sql<{
    term: string;
  }>`select term from ${sql.table(VOCAB[index])} where term >= ${prefix} and term < ${end} limit ${limit}`.execute(db);
  return r.rows.map((row) => row.term);
}

/**
 * A two-character query on PostgreSQL (every job's search): the index answers it as every trigram it may start
 * (FOLLOWERS), a bitmap scan of each one's whole posting list (a common pair such as 'jo' at a million jobs: 270-440
 * ms), while the table read in order holds a common pair's first `limit` fields within a hundred thousand rows (20
 * ms). A sample of the table (0.2% of its pages, the same pages each time) tells which: read in order when the pair's
 * share of the sample says `limit` matches come within PAIR_SCAN_ROWS rows.
 */
export const PAIR_SCAN_ROWS = 500_000;
/** Matches the sample must hold for its share to be trusted. */
const PAIR_SAMPLE_HITS = 20;
/** The share of the table's pages the sample reads, in percent. */
const PAIR_SAMPLE_PERCENT = 0.2;

/**
 * Keys (at most `limit`) of the fields containing a two-character query (lower case): any trigram starting with it.
 * SQLite: the vocabulary's trigrams starting with it, matched lazily by FTS5. PostgreSQL: the table read in order when
 * the pair is common (above), else the index (termsStartingWith). `samplePercent`: the sample's share of the pages.
 */
export async function pairKeys(
  db: Q,
  index: SearchIndex,
  pair: string,
  scope: SearchScope,
  limit: number,
  samplePercent = PAIR_SAMPLE_PERCENT,
): Promise<number[]> {
  const everyRow = scope.contractor_id === undefined && scope.homeowner_user_id === undefined;
  if (isPostgres(db) && everyRow && Array.from(pair).length === 2 && pair === pair.toLowerCase() && limit > 0) {
    const table = sql.table(TABLES[index]);
    const holds = pgLike(sql.ref('s.text'), `%${escapeLike(pair)}%`);
    const sample = await sql<{
      hits: number;
      n: number;
    }>`select count(*) filter (where ${holds}) as hits, count(*) as n from ${table} s tablesample system (${samplePercent}) repeatable (0)`.execute(
      db,
    );
    const hits = Number(sample.rows[0]?.hits ?? 0);
    const n = Number(sample.rows[0]?.n ?? 0);
    if (hits >= PAIR_SAMPLE_HITS && (limit * n) / hits <= PAIR_SCAN_ROWS) {
      const r = await sql<{ key: number }>`select s.key from ${table} s where ${holds} limit ${limit}`.execute(db);
      return r.rows.map((row) => Number(row.key));
    }
  }
  return matchingKeys(db, index, await termsStartingWith(db, index, pair), scope, limit, true);
}
