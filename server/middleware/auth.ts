/** Reads the bearer token; routes that need a user call `requireUser`. */

import type { Next } from 'koa';
import type { AppContext, AuthUser, Role } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { authenticate } from '../services/auth.service.ts';

/** The bearer token of a request, if any. */
export function bearerOf(ctx: AppContext): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return m?.[1];
}

export function authMiddleware() {
  return async (ctx: AppContext, next: Next) => {
    const token = bearerOf(ctx);
    if (token) ctx.state.user = authenticate(ctx.deps, token);
    await next();
  };
}

/** The signed-in user (401 otherwise), optionally of one of the roles (403 otherwise). */
export function requireUser(ctx: AppContext, ...roles: Role[]): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}
