/**
 * Search candidates on either backend: keys `owner id * 8 + field number` of the searchable fields that
 * hold the query's trigrams. These queries only find candidate keys; ranking is the service's (fuse.js
 * with the engine's search config; what a search reads by id is search-rows.db.ts).
 *
 * SQLite: the FTS5 trigram tables of migration 004 (one index row per field, text wrapped in
 * FIELD_START ... FIELD_END, case folded), queried through a MATCH expression bound as one value.
 *
 * PostgreSQL: the same layout (migration 009): tables jobs_search / contractors_search of (key, text), the
 * field folded to lower case (not wrapped), under one pg_trgm GIN index each (and one over the fields holding a space,
 * for
 * patterns holding one: pgLike). A term is a substring of
 * the wrapped field text, so each term is a `text LIKE pattern` (bound, wildcards escaped): `%abc%`
 * inside the field, `ab%` after FIELD_START (the field starts with it), `%ab` before FIELD_END. pg_trgm
 * answers such a LIKE from the index (the trigram `abc`, or the padded word trigrams `' ab'`/`'ab '` of an
 * anchored one) and rechecks it, so the keys are exactly the ones FTS5 finds (but for containingKeys and
 * wholeQueryKeys,
 * below, which ask PostgreSQL for the fields containing a text and FTS5 for those holding its trigrams). Under a limit
 * both return
 * the first matches in table order without sorting them (key order on SQLite; on PostgreSQL the order
 * rows were written, which is key order but for rows rewritten since): sorting every match of a
 * common trigram to keep the lowest keys cost more than all the rest of a search. The similarity
 * operators (`%`, `<%`) are not used: their threshold would answer a different question ("similar
 * enough") than FTS5's ("holds these trigrams"), and their recheck measured 30-85 ms a query; the
 * service's candidate scoring counts trigram hits itself.
 */

import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Q } from './portable.ts';

/** A search index. */
export type SearchIndex = keyof typeof SEARCH_FIELDS;

/** Whose rows a search may return: everyone's, a company's jobs, a homeowner's jobs, or one contractor. */
export interface SearchScope {
  contractor_id?: number;
  homeowner_user_id?: number;
}

/** Wraps each indexed field, so a field's start and end are trigram characters too. */
export const FIELD_START = '\u0002';
export const FIELD_END = '\u0003';
/** Keys are `id * KEY_SPAN + field number`. */
export const KEY_SPAN = 8;

/** Field numbers of each index, in key order (the migration's views define the same order). */
export const SEARCH_FIELDS = {
  jobs: ['full_name', 'address', 'city', 'contractor', 'code', 'external_id'],
  contractors: ['name', 'primary_contact', 'address', 'city', 'phone', 'email'],
} as const;

export const TABLES = { jobs: 'jobs_search', contractors: 'contractors_search' } as const;
export const VOCAB = { jobs: 'jobs_search_terms', contractors: 'contractors_search_terms' } as const;

/**
 * The terms as groups of trigrams: a group matches a field holding all of its trigrams. A term of three
 * characters is one trigram (the normal case: the MATCH expression is then exactly the terms, quoted,
 * joined by AND or OR). A longer term stands for all of its trigrams (FTS5 with detail=none has no
 * phrase queries: it would throw); a shorter one matches nothing, as in FTS5. Null: nothing can match.
 */
function trigramGroups(terms: string[], any: boolean): string[][] | null {
  const groups: string[][] = [];
  for (const term of terms) {
    const chars = Array.from(term);
    if (chars.length < 3) {
      if (any) continue;
      return null;
    }
    groups.push(Array.from({ length: chars.length - 2 }, (_, i) => chars.slice(i, i + 3).join('')));
  }
  if (!groups.length) return null;
  return any ? groups : [groups.flat()];
}

/** An FTS5 string literal. */
const literal = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** The FTS5 MATCH expression of the groups (bound as one value, never part of the statement text). */
function matchExpression(groups: string[][]): string {
  return groups.map((g) => (g.length === 1 ? literal(g[0]) : `(${g.map(literal).join(' AND ')})`)).join(' OR ');
}

/** Text as the literal body of a LIKE pattern over lower(col): lower case, its wildcards and backslashes escaped. */
export const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a trigram over lower(col): FIELD_START / FIELD_END anchor it, the rest is literal. */
function likePattern(trigram: string): string {
  let chars = Array.from(trigram);
  const start = chars[0] === FIELD_START;
  if (start) chars = chars.slice(1);
  const end = chars.length > 0 && chars[chars.length - 1] === FIELD_END;
  if (end) chars = chars.slice(0, -1);
  return `${start ? '' : '%'}${escapeLike(chars.join(''))}${end ? '' : '%'}`;
}

/** What PostgreSQL's partial indexes of migration 022 read a field's spaces as (the expression there, letter for
 * letter). */
const SPACE_MARK = '\u01c2';

/**
 * `col LIKE pattern` (PostgreSQL). A pattern holding a space is looked up in migration 022's index, which reads a
 * field's
 * spaces as SPACE_MARK (a letter to pg_trgm, so a trigram across a space is a key there, not a word break): the
 * fields holding a space whose marked text matches the marked pattern. A field holding the mark itself is rechecked
 * with
 * the plain LIKE, so the rows are exactly those of `col LIKE pattern` (translate maps character to character: a match
 * of the plain pattern is a match of the marked one, and without the mark in field and pattern the converse holds).
 * The recheck's OR keeps the planner off the plain index. A pattern holding the mark takes the plain LIKE.
 */
export function pgLike(col: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  if (!pattern.includes(' ') || pattern.includes(SPACE_MARK)) return sql<SqlBool>`${col} like ${pattern}`;
  return sql<SqlBool>`(strpos(${col}, ' ') > 0 and translate(${col}, ' ', ${sql.lit(SPACE_MARK)}) like ${pattern.replaceAll(' ', SPACE_MARK)} and (strpos(${col}, ${SPACE_MARK}) = 0 or ${col} like ${pattern}))`;
}

/**
 * A field holds the groups (PostgreSQL): LIKE with the default escape (backslash), which pg_trgm's
 * index support assumes. One-trigram groups (the normal case) are one `LIKE ANY` of a bound array: a
 * bitmap scan of the GIN index per element (the plain index: such groups are a two-character prefix's terms, whose
 * one with a space, 'ab ', is the word-end trigram the plain index holds); a group of its own goes through pgLike.
 */
function pgHolds(col: Expression<unknown>, groups: string[][]): RawBuilder<SqlBool> {
  const like = (t: string) => pgLike(col, likePattern(t));
  if (groups.length === 1) return sql<SqlBool>`(${sql.join(groups[0].map(like), sql` and `)})`;
  if (groups.every((g) => g.length === 1))
    return sql<SqlBool>`${col} like any (cast(${groups.map((g) => likePattern(g[0]))} as text[]))`;
  return sql<SqlBool>`(${sql.join(
    groups.map((g) => sql`(${sql.join(g.map(like), sql` and `)})`),
    sql` or `,
  )})`;
}

/**
 * A company's trigram in its jobs' search rows (SQLite, migration 046): char(4), then its id in two base-4096 digits
 * from U+E000. None past 4096 * 4096 - 1 (the migration writes none either).
 */
export function companyTrigram(id: number): string | undefined {
  if (!Number.isSafeInteger(id) || id < 0 || id >= 4096 * 4096) return undefined;
  return String.fromCodePoint(4, 0xe000 + (id >> 12), 0xe000 + (id & 4095));
}

/** The company trigram a lookup of the jobs index ANDs with its own (SQLite): a company's search. */
const scopeTrigram = (index: SearchIndex, scope: SearchScope) =>
  index === 'jobs' && scope.contractor_id !== undefined ? companyTrigram(scope.contractor_id) : undefined;

/**
 * The scope as SQL over the FTS5 owner id `(rowid >> 3)`; the statement text is fixed per scope kind. A company's
 * search (its trigram in the MATCH: the rows left are its jobs') still checks each row's job (any text could hold the
 * trigram's characters), one lookup by id per row; without the trigram, its jobs are read first.
 */
function sqliteScope(index: SearchIndex, scope: SearchScope): RawBuilder<unknown> {
  if (index === 'contractors')
    return scope.contractor_id === undefined ? sql`` : sql`and (rowid >> 3) = ${scope.contractor_id}`;
  if (scope.contractor_id !== undefined && scopeTrigram(index, scope))
    return sql`and exists (select 1 from jobs where jobs.id = (jobs_search.rowid >> 3) and jobs.contractor_id = ${scope.contractor_id})`;
  if (scope.contractor_id !== undefined)
    return sql`and (rowid >> 3) in (select id from jobs where contractor_id = ${scope.contractor_id})`;
  if (scope.homeowner_user_id !== undefined)
    return sql`and (rowid >> 3) in (select id from jobs where homeowner_user_id = ${scope.homeowner_user_id})`;
  return sql``;
}

/** The scope over the index key (PostgreSQL); the statement text is fixed per scope kind. */
function pgScope(index: SearchIndex, scope: SearchScope): RawBuilder<unknown> {
  if (index === 'contractors')
    return scope.contractor_id === undefined ? sql`` : sql`and s.key / ${sql.lit(KEY_SPAN)} = ${scope.contractor_id}`;
  if (scope.contractor_id !== undefined)
    return sql`and s.key / ${sql.lit(KEY_SPAN)} in (select id from jobs where contractor_id = ${scope.contractor_id})`;
  if (scope.homeowner_user_id !== undefined)
    return sql`and s.key / ${sql.lit(KEY_SPAN)} in (select id from jobs where homeowner_user_id = ${scope.homeowner_user_id})`;
  return sql``;
}

/**
 * Keys (in table order, at most `limit`) of the fields containing every one of `terms` (trigrams), or any
 * of them with `any`. With the trigram tokenizer a term of three characters is exactly one trigram.
 */
export async function matchingKeys(
  db: Q,
  index: SearchIndex,
  terms: string[],
  scope: SearchScope,
  limit: number,
  any = false,
): Promise<number[]> {
  const groups = trigramGroups(terms, any);
  if (!groups || limit <= 0) return [];
  const table = sql.table(TABLES[index]);
  if (isPostgres(db)) {
    const r = await sql<{
      key: number;
    }>`select key from ${table} s where ${pgHolds(sql.ref('s.text'), groups)} ${pgScope(index, scope)} limit ${limit}`.execute(
      db,
    );
    return r.rows.map((row) => Number(row.key));
  }
  const company = scopeTrigram(index, scope);
  const match = company ? `(${matchExpression(groups)}) AND ${literal(company)}` : matchExpression(groups);
  const r = await sql<{
    rowid: number;
  }>`select rowid from ${table} where ${table} match ${match} ${sqliteScope(index, scope)} limit ${limit}`.execute(db);
  return r.rows.map((row) => row.rowid);
}

/** Characters of a text whose trigrams pg_trgm narrows by (see pgContains). */
const LIKE_SPAN = 32;

/**
 * The field contains the text, or equals it (PostgreSQL). A `LIKE` of the text makes pg_trgm read the posting list
 * of every trigram in it (100 characters of common words: 8.4 ms, against 0.7 ms for eight of them), so the index
 * narrows by the first LIKE_SPAN characters only, and `strpos` (or equality) checks the whole text on the rows left.
 */
function pgContains(col: Expression<unknown>, text: string, equal: boolean): RawBuilder<SqlBool> {
  const folded = text.toLowerCase();
  const chars = Array.from(folded);
  const head = escapeLike(chars.slice(0, LIKE_SPAN).join(''));
  if (chars.length <= LIKE_SPAN) return pgLike(col, equal ? head : `%${head}%`);
  return equal
    ? sql<SqlBool>`(${pgLike(col, `${head}%`)} and ${col} = ${folded})`
    : sql<SqlBool>`(${pgLike(col, `%${head}%`)} and strpos(${col}, ${folded}) > 0)`;
}

/**
 * Keys (in table order, at most `limit`) of the fields containing `text` (lower case, three characters at
 * least), or with `equal` the fields equal to it: the lookups of a whole query or of half of one.
 *
 * SQLite: the fields holding `grams` (the text's trigrams, or a sample of them; FTS5 with detail=none has
 * no phrase queries), and with `equal` the text's first two characters after FIELD_START and its last two
 * before FIELD_END: the fields containing the text and a few holding its trigrams elsewhere.
 * PostgreSQL: one `LIKE` of the text itself (`%text%`, or `text` for an equal field; bound, wildcards
 * escaped; past LIKE_SPAN characters see pgContains): pg_trgm narrows the rows by every trigram of it and rechecks one
 * pattern per row, where the
 * trigrams' patterns one by one cost a recheck each (a common half such as 'heating & air' holds thousands
 * of rows: 21 ms for 5,000 rows against 8 ms), so the keys are exactly the fields containing the text.
 */
export async function containingKeys(
  db: Q,
  index: SearchIndex,
  text: string,
  grams: string[],
  scope: SearchScope,
  limit: number,
  equal = false,
): Promise<number[]> {
  if (Array.from(text).length < 3 || limit <= 0) return [];
  if (!isPostgres(db))
    return matchingKeys(
      db,
      index,
      equal ? [FIELD_START + text.slice(0, 2), text.slice(-2) + FIELD_END, ...grams] : grams,
      scope,
      limit,
    );
  const r = await sql<{
    key: number;
  }>`select key from ${sql.table(TABLES[index])} s where ${pgContains(sql.ref('s.text'), text, equal)} ${pgScope(index, scope)} limit ${limit}`.execute(
    db,
  );
  return r.rows.map((row) => Number(row.key));
}

/**
 * The lookups of a whole query: the keys of the fields containing it (at most `limit`, in table order) and,
 * among them, those equal to it. SQLite: containingKeys twice (a field equal to the text holds its trigrams
 * and its ends). PostgreSQL: one query, the containing fields each with whether it equals the text (a field
 * equal to the text contains it), so equal fields past the first `limit` containing ones are not looked for:
 * the limit keeps the first fields in table order, where fuse.js's ties go too.
 */
export async function wholeQueryKeys(
  db: Q,
  index: SearchIndex,
  text: string,
  grams: string[],
  scope: SearchScope,
  limit: number,
): Promise<{ containing: number[]; equal: number[] }> {
  if (!isPostgres(db) || Array.from(text).length < 3 || limit <= 0) {
    const [containing, equal] = await Promise.all([
      containingKeys(db, index, text, grams, scope, limit),
      containingKeys(db, index, text, grams, scope, limit, true),
    ]);
    return { containing, equal };
  }
  const folded = text.toLowerCase();
  const r = await sql<{
    key: number;
    equal: boolean;
  }>`select key, s.text = ${folded} as equal from ${sql.table(TABLES[index])} s where ${pgContains(sql.ref('s.text'), folded, false)} ${pgScope(index, scope)} limit ${limit}`.execute(
    db,
  );
  return {
    containing: r.rows.map((row) => Number(row.key)),
    equal: r.rows.filter((row) => row.equal).map((row) => Number(row.key)),
  };
}
