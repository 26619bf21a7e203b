/**
 * For the program explorer: the definition files the server runs (loaded in the browser by the same
 * engine function), and a job as the engine reads it (for "try it").
 */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { DEFINITION_SOURCES, JOB_INPUT } from '../../engine/api/misc.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import { jobInput } from '../services/evaluation.ts';
import { repoDefinitionSources, repoParsedEntry } from '../deps.ts';
import { filesOfPrograms } from '../../engine/load/files-of-programs.ts';
import { tasksOfJob } from '../db/tasks.db.ts';
import { versionOfProgram } from '../services/pinned-program.ts';

export function definitionsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/definitions/sources',
      ability: 'definitions.explore',
      tag: 'programs',
      summary: 'The definition files the server runs (program explorer)',
      query: {
        programs: {
          description:
            'Only the files of these programs (ids, comma-separated): the shared files, their own and the forms they name',
          schema: { type: 'string' },
        },
      },
      response: DEFINITION_SOURCES,
    },
    async (ctx: AppContext) => {
      const hashes = Object.fromEntries(Object.values(ctx.deps.defs.programs).map((p) => [p.id, p.hash]));
      const asked =
        ctx.query.programs === undefined ? undefined : [ctx.query.programs].flat().join(',').split(',').filter(Boolean);
      const files = asked ? filesOfPrograms(repoDefinitionSources(), asked) : repoDefinitionSources();
      ctx.set('Cache-Control', 'private, max-age=60');
      ctx.body = { files: files.map((f) => ({ ...f, parsed: repoParsedEntry(f) })), hashes };
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/definitions/jobs/:job_id/input',
      ability: 'job.explore',
      tag: 'programs',
      summary: 'A job as the engine reads it (program explorer: try it)',
      errors: [404],
      response: JOB_INPUT,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      const job = await jobFor(ctx.deps, user, ctx.params.job_id);
      const loaded = ctx.deps.defs.programs[job.program_id];
      const pinned =
        job.pinned_version && job.pinned_version !== (loaded && versionOfProgram(loaded)?.hash)
          ? job.pinned_version
          : null;
      ctx.body = {
        program_id: job.program_id,
        pinned_version: pinned,
        today: ctx.deps.now().toISOString().slice(0, 10),
        job: jobInput(job, await tasksOfJob(ctx.deps.db, job.id)),
      };
    },
  );
}
