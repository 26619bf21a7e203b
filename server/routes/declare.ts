/**
 * One declaration per route: method, path, ability, what it takes (query, body schema) and answers
 * (status, answer schema), its summary, and its handler. The router, the ability check, the body check,
 * openapi.json (openapi/build.ts) and the access-matrix test are all fed by it, so nothing about a
 * route is written twice. Shape as Outline's routes: validate, authorize, command, present.
 */

import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { can, type Ability, type Guard } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { checkBody } from '../validation.ts';

/** A query parameter as openapi.json describes it. */
export interface QueryDoc {
  description: string;
  schema: Record<string, unknown>;
  /** The call answers 400 without it. */
  required?: boolean;
}

/** A path parameter as openapi.json describes it (most come from server/openapi/path-params.ts by name). */
export type ParamDoc = QueryDoc;

/** What a route does, takes and answers (who may call it is its ability: server/abilities.ts). */
export interface RouteDoc {
  tag: string;
  summary: string;
  /**
   * openapi.json's operationId where the one derived from the method and path (openapi/build.ts) reads badly;
   * camelCase, unique.
   */
  operationId?: string;
  query?: Record<string, QueryDoc>;
  /** Path parameters this route checks otherwise than server/openapi/path-params.ts says of their name. */
  params?: Record<string, ParamDoc>;
  /** The JSON Schema of the body (engine/api): checked before the handler runs (422 with messages per field). */
  body?: JSONSchema;
  /**
   * A body the call reads itself instead of the declaration checking it (said why): a sign-in answers
   * any malformed credentials as a failed sign-in (401), never 422. openapi.json still carries the schema.
   */
  bodyCheckedBy?: 'call';
  multipart?: boolean;
  /** The success status (200 unless given). */
  status?: number;
  returns?: string;
  /** The JSON Schema of the 2xx answer (engine/api): openapi.json carries it, the API tests check answers against it.
   * */
  response?: Record<string, unknown>;
  /**
   * A write that takes no body (its path says all); `'ignored'`: a JSON object sent anyway is read by nothing (the
   * spec's callers of the filter options send `{}`), so openapi.json offers an optional one.
   */
  noBody?: true | 'ignored';
  /** An answer that is not JSON: its content type (a generated module, a file's bytes). */
  produces?: 'text/javascript' | 'application/octet-stream' | 'text/csv' | 'text/event-stream';
  /**
   * Error statuses particular to this route: the ones every route of its kind gives (400 for anything, 401, 403,
   * 404 with a path parameter, 413/415/422 with a body) are documented without being listed (openapi/build.ts).
   */
  errors?: number[];
}

/** A route's declaration. */
export type RouteSpec<B extends JSONSchema | undefined = undefined, L = undefined> = Omit<RouteDoc, 'body'> & {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The Koa path (`/api/jobs/:job_id`). */
  path: string;
  ability: Ability;
  body?: B;
  /**
   * What the path names (a job the caller may see, a numeric id, a known flag), found after the guard
   * and before the body check, so a missing one answers 404 whatever the body; the handler gets it.
   */
  load?: (ctx: AppContext) => L | Promise<L>;
};

/** The body a handler receives: typed from the body schema when the declaration checks it. */
type BodyOf<B> = B extends JSONSchema ? (B extends boolean ? unknown : FromSchema<B>) : undefined;

/**
 * What a handler returns is the answer (sent with the declared status); a handler that answers
 * otherwise (a file's bytes, headers of its own) sets ctx.body itself and returns nothing.
 */
export type Handler<B, L = undefined> = (ctx: AppContext, body: BodyOf<B>, loaded: L) => unknown;

/** The guard of a declared route: its ability (the access check) and its description. */
export type DeclaredGuard = Guard & { doc: RouteDoc };

/** Registers a route on the router from its declaration. */
export function route<const B extends JSONSchema | undefined = undefined, L = undefined>(
  router: AppRouter,
  spec: RouteSpec<B, L>,
  handler: Handler<B, L>,
): void {
  const { method, path, ability, load, ...doc } = spec;
  const guard = can(ability) as DeclaredGuard;
  guard.doc = doc as RouteDoc;
  const checks = spec.body !== undefined && spec.bodyCheckedBy !== 'call' && !spec.multipart;
  router[method](path, guard, async (ctx: AppContext) => {
    const loaded = (load ? await load(ctx) : undefined) as L;
    const body = (checks ? checkBody(spec.body as Record<string, unknown>, ctx.request.body) : undefined) as BodyOf<B>;
    const answer = await handler(ctx, body, loaded);
    if (answer !== undefined) ctx.body = answer;
    if (spec.status !== undefined) ctx.status = spec.status;
  });
}
