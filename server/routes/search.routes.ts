/** Search calls of spec sect. 7: GET /api/jobs/search and GET /api/contractor/search, both `?q=`. */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { SEARCH_MAX_LIMIT, searchContractors, searchJobs } from '../services/search.service.ts';
import { query } from '../validation.ts';

/** Registers the search routes. */
export function searchRoutes(router: AppRouter): void {
  router.get('/api/jobs/search', can('job.search'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = { items: searchJobs(ctx.deps, user, query.str(ctx.query, 'q'), query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT })) };
  });

  router.get('/api/contractor/search', can('contractor.list'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = { items: searchContractors(ctx.deps, user, query.str(ctx.query, 'q'), query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT })) };
  });
}
