/**
 * Single sign-on through the configured OpenID Connect provider: both calls are browser navigations that
 * answer redirects (the start to the provider, the callback back to the login page), never JSON but for
 * the 503 while single sign-on is not configured.
 */

import { route } from './declare.ts';
import type { AppRouter } from '../context.ts';
import { SSO_REDIRECT } from '../../engine/api/auth.ts';
import { finishSso, startSso } from '../services/oidc.service.ts';

const text = { type: 'string' };

export function oidcRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/auth/oidc/start',
      ability: 'public',
      tag: 'auth',
      summary:
        'Start single sign-on: a redirect to the OpenID Connect provider (503 unless OIDC_ISSUER and OIDC_CLIENT_ID are set)',
      query: {
        redirect: {
          description: 'The portal path to land on after sign-in (a path of this site; anything else lands on /)',
          schema: text,
        },
      },
      status: 302,
      returns: 'A redirect to the provider',
      response: SSO_REDIRECT,
      errors: [503],
    },
    async (ctx) => {
      ctx.redirect(await startSso(ctx.deps, ctx.query.redirect));
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/auth/oidc/callback',
      ability: 'public',
      tag: 'auth',
      summary: "The provider's way back: a redirect to /login?token=... (signed in) or /login?sso_error=<code>",
      query: {
        code: { description: 'The authorization code', schema: text },
        state: { description: 'The state the start sent (spent once)', schema: text },
        error: { description: "The provider's refusal, if any", schema: text },
      },
      status: 302,
      returns: 'A redirect to the login page',
      response: SSO_REDIRECT,
      errors: [503],
    },
    async (ctx) => {
      // The Location carries a one-time login token: no cache keeps it.
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(await finishSso(ctx.deps, ctx.query, ctx.querystring));
    },
  );
}
