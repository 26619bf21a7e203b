/**
 * Errors the API answers with: `{ code, detail, errors? }`, a status, a stable `code` for programs
 * (engine/api/error-codes.ts) and a `detail` a person can read (spec sect. 8). Anything else thrown is a
 * bug and answers 500 'Internal Server Error' with no trace.
 */

import { codeOfStatus, type ErrorCode, type FieldMessage } from '../engine/index.ts';

/** The spec's default status texts (sect. 8). */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Error',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error with a status, a code and a detail for the client. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly extra?: Record<string, unknown>;
  constructor(status: number, detail?: string, extra?: Record<string, unknown>, code?: ErrorCode) {
    super(detail ?? STATUS_TEXT[status] ?? 'Generic Error');
    this.status = status;
    this.code = code ?? codeOfStatus(status);
    this.detail = detail ?? STATUS_TEXT[status] ?? 'Generic Error';
    this.extra = extra;
  }
}

/** The body of an error: the code and detail first, then what the error carries. */
export function errorBody(e: ApiError): Record<string, unknown> {
  return { code: e.code, detail: e.detail, ...e.extra };
}

/** 400 with a detail. */
export const badRequest = (detail: string, code?: ErrorCode) => new ApiError(400, detail, undefined, code);
/** 401: not signed in, or bad credentials. */
export const unauthorized = (detail = STATUS_TEXT[401], code?: ErrorCode) => new ApiError(401, detail, undefined, code);
/** 403: signed in, but this role may not do this. */
export const forbidden = (detail = STATUS_TEXT[403], code?: ErrorCode) => new ApiError(403, detail, undefined, code);
/** 404: absent, or someone else's (a denied read answers 404 so ids leak nothing). */
export const notFound = (detail = STATUS_TEXT[404]) => new ApiError(404, detail);
/** 409: a stale write; nothing was overwritten. */
export const conflict = (detail: string, extra?: Record<string, unknown>, code?: ErrorCode) =>
  new ApiError(409, detail, extra, code);
/** 422 with per-field messages. */
export const validationError = (errors: FieldMessage[], detail?: string, extra?: Record<string, unknown>) =>
  new ApiError(422, detail ?? errors[0]?.message ?? STATUS_TEXT[422], { errors, ...extra });
