/**
 * Sign-in: email + password (scrypt), opaque bearer tokens stored as hashes with an expiry, one-time
 * login links minted by ops, password reset by mail, the automated-testing sign-in, rate limiting.
 */

import type { Session } from '../../engine/api/auth.ts';
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { ApiError, badRequest, unauthorized } from '../errors.ts';
import * as users from '../db/users.db.ts';
import { renderMail } from '../mail/templates.ts';

/** The spec's sign-in messages (sect. 8). */
export const AUTH_MESSAGES = {
  invalid: 'Invalid email or password',
  missing_playwright_token: 'Missing Playwright auth token',
  playwright_error: 'Error signing in for automated testing',
  too_many: 'Too many failed sign-in attempts. Please try again later.',
  link_invalid: 'This sign-in link is invalid or has expired.',
} as const;

const SESSION_HOURS = 12;
const LINK_HOURS = 72;
const RESET_HOURS = 1;
/** Failed sign-ins allowed per email within the window. */
export const LOGIN_FAILURE_LIMIT = 5;
/** Failed sign-ins allowed per client address (an office shares one) within the window. */
export const ADDRESS_FAILURE_LIMIT = 20;
const FAILURE_WINDOW_MIN = 15;

/** scrypt hash with a random salt: `scrypt$salt$hash`. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

function verifyPassword(password: string, stored: string | null): boolean {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) {
    scryptSync(password, 'no-user', 32); // same work whether or not the user exists
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** sha256 of a token: what the database keeps. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const plus = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000).toISOString();

async function mint(deps: Deps, userId: number, kind: 'session' | 'login' | 'reset', hours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await users.insertToken(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    kind,
    expires_at: plus(now, hours),
    created_at: now.toISOString(),
  });
  return token;
}

const publicUser = (u: users.UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  contractor_id: u.contractor_id,
});

/** A signed-in session. */
/** A new session: the answer contract's type (engine/api/auth.ts). */
export type { Session } from '../../engine/api/auth.ts';

/** Opens a session for a user the caller has authenticated (a password, a one-time link, an invitation). */
export async function openSession(deps: Deps, u: users.UserRow): Promise<Session> {
  const token = await mint(deps, u.id, 'session', SESSION_HOURS);
  return { token, user: publicUser(u), expires_at: plus(deps.now(), SESSION_HOURS) };
}

/** Email + password sign-in, rate-limited per email and per client address. */
export async function signIn(deps: Deps, email: unknown, password: unknown, address: string): Promise<Session> {
  if (typeof email !== 'string' || typeof password !== 'string' || !email || !password)
    throw unauthorized(AUTH_MESSAGES.invalid, 'invalid_credentials');
  const keys = [`email:${email.toLowerCase()}`, `ip:${address}`];
  const since = new Date(deps.now().getTime() - FAILURE_WINDOW_MIN * 60_000).toISOString();
  if (
    (await users.countLoginFailures(deps.db, keys[0], since)) >= LOGIN_FAILURE_LIMIT ||
    (await users.countLoginFailures(deps.db, keys[1], since)) >= ADDRESS_FAILURE_LIMIT
  ) {
    throw new ApiError(429, AUTH_MESSAGES.too_many);
  }
  const u = await users.findUserByEmail(deps.db, email);
  if (!u || !verifyPassword(password, u.password_hash)) {
    await users.recordLoginFailure(deps.db, keys, deps.now().toISOString());
    throw unauthorized(AUTH_MESSAGES.invalid, 'invalid_credentials');
  }
  await users.clearLoginFailures(deps.db, keys[0]);
  return openSession(deps, u);
}

/** The user of a bearer token, or undefined. */
export async function authenticate(deps: Deps, token: string): Promise<AuthUser | undefined> {
  // A session seen in the last few seconds is not looked up again: sign-out and a new password on any instance drop
  // it here as soon as their notice arrives (sessionCache).
  const cache = sessionCache(deps);
  const now = deps.now().getTime();
  if (cache?.othersWrote?.()) cache.entries.clear();
  const hit = cache?.entries.get(token);
  if (hit && hit.until > now) return hit.user;
  const hash = hashToken(token);
  const u = await users.userOfToken(deps.db, hash, 'session', new Date(now).toISOString());
  const user = u && publicUser(u);
  if (user && cache?.listening) {
    if (cache.entries.size >= 10_000) cache.entries.clear();
    if (deps.config.session_cache_ms > 0)
      cache.entries.set(token, { user, hash, until: now + deps.config.session_cache_ms });
  } else cache?.entries.delete(token);
  return user;
}

/** The channel on which instances tell each other a session ended (a token's hash, or `user:<id>` for all of one). */
const SESSIONS_CHANNEL = 'portal_sessions';

interface SessionCache {
  entries: Map<string, { user: AuthUser; hash: string; until: number }>;
  /** Notices arrive: entries may be kept (not while the listening connection is down or not yet up). */
  listening: boolean;
  /** SQLite: whether another connection to the file (another process) committed since the last call. */
  othersWrote?: () => boolean;
}
const sessionCaches = new WeakMap<object, SessionCache>();

/** Drops the cached sessions a notice names: one token's hash, or `user:<id>` for every session of a user. */
function drop(cache: SessionCache, payload: string) {
  const userId = payload.startsWith('user:') ? Number(payload.slice(5)) : undefined;
  for (const [token, hit] of cache.entries)
    if (hit.hash === payload || hit.user.id === userId) cache.entries.delete(token);
}

/**
 * The sessions this instance trusts for a few seconds without a query. PostgreSQL: other instances' sign-outs arrive by
 * LISTEN/NOTIFY. SQLite: this process's own sign-outs drop their entries at once, and a commit by any other connection
 * to the file (another process: an instance, the CLI) drops every entry, told by `PRAGMA data_version` (which moves
 * only for other connections' commits; reading it costs a microsecond, the lookup 16-50 µs under load, on the event
 * loop of every request).
 */
function sessionCache(deps: Deps): SessionCache | undefined {
  const store = deps.store;
  let c = sessionCaches.get(store);
  if (c) return c;
  if (store.listen) {
    const cache: SessionCache = { entries: new Map(), listening: false };
    sessionCaches.set(store, (c = cache));
    store.listen(SESSIONS_CHANNEL, (payload) => {
      if (payload === null || payload === '') {
        // Lost (notices may be missed) or listening again: start from nothing either way.
        cache.entries.clear();
        cache.listening = payload === '';
      } else drop(cache, payload);
    });
  } else if (store.sqlite) {
    const version = store.sqlite.prepare('PRAGMA data_version').pluck();
    let seen = version.get();
    const othersWrote = () => {
      const v = version.get();
      if (v === seen) return false;
      seen = v;
      return true;
    };
    sessionCaches.set(store, (c = { entries: new Map(), listening: true, othersWrote }));
  }
  return c;
}

/** Tells every instance (this one at once) that a session, or every session of a user, ended: sent at commit. */
async function sessionsEnded(deps: Deps, payload: string): Promise<void> {
  const cache = sessionCache(deps);
  if (!cache) return;
  drop(cache, payload);
  if (deps.store.listen) await sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`.execute(deps.db);
}

/** Sign-out: the token stops working, on every instance. */
export async function signOut(deps: Deps, token: string): Promise<void> {
  await users.spendToken(deps.db, hashToken(token), deps.now().toISOString());
  await sessionsEnded(deps, hashToken(token));
}

/** Ops mints a one-time sign-in link for a user (e.g. a homeowner). */
export async function mintLoginLink(
  deps: Deps,
  userId: number,
): Promise<{ token: string; url: string; expires_at: string }> {
  const u = await users.findUserById(deps.db, userId);
  if (!u) throw badRequest('Unknown user');
  const token = await mint(deps, u.id, 'login', LINK_HOURS);
  return { token, url: `${deps.config.public_url}/login?token=${token}`, expires_at: plus(deps.now(), LINK_HOURS) };
}

/**
 * A one-time sign-in token for a user, spent by POST /api/auth/token (the login page's ?token=): what a
 * minted link carries, and what single sign-on hands the browser once the provider vouched for the user.
 */
export async function mintLoginToken(deps: Deps, userId: number, hours = LINK_HOURS): Promise<string> {
  return await mint(deps, userId, 'login', hours);
}

/** Custom-token sign-in: spends a one-time token and opens a session. */
export async function signInWithToken(deps: Deps, token: unknown): Promise<Session> {
  if (typeof token !== 'string' || !token) throw unauthorized(AUTH_MESSAGES.link_invalid, 'link_invalid');
  const now = deps.now().toISOString();
  const u = await users.userOfToken(deps.db, hashToken(token), 'login', now);
  if (!u || !(await users.spendToken(deps.db, hashToken(token), now)))
    throw unauthorized(AUTH_MESSAGES.link_invalid, 'link_invalid');
  return openSession(deps, u);
}

/** Forgot password: mails a one-time reset link; answers the same whether or not the email exists. */
export async function requestPasswordReset(deps: Deps, email: unknown): Promise<void> {
  if (typeof email !== 'string') return;
  const u = await users.findUserByEmail(deps.db, email);
  if (!u) return;
  const token = await mint(deps, u.id, 'reset', RESET_HOURS);
  const mail = renderMail('password_reset', {
    valid_for: RESET_HOURS === 1 ? 'an hour' : `${RESET_HOURS} hours`,
    link: `${deps.config.public_url}/login?reset=${token}`,
  });
  await deps.adapters.mail.send({ to: u.email, ...mail });
}

/** Sets a new password with a reset token. */
export async function resetPassword(deps: Deps, token: unknown, password: unknown): Promise<void> {
  if (typeof password !== 'string' || password.length < 8)
    throw new ApiError(422, 'Please choose a password of at least 8 characters', {
      errors: [{ path: 'password', message: 'Please choose a password of at least 8 characters' }],
    });
  const now = deps.now().toISOString();
  const u = typeof token === 'string' ? await users.userOfToken(deps.db, hashToken(token), 'reset', now) : undefined;
  if (!u) throw badRequest(AUTH_MESSAGES.link_invalid, 'link_invalid');
  const hash = hashPassword(password);
  await inTransaction(deps, async (deps) => {
    if (!(await users.spendToken(deps.db, hashToken(token as string), now)))
      throw badRequest(AUTH_MESSAGES.link_invalid, 'link_invalid');
    await users.setPasswordHash(deps.db, u.id, hash);
    await endSessionsOf(deps, u.id, now);
  });
}

/**
 * A new password ends every session of the user, and every sign-in or reset link still out: whoever
 * knew the old password (or holds an old link) is signed out here and now, not in 5 seconds.
 */
export async function endSessionsOf(deps: Deps, userId: number, now: string): Promise<void> {
  await users.spendTokensOfUser(deps.db, userId, now);
  await sessionsEnded(deps, `user:${userId}`);
}

/** The automated-testing sign-in: only when a secret is configured, with the spec's errors otherwise. */
export async function signInForTesting(deps: Deps, secret: unknown, email: unknown): Promise<Session> {
  if (typeof secret !== 'string' || !secret) throw unauthorized(AUTH_MESSAGES.missing_playwright_token);
  const configured = deps.config.playwright_auth_secret;
  const ok =
    configured && secret.length === configured.length && timingSafeEqual(Buffer.from(secret), Buffer.from(configured));
  const u = ok && typeof email === 'string' ? await users.findUserByEmail(deps.db, email) : undefined;
  if (!u) throw unauthorized(AUTH_MESSAGES.playwright_error);
  return openSession(deps, u);
}
