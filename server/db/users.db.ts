/** Users, tokens and failed sign-ins. */

import { sql, type CompiledQuery } from 'kysely';
import type { AuthUser, Role } from '../context.ts';
import { byBytes, equalsCaseless, type Q } from './portable.ts';

/** A user row with its password hash. */
export interface UserRow extends AuthUser {
  password_hash: string | null;
}

const USER_COLUMNS = ['id', 'email', 'name', 'role', 'contractor_id', 'password_hash'] as const;

/** The user of an email, whatever its case (SQLite: COLLATE NOCASE; PostgreSQL: unique on lower(email)). */
export async function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return (await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(equalsCaseless(sql.ref('email'), email))
    .executeTakeFirst()) as UserRow | undefined;
}

export async function findUserById(db: Q, id: number): Promise<UserRow | undefined> {
  return (await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()) as
    UserRow | undefined;
}

export async function insertUser(
  db: Q,
  u: {
    email: string;
    name: string;
    role: Role;
    contractor_id?: number | null;
    password_hash?: string | null;
    created_at: string;
  },
): Promise<number> {
  const r = await db
    .insertInto('users')
    .values({
      email: u.email,
      name: u.name,
      role: u.role,
      contractor_id: u.contractor_id ?? null,
      password_hash: u.password_hash ?? null,
      created_at: u.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setPasswordHash(db: Q, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** Users of a role (ops owners, contractor staff), for filters; by name (bytes), then id. */
export async function listUsers(db: Q, filter: { role?: Role; contractor_id?: number }): Promise<AuthUser[]> {
  let q = db.selectFrom('users').select(['id', 'email', 'name', 'role', 'contractor_id']);
  if (filter.role !== undefined) q = q.where('role', '=', filter.role);
  if (filter.contractor_id !== undefined) q = q.where('contractor_id', '=', filter.contractor_id);
  return (await q.orderBy('name', byBytes(db)).orderBy('id').execute()) as AuthUser[];
}

export async function insertToken(
  db: Q,
  t: {
    token_hash: string;
    user_id: number;
    kind: 'session' | 'login' | 'reset';
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      token_hash: t.token_hash,
      user_id: t.user_id,
      kind: t.kind,
      expires_at: t.expires_at,
      created_at: t.created_at,
    })
    .execute();
}

/** Stand-ins for a token lookup's values, each found again among the compiled query's parameters. */
const TOKEN_VALUES = ['\u0000token_hash', '\u0000kind', '\u0000now'] as const;
/** The token lookup of a store, built and compiled once, and where each value goes among its parameters. */
const tokenQueries = new WeakMap<Q, { query: CompiledQuery<UserRow>; at: number[] }>();
function tokenQuery(db: Q) {
  let q = tokenQueries.get(db);
  if (!q) {
    const [hash, kind, now] = TOKEN_VALUES;
    const query = db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.contractor_id', 'u.password_hash'])
      .where('t.token_hash', '=', hash)
      .where('t.kind', '=', kind as 'session')
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', now)
      .compile() as CompiledQuery<UserRow>;
    q = { query, at: query.parameters.map((p) => TOKEN_VALUES.indexOf(p as (typeof TOKEN_VALUES)[number])) };
    tokenQueries.set(db, q);
  }
  return q;
}

/**
 * The user of a live token of the kind (not expired, not used). The query is compiled once per store and given this
 * call's values: building and compiling it took most of a lookup's 35 µs on SQLite, where every request looks its
 * token up (21 µs now).
 */
export async function userOfToken(db: Q, token_hash: string, kind: string, now: string): Promise<UserRow | undefined> {
  const { query, at } = tokenQuery(db);
  const values = [token_hash, kind, now];
  const r = await db.executeQuery({ ...query, parameters: at.map((i) => values[i]) });
  return r.rows[0] as UserRow | undefined;
}

/** Marks a token used (sign-out revokes a session; a one-time token is spent). Returns whether it was live. */
export async function spendToken(db: Q, token_hash: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('token_hash', '=', token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Ends every live token of a user (sessions, sign-in and reset links); returns how many. */
export async function spendTokensOfUser(db: Q, userId: number, now: string): Promise<number> {
  const r = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function recordLoginFailure(db: Q, keys: string[], at: string): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();
}

export async function countLoginFailures(db: Q, key: string, since: string): Promise<number> {
  const r = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function clearLoginFailures(db: Q, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Whether any user exists (a database with none is new: the demo may seed it). */
export async function hasUsers(db: Q): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}
