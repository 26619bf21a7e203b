/**
 * The router's middleware, matched per API area. @koa/router tests a request against every route's
 * pattern in turn (119 routes: ~5 µs of each answer), so the declared routes are regrouped by their
 * area, the first segment after /api/ (`/api/jobs/:job_id/tasks` is in `jobs`), each area into a router
 * of its own holding that area's routes in their declared order (the same layers: guard and handler).
 * A request is matched against its area's routes only (`/api/jobs?...`: 43). A route outside every
 * area is kept in every area's router; a request of no known area (another case, an unknown area, the
 * web app's paths) goes to the whole router, so its 404, 405, 501 and OPTIONS answers are the ones the
 * whole router gives. The whole router stays what openapi.json and the access tests read.
 */

import Router from '@koa/router';
import type { Next } from 'koa';
import type { AppContext, AppRouter } from '../context.ts';

/** The area of a route's path or a request's path: the literal segment after /api/. */
const AREA = /^\/api\/([A-Za-z0-9_.-]+)(?:\/|$)/;

export function routesByArea(router: AppRouter): (ctx: AppContext, next: Next) => Promise<unknown> {
  const layers = router.stack;
  const areaOf = (path: unknown) => (typeof path === 'string' ? AREA.exec(path)?.[1] : undefined);
  const names = [...new Set(layers.map((l) => areaOf(l.path)).filter((a): a is string => a !== undefined))];
  const areas = new Map<string, (ctx: AppContext, next: Next) => Promise<unknown>>();
  for (const name of names) {
    const area: AppRouter = new Router(router.opts);
    for (const layer of layers) {
      const own = areaOf(layer.path);
      if (own !== undefined && own !== name) continue;
      // Without the HEAD that @koa/router adds to a GET route: the new layer adds it again.
      area.register(
        layer.path,
        layer.methods.filter((m) => m !== 'HEAD'),
        layer.stack,
        layer.opts,
      );
    }
    areas.set(name, routesThenMethods(area));
  }
  const whole = routesThenMethods(router);
  return (ctx, next) => {
    const name = areaOf(ctx.path);
    return ((name !== undefined && areas.get(name)) || whole)(ctx, next);
  };
}

/** A router's routes, then its allowed-methods answers: as `app.use(r.routes()); app.use(r.allowedMethods())`. */
function routesThenMethods(r: AppRouter): (ctx: AppContext, next: Next) => Promise<unknown> {
  const routes = r.routes();
  const methods = r.allowedMethods();
  return (ctx, next) => Promise.resolve(routes(ctx as never, () => methods(ctx as never, next)));
}
