/** Search calls of spec sect. 7: GET /api/jobs/search and GET /api/contractor/search, both `?q=`. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { CONTRACTOR_HITS, JOB_HITS } from '../../engine/api/search.ts';
import { Q } from '../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { SEARCH_MAX_LIMIT, searchContractors, searchJobs } from '../services/search.service.ts';
import { query } from '../validation.ts';

/** Registers the search routes. */
export function searchRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/search',
      ability: 'job.search',
      tag: 'search',
      summary: 'Fuzzy job search (spec sect. 2) within what the user may see',
      query: Q,
      errors: [400],
      response: JOB_HITS,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = {
        items: await searchJobs(
          ctx.deps,
          user,
          query.str(ctx.query, 'q'),
          query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT }),
        ),
      };
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/contractor/search',
      ability: 'contractor.list',
      tag: 'search',
      summary: 'Fuzzy contractor search (spec sect. 2)',
      query: Q,
      errors: [400],
      response: CONTRACTOR_HITS,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = {
        items: await searchContractors(
          ctx.deps,
          user,
          query.str(ctx.query, 'q'),
          query.int(ctx.query, 'limit', { min: 1, max: SEARCH_MAX_LIMIT }),
        ),
      };
    },
  );
}
