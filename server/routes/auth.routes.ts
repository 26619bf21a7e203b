/** Sign-in, sign-out, one-time links, password reset, the automated-testing sign-in, and the public config. */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { bearerOf } from '../middleware/auth.ts';
import * as auth from '../services/auth.service.ts';
import { checkBody } from '../validation.ts';
import { enabledFlags } from '../services/flags.service.ts';
import { readOutbox } from '../db/settings.db.ts';

export function authRoutes(router: AppRouter): void {
  router.get('/api/config', can('public'), (ctx: AppContext) => {
    const c = ctx.deps.config;
    ctx.body = { app_env: c.app_env, is_production: c.app_env === 'production', feature_flags: enabledFlags(ctx.deps), google_sign_in: !!ctx.deps.adapters.google, playwright_sign_in: !!c.playwright_auth_secret };
  });

  router.post('/api/auth/login', can('public'), (ctx: AppContext) => {
    const b = (ctx.request.body ?? {}) as { email?: unknown; password?: unknown };
    ctx.body = auth.signIn(ctx.deps, b.email, b.password, ctx.ip);
  });

  router.post('/api/auth/logout', can('public'), (ctx: AppContext) => {
    const token = bearerOf(ctx);
    if (token) auth.signOut(ctx.deps, token);
    ctx.status = 204;
  });

  router.get('/api/auth/me', can('session.read'), (ctx: AppContext) => {
    ctx.body = userOf(ctx);
  });

  router.post('/api/auth/token', can('public'), (ctx: AppContext) => {
    ctx.body = auth.signInWithToken(ctx.deps, (ctx.request.body as { token?: unknown } | undefined)?.token);
  });

  router.post('/api/auth/login-links', can('auth.mint_login_link'), (ctx: AppContext) => {
    const b = checkBody<{ user_id: number }>({ type: 'object', required: ['user_id'], properties: { user_id: { type: 'integer' } } }, ctx.request.body);
    ctx.status = 201;
    ctx.body = auth.mintLoginLink(ctx.deps, b.user_id);
  });

  router.post('/api/auth/forgot-password', can('public'), (ctx: AppContext) => {
    auth.requestPasswordReset(ctx.deps, (ctx.request.body as { email?: unknown } | undefined)?.email);
    ctx.status = 202;
    ctx.body = { detail: 'If that email has an account, a reset link is on its way.' };
  });

  router.post('/api/auth/reset-password', can('public'), (ctx: AppContext) => {
    const b = (ctx.request.body ?? {}) as { token?: unknown; password?: unknown };
    auth.resetPassword(ctx.deps, b.token, b.password);
    ctx.status = 204;
  });

  router.post('/api/auth/playwright', can('public'), (ctx: AppContext) => {
    const b = (ctx.request.body ?? {}) as { token?: unknown; email?: unknown };
    ctx.body = auth.signInForTesting(ctx.deps, b.token, b.email);
  });

  router.post('/api/auth/google', can('public'), async (ctx: AppContext) => {
    ctx.body = await auth.signInWithGoogle(ctx.deps, (ctx.request.body as { id_token?: unknown } | undefined)?.id_token);
  });

  router.get('/api/auth/outbox', can('auth.read_outbox'), (ctx: AppContext) => {
    ctx.body = readOutbox(ctx.deps.db, 100);
  });
}
