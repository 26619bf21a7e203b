/** The table of single sign-ons in progress (migration 017): server/db/oidc.db.ts. */

/** A sign-in started at the OpenID Connect provider, until its callback spends it. */
export interface OidcLoginsTable {
  /** sha256 of the state sent to the provider. */
  state_hash: string;
  nonce: string;
  code_verifier: string;
  /** The portal path to land on after sign-in (a path of this site). */
  redirect_path: string;
  expires_at: string;
  created_at: string;
}
