/** Search calls of spec sect. 7: GET /api/jobs/search and GET /api/contractor/search, both `?q=`. */

import type { AppContext, AppRouter } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import { SEARCH_MAX_LIMIT, searchContractors, searchJobs } from '../services/search.service.ts';
import { query } from '../validation.ts';

/** Registers the search routes. */
export function searchRoutes(router: AppRouter): void {
  router.get('/api/jobs/search', (ctx: AppContext) => {
    const user = requireUser(ctx);
    ctx.body = { items: searchJobs(ctx.deps, user, query.str(ctx.query, 'q'), query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT })) };
  });

  router.get('/api/contractor/search', (ctx: AppContext) => {
    const user = requireUser(ctx, 'ops', 'contractor');
    ctx.body = { items: searchContractors(ctx.deps, user, query.str(ctx.query, 'q'), query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT })) };
  });
}
