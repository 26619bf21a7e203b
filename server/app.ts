/**
 * createApp(deps): the Koa app without listening, so tests start it on an ephemeral port with a
 * temporary database and a fixed clock. Order: request id + log line, errors, body, auth, routes.
 */

import Koa from 'koa';
import Router from '@koa/router';
import type { AppState, Deps } from './context.ts';
import { errorMiddleware } from './middleware/errors.ts';
import { bodyMiddleware } from './middleware/body.ts';
import { requestIdMiddleware } from './middleware/request-id.ts';
import { authMiddleware } from './middleware/auth.ts';
import { initFlags } from './services/flags.service.ts';
import { routeModules } from './routes/index.ts';
import { routesByArea } from './routes/by-area.ts';
import { webMiddleware } from './middleware/web.ts';
import { securityHeadersMiddleware } from './middleware/security-headers.ts';
import { REPO_ROOT } from './deps.ts';
import { join } from 'node:path';

/** Builds the app over its dependencies. */
export async function createApp(
  deps: Deps,
): Promise<{ app: Koa<AppState, { deps: Deps }>; router: Router<AppState, { deps: Deps }> }> {
  await initFlags(deps);
  const app = new Koa<AppState, { deps: Deps }>({ proxy: false });
  app.context.deps = deps;
  app.silent = true;
  const router = new Router<AppState, { deps: Deps }>();
  for (const register of routeModules(deps.workflows)) register(router);
  app.use(requestIdMiddleware());
  app.use(await securityHeadersMiddleware());
  app.use(errorMiddleware());
  app.use(bodyMiddleware());
  app.use(authMiddleware());
  // The routes, matched per API area (server/routes/by-area.ts), then their 405/501/OPTIONS answers.
  app.use(routesByArea(router));
  // WEB_DIST: another build of the web app (test runs side by side build their own).
  app.use(webMiddleware(process.env.WEB_DIST ?? join(REPO_ROOT, 'web', 'dist')));
  return { app, router };
}
