/**
 * The search indexes of migration 004: one FTS5 trigram row per searchable field, keyed
 * `owner id * 8 + field number`, text wrapped in FIELD_START ... FIELD_END. These queries only find
 * candidate keys; ranking is the service's (fuse.js with the engine's search config).
 */

import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.ts';

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

/** A search index. */
export type SearchIndex = keyof typeof SEARCH_FIELDS;

/** Whose rows a search may return: everyone's, a company's jobs, a homeowner's jobs, or one contractor. */
export interface SearchScope {
  contractor_id?: number;
  homeowner_user_id?: number;
}

const TABLES = { jobs: 'jobs_search', contractors: 'contractors_search' } as const;
const VOCAB = { jobs: 'jobs_search_terms', contractors: 'contractors_search_terms' } as const;

/** The scope as SQL over the owner id `(rowid >> 3)`; the statement text is fixed per scope kind. */
function scopeSql(index: SearchIndex, scope: SearchScope): { sql: string; value?: number } {
  if (index === 'contractors') return scope.contractor_id === undefined ? { sql: '' } : { sql: 'AND (rowid >> 3) = @scope', value: scope.contractor_id };
  if (scope.contractor_id !== undefined) return { sql: 'AND (rowid >> 3) IN (SELECT id FROM jobs WHERE contractor_id = @scope)', value: scope.contractor_id };
  if (scope.homeowner_user_id !== undefined) return { sql: 'AND (rowid >> 3) IN (SELECT id FROM jobs WHERE homeowner_user_id = @scope)', value: scope.homeowner_user_id };
  return { sql: '' };
}

const cache = new WeakMap<Db, Map<string, Statement>>();
function prepared(db: Db, sql: string): Statement {
  let byText = cache.get(db);
  if (!byText) cache.set(db, (byText = new Map()));
  let st = byText.get(sql);
  if (!st) byText.set(sql, (st = db.prepare(sql)));
  return st;
}

/** An FTS5 string literal. */
const literal = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Keys (in key order, at most `limit`) of the fields containing every one of `terms` (trigrams), or any
 * of them with `any`. With the trigram tokenizer a term of three characters is exactly one trigram.
 */
export function matchingKeys(db: Db, index: SearchIndex, terms: string[], scope: SearchScope, limit: number, any = false): number[] {
  if (!terms.length) return [];
  const s = scopeSql(index, scope);
  const st = prepared(db, `SELECT rowid FROM ${TABLES[index]} WHERE ${TABLES[index]} MATCH @match ${s.sql} LIMIT @limit`);
  const params: Record<string, unknown> = { match: terms.map(literal).join(any ? ' OR ' : ' AND '), limit };
  if (s.value !== undefined) params.scope = s.value;
  return st.pluck().all(params) as number[];
}

/** Indexed trigrams that start with `prefix` (two characters): a two-letter query is any of them. */
export function termsStartingWith(db: Db, index: SearchIndex, prefix: string, limit = 200): string[] {
  const chars = Array.from(prefix);
  const end = chars.slice(0, -1).join('') + String.fromCodePoint(chars[chars.length - 1].codePointAt(0)! + 1);
  return prepared(db, `SELECT term FROM ${VOCAB[index]} WHERE term >= @prefix AND term < @end LIMIT @limit`).pluck().all({ prefix, end, limit }) as string[];
}

/** Ids of every row of a scope in id order, or null when it holds more than `max` (then the index narrows). */
export function idsInScope(db: Db, index: SearchIndex, scope: SearchScope, max: number): number[] | null {
  let ids: number[];
  if (index === 'contractors') {
    ids = prepared(db, 'SELECT id FROM contractors WHERE deleted_at IS NULL AND (@c IS NULL OR id = @c) ORDER BY id LIMIT @n').pluck().all({ c: scope.contractor_id ?? null, n: max + 1 }) as number[];
  } else if (scope.contractor_id !== undefined) {
    ids = prepared(db, 'SELECT id FROM jobs WHERE contractor_id = ? ORDER BY id LIMIT ?').pluck().all(scope.contractor_id, max + 1) as number[];
  } else if (scope.homeowner_user_id !== undefined) {
    ids = prepared(db, 'SELECT id FROM jobs WHERE homeowner_user_id = ? ORDER BY id LIMIT ?').pluck().all(scope.homeowner_user_id, max + 1) as number[];
  } else {
    ids = prepared(db, 'SELECT id FROM jobs ORDER BY id LIMIT ?').pluck().all(max + 1) as number[];
  }
  return ids.length > max ? null : ids;
}

/** The searchable text of a job, as fuse.js reads it. */
export interface JobSearchText {
  id: number;
  full_name: string;
  address: string;
  city: string | null;
  contractor: string | null;
  code: string;
  external_id: string | null;
}

/** A job as a search result shows it. */
export interface JobSearchRow extends JobSearchText {
  is_canceled: number;
  stage: number;
  program_id: string;
  eligibility: string;
}

/** A contractor as search reads and shows it. */
export interface ContractorSearchRow {
  id: number;
  name: string;
  primary_contact: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
}

/** The searchable text of jobs by id (any order). */
export function jobSearchTexts(db: Db, ids: number[]): JobSearchText[] {
  return prepared(db, `SELECT j.id, j.full_name, j.address, j.city, c.name AS contractor, j.code, j.external_id
    FROM jobs j LEFT JOIN contractors c ON c.id = j.contractor_id WHERE j.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as JobSearchText[];
}

/** Jobs as results, by id (any order). */
export function jobSearchRows(db: Db, ids: number[]): JobSearchRow[] {
  return prepared(db, `SELECT j.id, j.full_name, j.address, j.city, c.name AS contractor, j.code, j.external_id, j.is_canceled, j.stage, j.program_id, j.eligibility
    FROM jobs j LEFT JOIN contractors c ON c.id = j.contractor_id WHERE j.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as JobSearchRow[];
}

/** Contractors (not deleted) by id (any order). */
export function contractorSearchRows(db: Db, ids: number[]): ContractorSearchRow[] {
  return prepared(db, `SELECT id, name, primary_contact, address, city, phone, email FROM contractors
    WHERE deleted_at IS NULL AND id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as ContractorSearchRow[];
}
