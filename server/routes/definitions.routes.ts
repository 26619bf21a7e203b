/**
 * For the program explorer: the definition files the server runs (loaded in the browser by the same
 * engine function), and a job as the engine reads it (for "try it").
 */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import { jobInput } from '../services/evaluation.ts';
import { repoDefinitionSources } from '../deps.ts';
import { tasksOfJob } from '../db/tasks.db.ts';

export function definitionsRoutes(router: AppRouter): void {
  router.get('/api/definitions/sources', can('definitions.explore'), (ctx: AppContext) => {
    const hashes = Object.fromEntries(Object.values(ctx.deps.defs.programs).map((p) => [p.id, p.hash]));
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.body = { files: repoDefinitionSources(), hashes };
  });
  router.get('/api/definitions/jobs/:job_id/input', can('job.explore'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const job = jobFor(ctx.deps, user, ctx.params.job_id);
    ctx.body = { program_id: job.program_id, today: ctx.deps.now().toISOString().slice(0, 10), job: jobInput(job, tasksOfJob(ctx.deps.db, job.id)) };
  });
}
