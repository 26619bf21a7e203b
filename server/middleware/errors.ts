/**
 * First in the chain: every error becomes JSON `{ code, detail, errors? }` with the spec's status text;
 * unknown errors are logged with the request id and answer 500 without a trace or SQL.
 */

import type { Next } from 'koa';
import { codeOfStatus, ERROR_CODES } from '../../engine/index.ts';
import { ApiError, errorBody, STATUS_TEXT } from '../errors.ts';
import type { AppContext } from '../context.ts';

/** What a request with a value the database cannot hold hears. */
export const INVALID_VALUE = 'A value in the request is out of range or is not valid text.';

export function errorMiddleware() {
  return async (ctx: AppContext, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { code: ERROR_CODES.not_found, detail: STATUS_TEXT[404] };
      }
    } catch (err) {
      const e = err as { status?: number; expose?: boolean; message?: string; type?: string };
      if (err instanceof ApiError) {
        ctx.status = err.status;
        ctx.body = errorBody(err);
        return;
      }
      // Errors raised by Koa's own middleware (body parsing: 400/413/415) carry a status and are safe.
      if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
        ctx.status = e.status;
        const badJson = e.status === 400 && ((err as Error).name === 'SyntaxError' || e.type === 'entity.parse.failed');
        ctx.body = badJson
          ? { code: ERROR_CODES.invalid_json, detail: 'Invalid JSON body' }
          : { code: codeOfStatus(e.status), detail: STATUS_TEXT[e.status] ?? 'Generic Error' };
        return;
      }
      // A value the database refuses as data (PostgreSQL's class 22: a number out of range, a NUL in
      // text): the request's fault, and nothing was written (its transaction rolled back).
      const sqlState = (err as { code?: unknown }).code;
      if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
        ctx.status = 400;
        ctx.body = { code: ERROR_CODES.invalid_value, detail: INVALID_VALUE };
        return;
      }
      ctx.deps.log({
        level: 'error',
        request_id: ctx.state.request_id,
        method: ctx.method,
        path: ctx.path,
        error: e.message,
        stack: (err as Error).stack,
      });
      ctx.status = 500;
      ctx.body = { code: ERROR_CODES.internal, detail: STATUS_TEXT[500] };
    }
  };
}
