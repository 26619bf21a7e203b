/**
 * Single sign-on through any OpenID Connect provider (OIDC_ISSUER), by the authorization-code flow with
 * PKCE, on openid-client: it discovers the provider, builds the authorization URL, exchanges the code
 * and validates the id token (signature, issuer, audience, expiry, nonce), so none of that is ours.
 */

import * as client from 'openid-client';

/** What a new sign-in must keep until the provider sends the browser back (server-side, never in a cookie). */
export interface OidcStart {
  /** The provider's authorization URL to send the browser to. */
  url: string;
  state: string;
  nonce: string;
  code_verifier: string;
}

/** Who the provider says signed in: the id token's claims (or userinfo's, when the id token has no email). */
export interface OidcIdentity {
  email: string | undefined;
  email_verified: boolean;
  subject: string;
}

/** The provider refused or the exchange failed: `denied` when the user said no at the provider. */
export class OidcError extends Error {
  constructor(
    readonly code: 'denied' | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Sign-in at the configured provider. */
export interface OidcAdapter {
  start(redirect_uri: string): Promise<OidcStart>;
  /** Exchanges the code of the provider's answer (the callback URL as the browser called it) and validates the id
   * token. */
  finish(callback: URL, checks: Omit<OidcStart, 'url'>): Promise<OidcIdentity>;
}

/** The provider's settings (server/config.ts). */
export interface OidcSettings {
  issuer: string;
  client_id: string;
  client_secret?: string;
}

/** The settings from the configuration, when single sign-on is on (an issuer and a client id). */
export function oidcSettingsOf(c: {
  oidc_issuer?: string;
  oidc_client_id?: string;
  oidc_client_secret?: string;
}): OidcSettings | undefined {
  return c.oidc_issuer && c.oidc_client_id
    ? { issuer: c.oidc_issuer, client_id: c.oidc_client_id, client_secret: c.oidc_client_secret }
    : undefined;
}

const SCOPE = 'openid email profile';

/** Plain http only to a provider on this machine (a test or a local identity server), never over a network. */
const isLoopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/** A provider's email_verified: a boolean, or "true" from providers that send strings. */
const verified = (v: unknown) => v === true || v === 'true';

/** The adapter over openid-client; discovery on first use, cached, and tried again after a failure. */
export function openIdConnect(settings: OidcSettings): OidcAdapter {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        issuer,
        settings.client_id,
        undefined,
        settings.client_secret ? client.ClientSecretBasic(settings.client_secret) : client.None(),
        {
          ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((e: unknown) => {
        discovered = undefined;
        throw new OidcError('failed', `OpenID Connect discovery at ${issuer.href} failed`, { cause: e });
      });
    return discovered;
  };

  return {
    start: async (redirect_uri) => {
      const config = await configuration();
      const code_verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(code_verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, code_verifier };
    },
    finish: async (callback, checks) => {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.code_verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (e) {
        if (e instanceof client.AuthorizationResponseError)
          throw new OidcError(e.error === 'access_denied' ? 'denied' : 'failed', `the provider answered ${e.error}`, {
            cause: e,
          });
        throw new OidcError('failed', 'the code exchange or the id token check failed', { cause: e });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError('failed', 'the provider sent no id token');
      if (typeof claims.email === 'string')
        return { email: claims.email, email_verified: verified(claims.email_verified), subject: claims.sub };
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        return {
          email: typeof info.email === 'string' ? info.email : undefined,
          email_verified: verified(info.email_verified),
          subject: claims.sub,
        };
      } catch (e) {
        throw new OidcError('failed', 'the userinfo request failed', { cause: e });
      }
    },
  };
}
