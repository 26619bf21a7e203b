/**
 * openapi.json from the router itself: each route's declaration (routes/declare.ts) carries its path,
 * method, ability, description, body and answer schemas, so the document cannot list a route that does
 * not exist nor state anything a second time; the tests fail when a registered route was not declared.
 */

import type { AppRouter } from '../context.ts';
import { ERROR_CODES } from '../../engine/index.ts';
import { STATUS_TEXT } from '../errors.ts';
import { rolesOf, type Ability, type Guard } from '../abilities.ts';
import type { DeclaredGuard, RouteDoc } from '../routes/declare.ts';

/** "GET /api/jobs/{job_id}" for a router layer's method and path. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;

/** The ability each route's guard checks, by route key (a route without a guard is missing here). */
export function routeAbilities(router: AppRouter): Record<string, Ability> {
  const out: Record<string, Ability> = {};
  for (const layer of router.stack) {
    const guard = layer.stack.find((mw) => typeof (mw as Partial<Guard>).ability === 'string') as Guard | undefined;
    if (!guard) continue;
    for (const m of layer.methods) if (m !== 'HEAD') out[routeKey(m, String(layer.path))] = guard.ability;
  }
  return out;
}

/** Each declared route's description, by route key (a route registered without a declaration is missing here). */
export function routeDocs(router: AppRouter): Record<string, RouteDoc> {
  const out: Record<string, RouteDoc> = {};
  for (const layer of router.stack) {
    const guard = layer.stack.find((mw) => (mw as Partial<DeclaredGuard>).doc !== undefined) as
      DeclaredGuard | undefined;
    if (!guard) continue;
    for (const m of layer.methods) if (m !== 'HEAD') out[routeKey(m, String(layer.path))] = guard.doc;
  }
  return out;
}

/** The routes the router has, as keys. */
export function registeredRoutes(router: AppRouter): string[] {
  const out: string[] = [];
  for (const layer of router.stack)
    for (const m of layer.methods) if (m !== 'HEAD') out.push(routeKey(m, String(layer.path)));
  return [...new Set(out)].sort();
}

const errorResponse = (status: number) => ({
  description: STATUS_TEXT[status] ?? 'Generic Error',
  content: {
    'application/json': {
      schema: { $ref: status === 422 ? '#/components/schemas/ValidationError' : '#/components/schemas/Error' },
    },
  },
});

function operation(key: string, doc: RouteDoc, ability: Ability | undefined) {
  const [, path] = key.split(' ');
  const roles = ability ? rolesOf(ability) : [];
  const isPublic = roles === null;
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = Object.entries(doc.query ?? {}).map(([name, q]) => ({
    name,
    in: 'query',
    required: false,
    description: q.description,
    schema: q.schema,
  }));
  const errors = [
    ...new Set([...(isPublic ? [] : [401]), ...(roles && roles.length < 3 ? [403] : []), ...(doc.errors ?? [])]),
  ];
  return {
    summary: doc.summary,
    tags: [doc.tag],
    ...(isPublic ? { security: [] } : {}),
    'x-ability': ability,
    'x-roles': isPublic ? ['anonymous'] : roles,
    parameters: [...params, ...query],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { [doc.multipart ? 'multipart/form-data' : 'application/json']: { schema: doc.body } },
          },
        }
      : {}),
    responses: {
      [String(doc.status ?? 200)]: {
        description: doc.returns ?? 'OK',
        ...(doc.status === 204
          ? {}
          : {
              content: doc.produces
                ? { [doc.produces]: { schema: { type: 'string', format: 'binary' } } }
                : { 'application/json': { schema: doc.response ?? { type: 'object' } } },
            }),
      },
      ...Object.fromEntries(errors.sort().map((s) => [String(s), errorResponse(s)])),
    },
  };
}

/** The OpenAPI 3.1 document of the API. */
export function buildOpenApi(router: AppRouter) {
  const paths: Record<string, Record<string, unknown>> = {};
  const abilities = routeAbilities(router);
  const docs = routeDocs(router);
  for (const key of registeredRoutes(router)) {
    const doc = docs[key];
    if (!doc) continue;
    const [method, path] = key.split(' ');
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, doc, abilities[key]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rebate portal API',
      version: '0.1.0',
      description:
        'Jobs, tasks and programs of the rebate portal. Errors are { code, detail }: code is stable (switch on it), detail is for people; 422 adds errors [{ path, message }].',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'detail'],
          properties: { code: { type: 'string', enum: Object.values(ERROR_CODES) }, detail: { type: 'string' } },
        },
        ValidationError: {
          type: 'object',
          required: ['code', 'detail', 'errors'],
          properties: {
            code: { type: 'string', enum: Object.values(ERROR_CODES) },
            detail: { type: 'string' },
            errors: {
              type: 'array',
              items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
