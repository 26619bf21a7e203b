/** Federal reporting (issue 44): a program's monthly bulk file for the tracking tool, for ops to download. */

import { route } from '../../routes/declare.ts';
import type { AppRouter } from '../../context.ts';
import { str } from '../../openapi/query-docs.ts';
import * as svc from './reporting.service.ts';

export function reportingRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id/tracking-report',
      ability: 'reporting.view',
      tag: 'reporting',
      summary:
        'The program’s bulk file of a month for DOE’s tracking tool: every reservation and redemption of that month that passes the contract (JSON)',
      query: { month: str('The month, YYYY-MM') },
      returns: 'The bulk file',
      errors: [404, 422],
      produces: 'application/octet-stream',
    },
    async (ctx) => {
      const { file } = await svc.monthlyFile(ctx.deps, ctx.params.program_id, ctx.query.month);
      ctx.set('Content-Type', 'application/json');
      ctx.set('Content-Disposition', `attachment; filename="${ctx.params.program_id}-${String(ctx.query.month)}.json"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = JSON.stringify(file, null, 2);
    },
  );
}
