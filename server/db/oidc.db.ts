/** Single sign-ons in progress (migration 017): kept when one starts, spent once by its callback. */

import type { Q } from './portable.ts';

/** A sign-in in progress, as its callback needs it. */
export interface OidcLoginRow {
  nonce: string;
  code_verifier: string;
  redirect_path: string;
  expires_at: string;
}

/** Keeps a new sign-in, and drops those that expired (nobody can finish them). */
export async function insertOidcLogin(
  db: Q,
  l: OidcLoginRow & { state_hash: string; created_at: string },
): Promise<void> {
  await db.deleteFrom('oidc_logins').where('expires_at', '<=', l.created_at).execute();
  await db.insertInto('oidc_logins').values(l).execute();
}

/** Spends a sign-in: deletes it and returns it, once; undefined for an unknown (or already spent) state. */
export async function spendOidcLogin(db: Q, state_hash: string): Promise<OidcLoginRow | undefined> {
  return await db
    .deleteFrom('oidc_logins')
    .where('state_hash', '=', state_hash)
    .returning(['nonce', 'code_verifier', 'redirect_path', 'expires_at'])
    .executeTakeFirst();
}
