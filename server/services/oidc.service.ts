/**
 * Single sign-on through the configured OpenID Connect provider. Starting keeps the state, nonce and PKCE
 * verifier server-side for ten minutes; the callback spends them once, lets the adapter exchange the code
 * and validate the id token, and matches the portal account by verified email only (no account is
 * created). Success hands the browser a one-time login token (the login page turns it into a session);
 * any failure sends it to the login page with a code the page puts in words: never an email in the URL,
 * never a stack trace.
 */

import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { OidcError } from '../adapters/oidc.ts';
import { hashToken, mintLoginToken } from './auth.service.ts';
import { insertOidcLogin, spendOidcLogin } from '../db/oidc.db.ts';
import { findUserByEmail } from '../db/users.db.ts';
import type { SsoError } from '../../engine/api/auth.ts';

/** How long a sign-in started at the provider may take. */
const START_MINUTES = 10;
/** The login token handed to the browser: the login page spends it at once. */
const TOKEN_HOURS = 10 / 60;

/** The callback's address, as registered at the provider. */
export const callbackUrl = (deps: Deps) => `${deps.config.public_url}/api/auth/oidc/callback`;

/**
 * A path of this site to land on after sign-in, else '/': nothing that leaves the origin (`//host`,
 * `/\host`, a scheme, control characters), the rule the web app's safeReturnPath applies too.
 */
export function samePath(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '/';
  if ([...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  return v;
}

function adapter(deps: Deps) {
  const oidc = deps.adapters.oidc;
  if (!oidc)
    throw new ApiError(
      503,
      'Single sign-on is not configured (set OIDC_ISSUER and OIDC_CLIENT_ID)',
      undefined,
      'not_configured',
    );
  return oidc;
}

/**
 * Starts a sign-in: keeps what the callback checks and answers the provider's authorization URL (or,
 * when the provider cannot be reached, the login page with sso_error=failed: the browser is navigating).
 */
export async function startSso(deps: Deps, redirect: unknown): Promise<string> {
  const oidc = adapter(deps);
  let started;
  try {
    started = await oidc.start(callbackUrl(deps));
  } catch (e) {
    deps.log({
      level: 'error',
      msg: 'single sign-on could not start',
      error: String(e),
      cause: String((e as Error).cause ?? ''),
    });
    return `/login?sso_error=${'failed' satisfies SsoError}`;
  }
  const now = deps.now();
  await insertOidcLogin(deps.db, {
    state_hash: hashToken(started.state),
    nonce: started.nonce,
    code_verifier: started.code_verifier,
    redirect_path: samePath(redirect),
    expires_at: new Date(now.getTime() + START_MINUTES * 60_000).toISOString(),
    created_at: now.toISOString(),
  });
  return started.url;
}

/** Where the browser goes after the provider's answer (`query` and `querystring` as the callback got them). */
export async function finishSso(deps: Deps, query: Record<string, unknown>, querystring: string): Promise<string> {
  const oidc = adapter(deps);
  const failed = (code: SsoError, detail: string, error?: unknown) => {
    deps.log({
      level: code === 'failed' ? 'error' : 'info',
      msg: 'single sign-on refused',
      code,
      detail,
      ...(error ? { error: String(error), cause: String((error as Error).cause ?? '') } : {}),
    });
    return `/login?sso_error=${code}`;
  };
  const state = typeof query.state === 'string' ? query.state : '';
  const started = state ? await spendOidcLogin(deps.db, hashToken(state)) : undefined;
  if (!started) return failed('expired', 'unknown or spent state');
  if (started.expires_at <= deps.now().toISOString())
    return failed('expired', 'the sign-in took longer than ten minutes');
  let who;
  try {
    who = await oidc.finish(new URL(`${callbackUrl(deps)}?${querystring}`), {
      state,
      nonce: started.nonce,
      code_verifier: started.code_verifier,
    });
  } catch (e) {
    if (e instanceof OidcError) return failed(e.code, e.message, e.cause ?? e);
    return failed('failed', 'unexpected error', e);
  }
  if (!who.email || !who.email_verified) return failed('unverified_email', `subject ${who.subject}: no verified email`);
  const user = await findUserByEmail(deps.db, who.email);
  if (!user) return failed('no_account', `subject ${who.subject}: no portal account has the email`);
  const token = await mintLoginToken(deps, user.id, TOKEN_HOURS);
  deps.log({ level: 'info', msg: 'single sign-on', user_id: user.id, subject: who.subject });
  return `/login?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(started.redirect_path)}`;
}
