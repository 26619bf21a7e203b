/** Reads the bearer token into ctx.state.user; each route's guard (server/abilities.ts) decides who may call it. */

import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { authenticate } from '../services/auth.service.ts';

/** The bearer token of a request, if any. */
export function bearerOf(ctx: AppContext): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return m?.[1];
}

export function authMiddleware() {
  return async (ctx: AppContext, next: Next) => {
    const token = bearerOf(ctx);
    if (token) ctx.state.user = await authenticate(ctx.deps, token);
    await next();
  };
}
