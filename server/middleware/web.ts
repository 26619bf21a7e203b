/**
 * Serves the built web app (web/dist) from the same origin: files by koa-static (long cache for hashed
 * assets), and index.html for any other GET outside /api so the browser router takes over.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import serve from 'koa-static';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';

export function webMiddleware(dist: string) {
  const index = join(dist, 'index.html');
  const files = serve(dist, {
    index: false,
    // Built assets have brotli and gzip copies beside them (web/build/precompress.ts), which koa-send answers
    // to a request that accepts them: caches must key on the encoding.
    setHeaders: (res, path) => {
      res.setHeader(
        'Cache-Control',
        path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return async (ctx: AppContext, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await files(ctx as never, async () => undefined);
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = { code: 'unavailable', detail: "The web app is not built yet: run 'npm run build'." };
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = readFileSync(index);
  };
}
