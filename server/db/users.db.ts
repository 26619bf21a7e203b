/** Users, tokens and failed sign-ins. */

import { stmt, type Db } from './connection.ts';
import type { AuthUser, Role } from '../context.ts';

/** A user row with its password hash. */
export interface UserRow extends AuthUser {
  password_hash: string | null;
}

const USER_COLUMNS = 'id, email, name, role, contractor_id, password_hash';

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`).get(email) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
}

export function insertUser(db: Db, u: { email: string; name: string; role: Role; contractor_id?: number | null; password_hash?: string | null; created_at: string }): number {
  return Number(
    db.prepare('INSERT INTO users (email, name, role, contractor_id, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(u.email, u.name, u.role, u.contractor_id ?? null, u.password_hash ?? null, u.created_at).lastInsertRowid,
  );
}

export function setPasswordHash(db: Db, userId: number, hash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}

/** Users of a role (ops owners, contractor staff), for filters. */
export function listUsers(db: Db, filter: { role?: Role; contractor_id?: number }): AuthUser[] {
  return db
    .prepare(`SELECT id, email, name, role, contractor_id FROM users WHERE (@role IS NULL OR role = @role) AND (@contractor_id IS NULL OR contractor_id = @contractor_id) ORDER BY name`)
    .all({ role: filter.role ?? null, contractor_id: filter.contractor_id ?? null }) as AuthUser[];
}

export function insertToken(db: Db, t: { token_hash: string; user_id: number; kind: 'session' | 'login' | 'reset'; expires_at: string; created_at: string }): void {
  db.prepare('INSERT INTO tokens (token_hash, user_id, kind, expires_at, created_at) VALUES (@token_hash, @user_id, @kind, @expires_at, @created_at)').run(t);
}

/** The user of a live token of the kind (not expired, not used). */
export function userOfToken(db: Db, token_hash: string, kind: string, now: string): UserRow | undefined {
  return stmt(db, `SELECT u.id, u.email, u.name, u.role, u.contractor_id, u.password_hash FROM tokens t JOIN users u ON u.id = t.user_id
              WHERE t.token_hash = ? AND t.kind = ? AND t.used_at IS NULL AND t.expires_at > ?`)
    .get(token_hash, kind, now) as UserRow | undefined;
}

/** Marks a token used (sign-out revokes a session; a one-time token is spent). Returns whether it was live. */
export function spendToken(db: Db, token_hash: string, now: string): boolean {
  return db.prepare('UPDATE tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').run(now, token_hash).changes > 0;
}

/** Ends every live token of a user (sessions, sign-in and reset links); returns how many. */
export function spendTokensOfUser(db: Db, userId: number, now: string): number {
  return db.prepare('UPDATE tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId).changes;
}

export function recordLoginFailure(db: Db, keys: string[], at: string): void {
  const stmt = db.prepare('INSERT INTO login_failures (key, at) VALUES (?, ?)');
  for (const k of keys) stmt.run(k, at);
}

export function countLoginFailures(db: Db, key: string, since: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM login_failures WHERE key = ? AND at > ?').get(key, since) as { n: number }).n;
}

export function clearLoginFailures(db: Db, key: string): void {
  db.prepare('DELETE FROM login_failures WHERE key = ?').run(key);
}
