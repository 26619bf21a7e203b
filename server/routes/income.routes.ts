/** The income limits of a job's county (the income estimate shows them in dollars) and where to apply. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { INCOME_LIMITS } from '../../engine/api/income.ts';
import { incomeBandsBySize, incomeVerificationService } from '../../engine/income-limits.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import { programOfJob } from '../services/pinned-program.ts';

export function incomeRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/income-limits',
      ability: 'task.read',
      tag: 'tasks',
      summary:
        "Income limits in dollars for the job's county by household size, and the program's income verification service",
      errors: [404],
      response: INCOME_LIMITS,
    },
    async (ctx: AppContext) => {
      const job = await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);
      // The program the job is evaluated under (its pinned version).
      const program = await programOfJob(ctx.deps, job);
      ctx.body = {
        county: job.county,
        bands_by_size: incomeBandsBySize(program, job.county),
        verification: incomeVerificationService(program),
      };
    },
  );
}
