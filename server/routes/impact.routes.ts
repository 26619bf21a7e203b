/** Impact before shipping (program explorer, ops): proposed definition files in, the report on the program's live jobs
 * out. */

import { route } from './declare.ts';
import { IMPACT_REPORT, IMPACT_REQUEST } from '../../engine/api/impact.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { programImpact } from '../services/impact.service.ts';

export function impactRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'post',
      path: '/api/programs/:program_id/impact',
      ability: 'definitions.impact',
      tag: 'programs',
      summary:
        'What proposed definition files would change on the program’s live jobs (eligibility, stage, tasks, rebate), with why; 422 with the loader’s errors at their lines',
      body: IMPACT_REQUEST,
      errors: [404, 422],
      response: IMPACT_REPORT,
    },
    async (ctx: AppContext, body) => programImpact(ctx.deps, ctx.params.program_id, body.files),
  );
}
