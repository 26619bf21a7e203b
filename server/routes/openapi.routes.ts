/** GET /api/openapi.json: the API's contract, built from the router. */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { buildOpenApi } from '../openapi/build.ts';

export function openApiRoutes(router: AppRouter): void {
  let doc: unknown;
  router.get('/api/openapi.json', can('public'), (ctx: AppContext) => {
    ctx.body = doc ??= buildOpenApi(router);
  });
}
