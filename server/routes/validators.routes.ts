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

function sendModule(ctx: AppContext, module: ValidatorModule): void {
  if (ctx.query.v !== module.hash) throw notFound('No validators for this version: reload the page');
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.body = module.code();
}

export function validatorsRoutes(router: AppRouter): void {
  route(router, { method: 'get', path: '/api/forms/:form/validator.js', ability: 'public', tag: 'tasks',
    summary: "A task form's validators (engine and RJSF) as a JavaScript module of ajv standalone code, for pages without eval; the URL is versioned by the schema's hash and is the capability (no sign-in: import() sends no token)",
    query: { v: str("The form schema's hash (as the engine's schemaKey computes it); any other value is a 404") },
    returns: 'A JavaScript module',
    produces: 'text/javascript',
    errors: [404] }, async (ctx: AppContext) => {
    const form = ctx.deps.defs.forms[ctx.params.form];
    if (!form) throw notFound('Form not found');
    sendModule(ctx, formValidatorModule(form));
  });
  route(router, { method: 'get', path: '/api/definitions/meta-validators.js', ability: 'public', tag: 'programs',
    summary: "The definition files' meta-schema validators as a JavaScript module of ajv standalone code (program explorer, without eval)",
    query: { v: str("The meta-schemas' hash; any other value is a 404") },
    returns: 'A JavaScript module',
    produces: 'text/javascript',
    errors: [404] }, async (ctx: AppContext) => {
    sendModule(ctx, metaValidatorModule());
  });
}
