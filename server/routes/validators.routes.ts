/**
 * Validators as JavaScript modules, for pages under a Content Security Policy without 'unsafe-eval'
 * (the task forms, the program explorer): ajv standalone code the page imports from our origin.
 *
 * The URL is versioned by the content hash of the schema (`?v=`), cached for good, and it is the
 * capability: `import()` sends no Authorization header, so the route needs no sign-in, and it answers
 * only to the current hash, which only someone who has read the form (signed in) knows. A wrong or
 * stale hash is a 404 (the page reloads the form).
 */

import { can } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { notFound } from '../errors.ts';
import { formValidatorModule, metaValidatorModule, type ValidatorModule } from '../services/validator-modules.ts';

function sendModule(ctx: AppContext, module: ValidatorModule): void {
  if (ctx.query.v !== module.hash) throw notFound('No validators for this version: reload the page');
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.body = module.code();
}

export function validatorsRoutes(router: AppRouter): void {
  router.get('/api/forms/:form/validator.js', can('public'), (ctx: AppContext) => {
    const form = ctx.deps.defs.forms[ctx.params.form];
    if (!form) throw notFound('Form not found');
    sendModule(ctx, formValidatorModule(form));
  });
  router.get('/api/definitions/meta-validators.js', can('public'), (ctx: AppContext) => {
    sendModule(ctx, metaValidatorModule());
  });
}
