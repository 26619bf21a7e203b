/**
 * The API document without a running server: the router of every route module and workflow, built from
 * the declarations alone (no database), so `npm run lint` and the generated-client test read the same
 * document /api/openapi.json serves.
 */

import Router from '@koa/router';
import type { AppRouter } from '../context.ts';
import { routeModules } from '../routes/index.ts';
import { WORKFLOWS } from '../workflows/index.ts';
import { buildOpenApi } from './build.ts';

/** The router of the portal's routes (declarations and handlers; nothing runs). */
export function declaredRouter(): AppRouter {
  const router = new Router() as AppRouter;
  for (const register of routeModules(WORKFLOWS)) register(router);
  return router;
}

/** openapi.json as the server serves it. */
export const apiDocument = () => buildOpenApi(declaredRouter());
