/**
 * openapi.json from the router itself: each route's declaration (routes/declare.ts) carries its path,
 * method, ability, description, body and answer schemas, so the document cannot list a route that does
 * not exist nor state anything a second time; the tests fail when a registered route was not declared.
 */

import type { AppRouter } from '../context.ts';
import { ERROR_CODES, USER_ROLES } from '../../engine/index.ts';
import { STATUS_TEXT } from '../errors.ts';
import { rolesOf, type Ability, type Guard } from '../abilities.ts';
import { PATH_PARAMS } from './path-params.ts';
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
  description: ERROR_WHEN[status] ?? STATUS_TEXT[status] ?? 'Generic Error',
  content: {
    'application/json': {
      schema: { $ref: status === 422 ? '#/components/schemas/ValidationError' : '#/components/schemas/Error' },
    },
  },
});

/** What each error status means on this API (server/errors.ts, the middleware and the routes' checks). */
const ERROR_WHEN: Record<number, string> = {
  400: 'Bad Request: a malformed query value, an undecodable or too deeply nested body, or a NUL character',
  401: 'Unauthorized: not signed in (or the credentials or link are not valid)',
  403: 'Forbidden: signed in, but this role may not do this',
  404: 'Not Found: nothing the caller may see has that id',
  409: 'Conflict: the state changed or the request clashes with what exists; nothing was written',
  410: 'Gone: the link was used up or has expired',
  413: 'Payload Too Large: the body is over the size limit',
  415: 'Unsupported Media Type: a Content-Encoding the server cannot decode',
  422: 'Validation Error: the body broke a rule; errors says which field and why',
  429: 'Too Many Requests: try again later',
  503: 'Service Unavailable: the outside service this needs is not configured or not answering',
};

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (s: string) =>
  words(s)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/**
 * A route's operationId: the method and the path's literal segments after /api in camelCase, and when the path
 * ends in a parameter, `By` and its name (`GET /api/jobs/{job_id}/tasks/{task_id}` is `getJobsTasksByTaskId`);
 * the declaration's own where it gives one.
 */
export function operationIdOf(method: string, path: string, doc: Pick<RouteDoc, 'operationId'> = {}): string {
  if (doc.operationId) return doc.operationId;
  const segments = path.replace(/^\/api\//, '').split('/');
  const last = /^\{(\w+)\}$/.exec(segments[segments.length - 1]);
  const literal = segments.filter((s) => !s.startsWith('{')).map(pascal);
  return `${method.toLowerCase()}${literal.join('')}${last ? `By${pascal(last[1])}` : ''}`;
}

/** The statuses a route can answer besides its success: what every route of its kind gives, and its own. */
export function errorStatuses(path: string, doc: RouteDoc, ability: Ability | undefined): number[] {
  const roles = ability ? rolesOf(ability) : [];
  const json = (doc.body !== undefined && !doc.multipart) || doc.noBody === 'ignored';
  const out = new Set<number>([
    // The body middleware refuses a NUL anywhere in a path or query and an undecodable body on every route, and
    // query readers (server/validation.ts) a malformed value.
    400,
    ...(roles === null ? [] : [401]),
    ...(roles && roles.length < USER_ROLES.length ? [403] : []),
    // A path parameter names something: absent or not the caller's to see, it is a 404.
    ...(/\{\w+\}/.test(path) ? [404] : []),
    // A JSON body: over JSON_BODY_LIMIT, or in an encoding the parser cannot read; checked by the declaration.
    ...(json ? [413, 415] : []),
    ...(doc.body !== undefined && !doc.multipart && doc.bodyCheckedBy !== 'call' ? [422] : []),
    ...(doc.errors ?? []),
  ]);
  return [...out].sort((a, b) => a - b);
}

function paramsOf(key: string, path: string, doc: RouteDoc) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const p = doc.params?.[name] ?? PATH_PARAMS[name];
    if (!p) throw new Error(`${key}: path parameter {${name}} is described nowhere (server/openapi/path-params.ts)`);
    return { name, in: 'path', required: true, description: p.description, schema: p.schema };
  });
}

function successResponse(doc: RouteDoc) {
  const status = doc.status ?? 200;
  if (status >= 300 && status < 400)
    return {
      description: doc.returns ?? 'A redirect',
      headers: {
        Location: { description: 'Where the browser goes', schema: { type: 'string', format: 'uri-reference' } },
      },
    };
  if (status === 204) return { description: doc.returns ?? 'No Content' };
  return {
    description: doc.returns ?? 'OK',
    content: doc.produces
      ? { [doc.produces]: { schema: { type: 'string', format: 'binary' } } }
      : { 'application/json': { schema: doc.response ?? { type: 'object' } } },
  };
}

function requestBodyOf(doc: RouteDoc) {
  if (doc.noBody === 'ignored')
    return {
      requestBody: {
        required: false,
        description: 'Read by nothing: an empty object, as the spec’s callers send, or no body',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    };
  if (!doc.body) return {};
  const type = doc.multipart ? 'multipart/form-data' : 'application/json';
  return { requestBody: { required: true, content: { [type]: { schema: doc.body } } } };
}

function operation(key: string, doc: RouteDoc, ability: Ability | undefined) {
  const [method, path] = key.split(' ');
  const roles = ability ? rolesOf(ability) : [];
  const isPublic = roles === null;
  const query = Object.entries(doc.query ?? {}).map(([name, q]) => ({
    name,
    in: 'query',
    required: q.required ?? false,
    description: q.description,
    schema: q.schema,
  }));
  return {
    operationId: operationIdOf(method, path, doc),
    summary: doc.summary,
    tags: [doc.tag],
    ...(isPublic ? { security: [] } : {}),
    'x-ability': ability,
    'x-roles': isPublic ? ['anonymous'] : roles,
    parameters: [...paramsOf(key, path, doc), ...query],
    ...requestBodyOf(doc),
    responses: {
      [String(doc.status ?? 200)]: successResponse(doc),
      ...Object.fromEntries(errorStatuses(path, doc, ability).map((s) => [String(s), errorResponse(s)])),
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
      // Not published under an open licence (package.json is private): an SPDX reference of our own.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
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
