/**
 * Validators as JavaScript modules, for pages under a Content Security Policy without 'unsafe-eval'
 * (the task forms, the program explorer): ajv standalone code the page imports from our origin.
 *
 * The URL is versioned by the content hash of the schema (`?v=`), cached for good, and it is the
 * capability: `import()` sends no Authorization header, so the route needs no sign-in, and it answers
 * only to the current hash, which only someone who has read the form (signed in) knows. A wrong or
 * stale hash is a 404 (the page reloads the form).
 */

import { route } from './declare.ts';
import { str } from '../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { notFound } from '../errors.ts';
import { formValidatorModule, metaValidatorModule, type ValidatorModule } from '../services/validator-modules.ts';
import { formOf, programOfJob } from '../services/pinned-program.ts';
import { getJob } from '../db/jobs.db.ts';
import { isId } from '../db/portable.ts';
import type { TaskForm } from '../../engine/index.ts';

function sendModule(ctx: AppContext, module: ValidatorModule): void {
  if (ctx.query.v !== module.hash) throw notFound('No validators for this version: reload the page');
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.body = module.code();
}

/**
 * The form a module is asked for: the loaded one, or with `job`, the one that job's program has (a pinned
 * job's version). No sign-in here either: a job that does not exist and a hash that is not its form's both
 * answer 404, so the route tells nothing about a job to someone without the hash.
 */
async function formOfModule(ctx: AppContext): Promise<TaskForm | undefined> {
  const job = ctx.query.job;
  if (job === undefined) return ctx.deps.defs.forms[ctx.params.form];
  if (!isId(job)) return undefined;
  const row = await getJob(ctx.deps.db, Number(job));
  return row && formOf(ctx.deps, await programOfJob(ctx.deps, row), ctx.params.form);
}

export function validatorsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/forms/:form/validator.js',
      ability: 'public',
      tag: 'tasks',
      summary:
        "A task form's validators (engine and RJSF) as a JavaScript module of ajv standalone code, for pages without eval; the URL is versioned by the schema's hash and is the capability (no sign-in: import() sends no token)",
      query: {
        v: str("The form schema's hash (as the engine's schemaKey computes it); any other value is a 404"),
        job: str(
          "A job's id: the form as that job's definition version has it (a task's form_version is set), not the loaded one",
        ),
      },
      returns: 'A JavaScript module',
      produces: 'text/javascript',
      errors: [404],
    },
    async (ctx: AppContext) => {
      const form = await formOfModule(ctx);
      if (!form) throw notFound('Form not found');
      sendModule(ctx, formValidatorModule(form));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/definitions/meta-validators.js',
      ability: 'public',
      tag: 'programs',
      summary:
        "The definition files' meta-schema validators as a JavaScript module of ajv standalone code (program explorer, without eval)",
      query: { v: str("The meta-schemas' hash; any other value is a 404") },
      returns: 'A JavaScript module',
      produces: 'text/javascript',
      errors: [404],
    },
    async (ctx: AppContext) => {
      sendModule(ctx, metaValidatorModule());
    },
  );
}
