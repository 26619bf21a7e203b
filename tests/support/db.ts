/**
 * Raw SQL for tests that set up or inspect rows the API has no call for, on either backend: `?`
 * placeholders become bound values of the store's dialect (Kysely's sql template). Statements are the
 * test's own fixed text; every value is bound.
 */

import { sql, type RawBuilder } from 'kysely';
import type { Deps } from '../../server/context.ts';

function statement(text: string, params: unknown[]): RawBuilder<unknown> {
  const parts = text.split('?');
  if (parts.length - 1 !== params.length)
    throw new Error(`${parts.length - 1} placeholders, ${params.length} values: ${text}`);
  let out: RawBuilder<unknown> = sql.raw(parts[0]);
  parts.slice(1).forEach((p, i) => {
    out = sql`${out}${params[i]}${sql.raw(p)}`;
  });
  return out;
}

type On = Pick<Deps, 'db'>;

/** Runs a statement. */
export async function dbRun(deps: On, text: string, ...params: unknown[]): Promise<void> {
  await statement(text, params).execute(deps.db);
}

/** Every row of a query. */
export async function dbAll<T = Record<string, unknown>>(deps: On, text: string, ...params: unknown[]): Promise<T[]> {
  return (await statement(text, params).execute(deps.db)).rows as T[];
}

/** The first row of a query, if any. */
export async function dbGet<T = Record<string, unknown>>(
  deps: On,
  text: string,
  ...params: unknown[]
): Promise<T | undefined> {
  return (await dbAll<T>(deps, text, ...params))[0];
}

/** The first column of the first row, if any. */
export async function dbValue<T = unknown>(deps: On, text: string, ...params: unknown[]): Promise<T | undefined> {
  const row = await dbGet(deps, text, ...params);
  return row === undefined ? undefined : (Object.values(row)[0] as T);
}

/** The first column of every row. */
export async function dbValues<T = unknown>(deps: On, text: string, ...params: unknown[]): Promise<T[]> {
  return (await dbAll(deps, text, ...params)).map((r) => Object.values(r)[0] as T);
}
