/**
 * Every answer the API tests receive is checked against its route's answer schema (engine/api, as
 * openapi.json carries it), so a presenter that adds, drops or retypes a field fails the suite where
 * it happens, whichever test made the call.
 */

import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { AppRouter } from '../../server/context.ts';
import { routeDocs, routeKey } from '../../server/openapi/build.ts';
import type { RouteDoc } from '../../server/routes/declare.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const compiled = new Map<string, ValidateFunction>();
const docsOf = new WeakMap<AppRouter, Record<string, RouteDoc>>();
/** The routes' declarations, read once per router. */
function docs(router: AppRouter): Record<string, RouteDoc> {
  let d = docsOf.get(router);
  if (!d) docsOf.set(router, (d = routeDocs(router)));
  return d;
}

/** The route key (`GET /api/providers/{id}`) a request reaches, if any. */
export function routeOf(router: AppRouter, method: string, path: string): string | undefined {
  const pathname = new URL(path, 'http://x').pathname;
  const m = router.match(pathname, method.toUpperCase());
  const layer = m.pathAndMethod.find((l) => l.methods.includes(method.toUpperCase()));
  return layer ? routeKey(method.toUpperCase(), String(layer.path)) : undefined;
}

/** Throws when a 2xx answer of a route with an answer schema does not match it. */
export function checkAnswer(router: AppRouter, method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const key = routeOf(router, method, path);
  const schema = key ? docs(router)[key]?.response : undefined;
  if (!key || !schema) return;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
  if (!validate(body)) throw new Error(`${key} answered outside its contract: ${ajv.errorsText(validate.errors)}`);
}

/** The routes whose answers have a schema (the contract suite checks it is not empty). */
export const routesWithAnswers = (router: AppRouter) =>
  Object.entries(docs(router))
    .filter(([, d]) => d.response)
    .map(([k]) => k);
