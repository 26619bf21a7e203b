/**
 * The few expressions the two backends spell differently, in one place so the db modules keep one
 * code path: case-insensitive comparisons and LIKE (lower() on both sides, an explicit ESCAPE), text
 * ordering by bytes (SQLite's BINARY; PostgreSQL's "C" collation, whatever the database's default),
 * and pages.
 */

import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type OrderByModifiersCallbackExpression,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { DB } from './schema.ts';

/** The largest id (and whole number) a column holds: PostgreSQL's integer; SQLite has no row past it either. */
export const MAX_ID = 2_147_483_647;

/** Whether a path segment is an id a row can have. */
export const isId = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID;

/** A query target: the store's Kysely or a transaction of it. */
export type Q = Kysely<DB>;

const dialects = new WeakMap<object, boolean>();

/**
 * Whether a Kysely (or a transaction) speaks PostgreSQL: its compiler numbers parameters ($1), SQLite's
 * writes `?`. Public API only (a compile, no round trip), remembered per object.
 */
export function isPostgres(db: Q): boolean {
  let pg = dialects.get(db);
  if (pg === undefined) dialects.set(db, (pg = sql`${0}`.compile(db).sql === '$1'));
  return pg;
}

/** A bound value as text: `lower($1)` alone is ambiguous to PostgreSQL (lower(text) or lower(anyrange)). */
export const text = (v: string): RawBuilder<string> => sql<string>`cast(${v} as text)`;

/** lower(expr) = lower(value): ASCII case folded on SQLite (as COLLATE NOCASE), Unicode on PostgreSQL. */
export function equalsCaseless(col: Expression<unknown>, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${col}) = lower(${text(value)})`;
}

/** A LIKE pattern matching `q` anywhere, its wildcards and the escape character escaped. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * lower(expr) LIKE lower(pattern) ESCAPE '\': case-insensitive on both (SQLite's LIKE already is for
 * ASCII, PostgreSQL's is not), the pattern bound.
 */
export function likeCaseless(col: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${col}) like lower(${text(pattern)}) escape '\\'`;
}

/** Any of several columns contains `q` (case-insensitive). */
export function anyContains<T extends keyof DB>(eb: ExpressionBuilder<DB, T>, cols: Expression<unknown>[], q: string) {
  const p = containsPattern(q);
  return eb.or(cols.map((c) => likeCaseless(c, p)));
}

/** Text ordered by its bytes on both backends (SQLite's BINARY; PostgreSQL's database collation may not be). */
export function byBytes(db: Q, dir: 'asc' | 'desc' = 'asc'): OrderByModifiersCallbackExpression {
  return isPostgres(db)
    ? (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).collate('C')
    : (ob) => (dir === 'asc' ? ob.asc() : ob.desc());
}

/** Limit and offset of a 1-based page. */
export const pageOf = (page: { page_number: number; per_page: number }) => ({
  limit: page.per_page,
  offset: (page.page_number - 1) * page.per_page,
});

/**
 * Whether a JSON array held as text has a string element: SQLite's json_each, PostgreSQL's jsonb
 * containment (the builder has no JSON-array membership that both speak).
 */
export function jsonArrayHas(db: Q, col: Expression<unknown>, value: string): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`cast(${col} as jsonb) @> jsonb_build_array(${text(value)})`
    : sql<SqlBool>`exists (select 1 from json_each(${col}) where value = ${value})`;
}

/** Runs statements that belong together in one transaction: the caller's, or one of their own. */
export function atomic<T>(db: Q, fn: (trx: Q) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * A write refused by a unique index: PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY). Two
 * requests racing to create the same row meet here; the loser can read the winner's row in a transaction of its own.
 */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
