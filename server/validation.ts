/**
 * Request bodies and queries checked against JSON Schemas (compiled once), with the spec's generic
 * messages at per-field paths (the engine's mapping, the one task forms use); a bad body answers 422
 * and changes nothing.
 */

import { MAX_ID } from './db/portable.ts';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { REQUEST_AJV_OPTIONS, requestMessages } from '../engine/api/request-checks.ts';
import { badRequest, validationError } from './errors.ts';

// The options and the message mapping the pages' forms check the same bodies with (engine/api/request-checks.ts).
const ajv = new Ajv({ ...REQUEST_AJV_OPTIONS });
(addFormats as unknown as (a: Ajv) => void)(ajv);

/** A JSON Schema for a request body. */
export type BodySchema = Record<string, unknown>;

const cache = new WeakMap<BodySchema, ValidateFunction>();

/** Validates a body: returns it typed, or throws 422 with per-field messages. */
export function checkBody<T>(schema: BodySchema, body: unknown): T {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('A JSON object body is required', 'body_required');
  if (!validate(body)) throw validationError(requestMessages(validate.errors));
  return body as T;
}

/** Query value readers: undefined when absent, 400 when malformed. */
export const query = {
  int(q: Record<string, unknown>, name: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
    // No number the database stores is larger (ids, stages, pages).
    if (opts.max === undefined && n > MAX_ID)
      throw badRequest(`Query parameter '${name}' must be at most ${MAX_ID}`, 'invalid_query');
    if (
      !Number.isSafeInteger(n) ||
      (opts.min !== undefined && n < opts.min) ||
      (opts.max !== undefined && n > opts.max)
    )
      throw badRequest(
        `Query parameter '${name}' must be a whole number${opts.min !== undefined ? ` from ${opts.min}` : ''}${opts.max !== undefined ? ` to ${opts.max}` : ''}`,
        'invalid_query',
      );
    return n;
  },
  ints(q: Record<string, unknown>, name: string): number[] | undefined {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    const list = (Array.isArray(v) ? v : String(v).split(',')).map(String);
    if (!list.every((s) => /^\d{1,10}$/.test(s) && Number(s) <= MAX_ID))
      throw badRequest(`Query parameter '${name}' must be whole numbers`, 'invalid_query');
    return list.map(Number);
  },
  bool(q: Record<string, unknown>, name: string): boolean | undefined {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw badRequest(`Query parameter '${name}' must be true or false`, 'invalid_query');
  },
  str(q: Record<string, unknown>, name: string, allowed?: readonly string[]): string | undefined {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') throw badRequest(`Query parameter '${name}' must be given once`, 'invalid_query');
    if (allowed && !allowed.includes(v))
      throw badRequest(`Query parameter '${name}' must be one of: ${allowed.join(', ')}`, 'invalid_query');
    return v;
  },
};
