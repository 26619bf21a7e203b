/**
 * Keyset paging of the jobs list (issue 47): a cursor names a row of a list by its sort keys (the work rank when the
 * list starts with a role's work, the sort's columns, the job id), so the next or previous page is found by seeking the
 * sort's index to it, not by counting past every row before it (page 20,000 of a million jobs skipped 500,000 index
 * entries). A cursor is opaque to clients: base64url of JSON, checked when read back (a cursor of another sort, or
 * anything else, is refused, never half-used). Its values are bound as parameters like every other value.
 */

import type { ActionOwnerRole } from '../../engine/constants.ts';

/** What a cursor holds: the list's sort, whose work came first, and the row's keys in sort order (id last). */
export interface ListCursor {
  sort_by: string;
  sort_direction: 'asc' | 'desc';
  work_first: ActionOwnerRole | null;
  keys: (string | number)[];
}

/** Where a page starts: after (the next page) or before (the previous page) the row a cursor names. */
export interface Seek {
  side: 'after' | 'before';
  keys: (string | number)[];
}

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.sort_by, c.sort_direction, c.work_first, ...c.keys])).toString('base64url');
}

/** The cursor a string holds, or undefined when it holds none (not base64url JSON of the right shape). */
export function decodeCursor(text: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(text)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(v) || v.length < 4 || v.length > 8) return undefined;
  const [sort_by, sort_direction, work_first, ...keys] = v as unknown[];
  if (typeof sort_by !== 'string' || (sort_direction !== 'asc' && sort_direction !== 'desc')) return undefined;
  if (work_first !== null && typeof work_first !== 'string') return undefined;
  const ok = (k: unknown) =>
    (typeof k === 'string' && k.length <= 500) || (typeof k === 'number' && Number.isSafeInteger(k));
  if (!keys.every(ok) || typeof keys.at(-1) !== 'number') return undefined;
  return {
    sort_by,
    sort_direction,
    work_first: work_first as ActionOwnerRole | null,
    keys: keys as (string | number)[],
  };
}
