/** Sign-in, sign-out, one-time links, password reset, the automated-testing sign-in, and the public config. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import {
  APP_CONFIG,
  FORGOT_PASSWORD,
  LOGIN,
  LOGIN_LINK,
  LOGIN_LINK_REQUEST,
  NOTICE,
  PLAYWRIGHT_SIGN_IN,
  RESET_PASSWORD,
  SESSION,
  SESSION_USER,
  TOKEN_SIGN_IN,
} from '../../engine/api/auth.ts';
import { OUTBOX } from '../../engine/api/misc.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { bearerOf } from '../middleware/auth.ts';
import * as auth from '../services/auth.service.ts';
import { enabledFlags } from '../services/flags.service.ts';
import { readOutbox } from '../db/settings.db.ts';

/** A sign-in body's fields, whatever was sent (the call refuses anything but strings with 401). */
const sent = (ctx: AppContext) => (ctx.request.body ?? {}) as Record<string, unknown>;

export function authRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/config',
      ability: 'public',
      tag: 'auth',
      summary: 'Public configuration: environment (staging banner) and feature flags',
      response: APP_CONFIG,
    },
    async (ctx) => {
      const c = ctx.deps.config;
      return {
        app_env: c.app_env,
        is_production: c.app_env === 'production',
        feature_flags: await enabledFlags(ctx.deps),
        google_sign_in: !!ctx.deps.adapters.oidc,
        sso_label: c.oidc_label,
        playwright_sign_in: !!c.playwright_auth_secret,
      };
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/login',
      ability: 'public',
      tag: 'auth',
      summary: 'Sign in with email and password',
      body: LOGIN,
      bodyCheckedBy: 'call',
      errors: [401, 429],
      returns: '{ token, user, expires_at }',
      response: SESSION,
    },
    async (ctx) => await auth.signIn(ctx.deps, sent(ctx).email, sent(ctx).password, ctx.ip),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/logout',
      ability: 'public',
      tag: 'auth',
      summary: 'Sign out: the token stops working',
      status: 204,
      noBody: true,
    },
    async (ctx) => {
      const token = bearerOf(ctx);
      if (token) await auth.signOut(ctx.deps, token);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/auth/me',
      ability: 'session.read',
      tag: 'auth',
      summary: 'The signed-in user',
      response: SESSION_USER,
    },
    (ctx) => userOf(ctx),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/token',
      ability: 'public',
      tag: 'auth',
      summary: 'Sign in with a one-time token (a link minted by ops)',
      body: TOKEN_SIGN_IN,
      bodyCheckedBy: 'call',
      errors: [401],
      response: SESSION,
    },
    async (ctx) => await auth.signInWithToken(ctx.deps, sent(ctx).token),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/login-links',
      ability: 'auth.mint_login_link',
      tag: 'auth',
      summary: 'Mint a one-time sign-in link for a user',
      body: LOGIN_LINK_REQUEST,
      status: 201,
      errors: [400, 422],
      response: LOGIN_LINK,
    },
    async (ctx, body) => await auth.mintLoginLink(ctx.deps, body.user_id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/forgot-password',
      ability: 'public',
      tag: 'auth',
      summary: 'Mail a one-time password reset link (same answer for unknown emails)',
      body: FORGOT_PASSWORD,
      bodyCheckedBy: 'call',
      status: 202,
      response: NOTICE,
    },
    async (ctx) => {
      await auth.requestPasswordReset(ctx.deps, sent(ctx).email);
      return { detail: 'If that email has an account, a reset link is on its way.' };
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/reset-password',
      ability: 'public',
      tag: 'auth',
      summary: 'Set a new password with a reset token',
      body: RESET_PASSWORD,
      bodyCheckedBy: 'call',
      status: 204,
      errors: [400, 422],
    },
    async (ctx) => {
      await auth.resetPassword(ctx.deps, sent(ctx).token, sent(ctx).password);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/auth/playwright',
      ability: 'public',
      tag: 'auth',
      summary: 'Automated-testing sign-in (only with PLAYWRIGHT_AUTH_SECRET)',
      body: PLAYWRIGHT_SIGN_IN,
      bodyCheckedBy: 'call',
      errors: [401],
      response: SESSION,
    },
    async (ctx) => await auth.signInForTesting(ctx.deps, sent(ctx).token, sent(ctx).email),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/auth/outbox',
      ability: 'auth.read_outbox',
      tag: 'auth',
      summary: 'The local mail outbox',
      response: OUTBOX,
    },
    async (ctx) => await readOutbox(ctx.deps.db, 100),
  );
}
