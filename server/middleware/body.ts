/**
 * JSON bodies: parsed by @koa/bodyparser under a size limit, then held to a nesting limit, so a body
 * that cannot be decoded or is nested thousands of levels deep answers 400 before any handler (or
 * JSON.stringify, or a recursive walk) sees it.
 */

import type { Next } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest } from '../errors.ts';

/** The largest JSON body, in bytes. */
export const JSON_BODY_LIMIT = '2mb';
/** The deepest nesting of objects and arrays a JSON body may have (task data needs about six). */
export const BODY_MAX_DEPTH = 32;

export const BODY_MESSAGES = {
  undecodable: 'The request body could not be decoded',
  too_deep: `The request body is nested too deeply (at most ${BODY_MAX_DEPTH} levels).`,
  nul: 'Text may not contain the NUL character (U+0000).',
} as const;

/** Whether a parsed value nests deeper than `max` (iterative: the check itself cannot overflow the stack). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** Whether a parsed body holds a NUL character in any string or key (iterative, after the depth check). */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** The body middleware: decode errors answer 400 (an unknown encoding 415), depth past the limit 400. */
export function bodyMiddleware() {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' });
  return async (ctx: AppContext, next: Next) => {
    try {
      await parse(ctx as never, async () => undefined);
    } catch (err) {
      const e = err as { status?: number };
      if (e.status === 415) throw new ApiError(415, 'Unsupported Content-Encoding', undefined, 'body_undecodable');
      // Decompression errors (zlib's Z_DATA_ERROR, brotli's ERR__ERROR_FORMAT_*) carry no status: the
      // body was not what its Content-Encoding said. Errors with a 4xx status (bad JSON, too large) pass on.
      if (typeof e.status !== 'number') throw badRequest(BODY_MESSAGES.undecodable, 'body_undecodable');
      throw err;
    }
    if (nestedDeeperThan(ctx.request.body, BODY_MAX_DEPTH)) throw badRequest(BODY_MESSAGES.too_deep, 'body_too_deep');
    // NUL is no character of any name, address or answer, and PostgreSQL text cannot hold it: refused
    // on every backend alike, wherever it comes (path, query, JSON body).
    if (/%00/.test(ctx.path) || /%00/.test(ctx.querystring) || hasNul(ctx.request.body))
      throw badRequest(BODY_MESSAGES.nul, 'invalid_value');
    await next();
  };
}
