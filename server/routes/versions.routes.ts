/** Definition versions (ops): a program's stored versions, their files and diffs, and moving pinned jobs to the current
 * version. */

import { route } from './declare.ts';
import { idParam } from './params.ts';
import {
  JOB_MIGRATED,
  JOBS_MIGRATED,
  MIGRATE_JOBS_REQUEST,
  VERSION_DETAIL,
  VERSION_DIFF,
  VERSION_LIST,
} from '../../engine/api/versions.ts';
import { userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { badRequest } from '../errors.ts';
import * as svc from '../services/versions.service.ts';

/** `against`: current (default) or a version hash. */
function againstOf(ctx: AppContext): string {
  const v = ctx.query.against;
  if (v === undefined || v === '' || v === 'current') return 'current';
  if (typeof v !== 'string' || !/^[0-9a-f]{16}$/.test(v))
    throw badRequest("Query parameter 'against' must be 'current' or a version hash", 'invalid_query');
  return v;
}

export function versionsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id/versions',
      ability: 'definitions.versions',
      tag: 'programs',
      summary:
        'The program’s stored definition versions, newest first, with the current one marked and the jobs pinned to each',
      errors: [404],
      response: VERSION_LIST,
    },
    (ctx) => svc.listVersions(ctx.deps, ctx.params.program_id),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id/versions/:hash',
      ability: 'definitions.versions',
      tag: 'programs',
      summary: 'One stored definition version: the files it was built from',
      errors: [404],
      response: VERSION_DETAIL,
    },
    (ctx) => svc.readVersion(ctx.deps, ctx.params.program_id, ctx.params.hash),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/programs/:program_id/versions/:hash/diff',
      ability: 'definitions.versions',
      tag: 'programs',
      summary: 'What changed from a stored version to the current one (or another version), value by value, in words',
      query: { against: { description: "'current' (default) or a version hash", schema: { type: 'string' } } },
      errors: [400, 404],
      response: VERSION_DIFF,
    },
    (ctx) => svc.diffVersion(ctx.deps, ctx.params.program_id, ctx.params.hash, againstOf(ctx)),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/migrate-version',
      ability: 'job.migrate_version',
      tag: 'jobs',
      summary:
        'Move a job to its program’s current definition version (history: definition_migrated, with the outcome before and after)',
      errors: [404],
      response: JOB_MIGRATED,
      noBody: true,
    },
    (ctx) => svc.migrateJob(ctx.deps, userOf(ctx), idParam(ctx, 'job_id')),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/programs/:program_id/migrate-jobs',
      ability: 'job.migrate_version',
      tag: 'programs',
      summary:
        'Move every job of the program pinned to a version (optionally only at some stages) to the current version',
      body: MIGRATE_JOBS_REQUEST,
      errors: [404, 422],
      response: JOBS_MIGRATED,
    },
    (ctx, body) => svc.migrateJobs(ctx.deps, userOf(ctx), ctx.params.program_id, body),
  );
}
