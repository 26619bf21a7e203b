/**
 * A real OpenID Connect provider for tests (oidc-provider) on 127.0.0.1 and an ephemeral port: one
 * confidential client whose redirect URI is the portal's callback, PKCE required, accounts given by the
 * test (email, email_verified). Its sign-in page is a tiny HTML form (an email and "Sign in", or
 * "Cancel"); posting it finishes the login and grants consent to openid email profile at once, so a
 * browser, or a fetch client that follows redirects and keeps cookies, goes straight back to the portal.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Account } from 'oidc-provider';

/** An account at the provider. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  client_id: string;
  client_secret: string;
  close: () => Promise<void>;
}

export const TEST_CLIENT_ID = 'rebate-portal';

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>${message ? `<p role="alert">${html(message)}</p>` : ''}
<form method="post" action="/interaction/${html(uid)}">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="username">
<button type="submit" name="action" value="sign-in">Sign in</button> <button type="submit" name="action" value="cancel">Cancel</button>
</form></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider. `redirect_uri` is read when the first request arrives (the portal's address may
 * be known only after the provider's); `email_in_id_token: false` leaves the email to userinfo alone.
 */
export async function startOidcProvider(o: {
  accounts: ProviderAccount[];
  redirect_uri: () => string;
  email_in_id_token?: boolean;
}): Promise<TestProvider> {
  const client_secret = randomBytes(24).toString('base64url');
  const accounts = new Map(o.accounts.map((a, i) => [`account-${i + 1}`, a]));
  const idOf = (email: string) =>
    [...accounts].find(([, a]) => a.email.toLowerCase() === email.trim().toLowerCase())?.[0];
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  let provider: Provider | undefined;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    void serve(req, res).catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = (): Provider => {
    const p = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_CLIENT_ID,
          client_secret,
          redirect_uris: [o.redirect_uri()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
      features: { devInteractions: { enabled: false } },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: o.email_in_id_token === false,
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, id: string): Account | undefined => {
        const a = accounts.get(id);
        return (
          a && {
            accountId: id,
            claims: () => ({ sub: id, email: a.email, email_verified: a.email_verified, name: a.email.split('@')[0] }),
          }
        );
      },
    });
    return p;
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    provider ??= build();
    handler ??= provider.callback();
    const uid = /^\/interaction\/([\w-]+)$/.exec(new URL(req.url ?? '/', issuer).pathname)?.[1];
    if (!uid) return handler(req, res);
    const details = await provider.interactionDetails(req, res);
    const send = (body: string, status = 200) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (req.method === 'GET') return send(page(details.uid));
    const form = await formOf(req);
    if (form.get('action') === 'cancel') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
    }
    const accountId = idOf(form.get('email') ?? '');
    if (!accountId) return send(page(details.uid, 'No account here has that email.'), 400);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    client_id: TEST_CLIENT_ID,
    client_secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
