/**
 * The HTTP client plumbing the adapters to outside services share (payments.ts, utility-data.ts): a
 * request bounded by a time-out, body included; an answer read up to a size; the error code its status or
 * failure means, thrown as the adapter's own error class; and the checks an answer's fields pass before
 * they are believed (a failed one throws Malformed, which the request turns into `unavailable`).
 */

/** An answer that is not what the contract promises. */
export class Malformed extends Error {}

export function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Malformed(`${where} is not an object`);
  return value as Record<string, unknown>;
}

export function text(o: Record<string, unknown>, key: string, where: string, nonEmpty = false): string {
  const v = o[key];
  if (typeof v !== 'string' || (nonEmpty && !v))
    throw new Malformed(`${where}.${key} is not a${nonEmpty ? ' non-empty' : ''} string`);
  return v;
}

export function nullableText(o: Record<string, unknown>, key: string, where: string): string | null {
  return o[key] === null ? null : text(o, key, where);
}

export function nullableTime(o: Record<string, unknown>, key: string, where: string): string | null {
  const v = nullableText(o, key, where);
  if (v !== null && Number.isNaN(Date.parse(v))) throw new Malformed(`${where}.${key} is not a time`);
  return v;
}

export function oneOf<T extends string>(
  o: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
  where: string,
): T {
  const v = o[key];
  if (!allowed.includes(v as T)) throw new Malformed(`${where}.${key} is not one of ${allowed.join(', ')}`);
  return v as T;
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Malformed('the body is not JSON');
  }
}

/** The answer body as text, refusing more than `maxBytes`. */
async function readAnswer(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Malformed(`the answer is over ${maxBytes} bytes`);
    }
    out += decoder.decode(value, { stream: true });
  }
}

/** The service's own error text from a JSON {error} body, if any, shortened. */
function serviceError(body: string): string {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    return typeof error === 'string' ? `: ${error.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** The error codes every adapter has: `unavailable` (worth retrying), `not_found` (404), `rejected` (any other 4xx). */
type CommonCode = 'unavailable' | 'not_found' | 'rejected';

/** `timeout_ms` bounds each request, body included (default 10 s); `fetch` replaces the global one. */
export interface HttpClientOptions {
  timeout_ms?: number;
  fetch?: typeof fetch;
}

/**
 * Requests to the service at `baseUrl`. `service.name` starts every error message; `service.error` is the
 * adapter's error class; `service.statuses` gives the codes of statuses beyond the common ones (a 410 ->
 * `revoked`).
 */
export function httpClient<Code extends string>(
  baseUrl: string,
  o: HttpClientOptions,
  service: {
    name: string;
    max_answer_bytes: number;
    error: new (code: Code | CommonCode, message: string) => Error;
    statuses?: Readonly<Partial<Record<number, Code>>>;
  },
) {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = o.timeout_ms ?? 10_000;
  const send = o.fetch ?? ((input, init) => fetch(input, init));

  /** The 2xx answer's body as text, or the adapter's error its status or failure means. */
  async function call(
    method: 'GET' | 'POST',
    target: string,
    json?: unknown,
    accept = 'application/json',
  ): Promise<string> {
    const what = `${method} ${target.split('?')[0]}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let body: string;
    try {
      res = await send(base + target, {
        method,
        signal,
        headers: { accept, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      body = await readAnswer(res, service.max_answer_bytes);
    } catch (error) {
      if (error instanceof Malformed)
        throw new service.error('unavailable', `${service.name}: ${what}: ${error.message}`);
      const reason = signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : `unreachable (${error instanceof Error ? error.message : String(error)})`;
      throw new service.error('unavailable', `${service.name}: ${what}: ${reason}`);
    }
    if (res.status >= 200 && res.status < 300) return body;
    const message = `${service.name}: ${what} answered ${res.status}${serviceError(body)}`;
    if (res.status === 404) throw new service.error('not_found', message);
    const code = service.statuses?.[res.status];
    if (code) throw new service.error(code, message);
    if (res.status >= 400 && res.status < 500) throw new service.error('rejected', message);
    throw new service.error('unavailable', message);
  }

  /** The answer read by `read`; a body of the wrong shape (Malformed) is `unavailable`. */
  async function answer<T>(
    method: 'GET' | 'POST',
    target: string,
    read: (body: string) => T,
    json?: unknown,
    accept?: string,
  ): Promise<T> {
    const body = await call(method, target, json, accept);
    try {
      return read(body);
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      throw new service.error(
        'unavailable',
        `${service.name}: ${method} ${target.split('?')[0]} answered malformed data: ${error.message}`,
      );
    }
  }

  return { call, answer };
}
