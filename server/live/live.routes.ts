/**
 * GET /api/changes (issue 42): a Server-Sent Events stream telling an open page which of the jobs its user may read
 * changed, on any instance, so it reads them again (React Query). It carries job ids only, and only those the user
 * may see (the same rule as the job's reads: services/access.ts canSeeJob); on a lost feed it says `resync` (read
 * everything again). The session is checked again with each keep-alive: a signed-out token's stream ends.
 */

import { PassThrough } from 'node:stream';
import { userOf } from '../abilities.ts';
import type { AppContext, AppRouter, AuthUser } from '../context.ts';
import { bearerOf } from '../middleware/auth.ts';
import { route } from '../routes/declare.ts';
import { authenticate } from '../services/auth.service.ts';
import { subscribe } from './hub.ts';
import { jobChanges } from './job-changes.ts';

/** How often an idle stream says it is alive (proxies close silent connections) and the session is checked again. */
export const KEEPALIVE_MS = 20_000;

export function liveRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/changes',
      ability: 'session.read',
      tag: 'live',
      summary:
        'Server-Sent Events: `jobs` with the ids of jobs the caller may read that changed (read them again), `resync` when changes may have been missed, `ready` once listening',
      returns: 'An event stream that stays open',
      produces: 'text/event-stream',
    },
    (ctx: AppContext) => {
      const user: AuthUser = userOf(ctx);
      const token = bearerOf(ctx);
      const out = new PassThrough();
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
      ctx.set('Cache-Control', 'no-cache, no-store, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.status = 200;
      ctx.body = out;
      const write = (event: string, data: unknown) => {
        if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const stop = subscribe(
        ctx.deps,
        user,
        (ids) => (ids ? write('jobs', { jobs: ids }) : write('resync', {})),
        () => end(),
      );
      const alive = setInterval(() => {
        void (async () => {
          const still = token ? await authenticate(ctx.deps, token).catch(() => undefined) : undefined;
          if (!still || still.id !== user.id) return end();
          if (!out.writableEnded) out.write(': alive\n\n');
        })();
      }, KEEPALIVE_MS);
      alive.unref();
      const end = () => {
        clearInterval(alive);
        stop();
        if (!out.writableEnded) out.end();
      };
      ctx.req.on('close', end);
      out.on('error', end);
      // The client retries after 2 s when the connection drops; `ready` tells it to read what it shows again.
      out.write('retry: 2000\n\n');
      // `ready` once every writer is heard (a feed whose database is away says it once it is back).
      void jobChanges(ctx.deps.store).ready.then(() => write('ready', {}));
    },
  );
}
