/** Gives every request an id (the client's X-Request-Id when sane) and writes one log line per request. */

import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdMiddleware() {
  return async (ctx: AppContext, next: Next) => {
    const given = ctx.get('x-request-id');
    ctx.state.request_id = SANE.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', ctx.state.request_id);
    const start = performance.now();
    try {
      await next();
    } finally {
      ctx.deps.log({
        level: 'info',
        request_id: ctx.state.request_id,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        user: ctx.state.user?.id,
      });
    }
  };
}
