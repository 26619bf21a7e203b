/** GET /api/openapi.json: the API's contract, built from the router. */

import { route } from './declare.ts';
import { OPENAPI_DOCUMENT } from '../../engine/api/misc.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { buildOpenApi } from '../openapi/build.ts';

export function openApiRoutes(router: AppRouter): void {
  let doc: unknown;
  route(
    router,
    {
      method: 'get',
      path: '/api/openapi.json',
      ability: 'public',
      tag: 'meta',
      summary: 'This document',
      response: OPENAPI_DOCUMENT,
    },
    async (ctx: AppContext) => {
      ctx.body = doc ??= buildOpenApi(router);
    },
  );
}
