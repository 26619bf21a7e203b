/**
 * The one typed client every call goes through (spec sect. 7 and 8): bearer token, a request id header,
 * undefined query values omitted, errors as toasts with the server's `detail` (or 'Unexpected error
 * occurred.') unless the request lists the status in Ignore-Errors; a 401 while signed in shows
 * 'Invalid user permissions, redirecting to login.' and signs out after 5 s.
 */

import { PRODUCT_CONSTANTS } from '../../engine/constants.ts';
import { codeOfStatus, type ErrorCode } from '../../engine/api/error-codes.ts';
import { errorToast } from './toaster.ts';
import { safeReturnPath } from './safe-url.ts';
import { getSession, setSession } from './session.ts';

/** The API's base URL (same origin by default). */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** The spec's default status texts (sect. 8). */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  422: 'Validation Error',
};

/** Client-side messages of spec sect. 8. */
export const CLIENT_MESSAGES = {
  unexpected: 'Unexpected error occurred.',
  permissions: 'Invalid user permissions, redirecting to login.',
  failed_fetch: 'Failed to fetch...',
} as const;

/** An error answer of the API. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown> | undefined;
  /** The stable code of the error (engine/api/error-codes.ts): what the app switches on. */
  readonly code: ErrorCode;
  constructor(status: number, message: string, body?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.body = body;
    this.code = typeof body?.code === 'string' ? (body.code as ErrorCode) : codeOfStatus(status);
  }
  /** Per-field messages of a 422. */
  get fieldErrors(): { path: string; message: string }[] {
    return (this.body?.errors as { path: string; message: string }[] | undefined) ?? [];
  }
}

/** Options of one call. */
export interface CallOptions {
  query?: Record<string, string | number | boolean | (string | number)[] | undefined | null>;
  body?: unknown;
  /** Statuses whose error toast is suppressed (sent as the Ignore-Errors header). */
  ignoreErrors?: number[];
  signal?: AbortSignal;
}

let loggingOut = false;
/** Calls whose 401 means "these credentials are wrong" (shown by their form), not "your session ended". */
const CREDENTIAL_CALLS =
  /^\/api\/auth\/(login|logout|token|invite|playwright|forgot-password|reset-password)(?:[/?]|$)/;

/**
 * A 401 while signed in (an expired or revoked session): one toast, and after the spec's 5 s the
 * sign-out, which brings the user back to this page once signed in again.
 */
function signOutSoon(): void {
  if (loggingOut) return;
  loggingOut = true;
  errorToast(CLIENT_MESSAGES.permissions);
  setTimeout(() => {
    loggingOut = false;
    const here = safeReturnPath(window.location.pathname + window.location.search + window.location.hash);
    window.location.assign(here ? `/logout?redirect=${encodeURIComponent(here)}` : '/logout');
  }, PRODUCT_CONSTANTS.logout_delay_ms);
}

/** Builds a query string, omitting undefined and null values. */
export function queryString(q: CallOptions['query']): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Calls the API; throws ApiError on a non-success status. */
export async function api<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const session = getSession();
  const headers: Record<string, string> = { 'X-Request-Id': crypto.randomUUID() };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  if (opts.ignoreErrors?.length) headers['Ignore-Errors'] = opts.ignoreErrors.join(',');
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${queryString(opts.query)}`, { method, headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name !== 'AbortError') errorToast(CLIENT_MESSAGES.failed_fetch);
    throw e;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (res.ok) return parsed as T;
  const detail = (parsed as { detail?: unknown } | undefined)?.detail;
  const message =
    typeof detail === 'string'
      ? detail
      : (STATUS_TEXT[res.status] ?? `Generic Error: ${res.status} ${res.statusText} ${text.slice(0, 200)}`);
  const err = new ApiError(res.status, message, parsed as Record<string, unknown>);
  if (res.status === 401 && !CREDENTIAL_CALLS.test(path)) {
    if (session) signOutSoon();
    // No token (another tab removed it): tell the app, which goes to sign-in.
    else setSession(null);
    throw err;
  }
  if (!opts.ignoreErrors?.includes(res.status))
    errorToast(typeof detail === 'string' ? detail : CLIENT_MESSAGES.unexpected);
  throw err;
}
