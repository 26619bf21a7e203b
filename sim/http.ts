/**
 * The HTTP plumbing the simulated services share (sim/ap/server.ts, sim/utility/server.ts): a route table
 * served on a port (404 for an unknown path, 405 for a wrong method, an HttpError or any other failure
 * answered as JSON {error} or the service's own error page, never a crash), request bodies read within a
 * limit, and the date check both services' inputs need.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Largest request body read; a larger one is drained and answered 413 (up to DRAIN_LIMIT, then the socket is cut). */
const BODY_LIMIT = 16 * 1024;
const DRAIN_LIMIT = 8 * 1024 * 1024;

export interface Reply {
  status: number;
  /** JSON value, or text with `type`. */
  json?: unknown;
  text?: string;
  type?: string;
  location?: string;
}

/** A failure answered with its status and message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Handler = (req: IncomingMessage, params: string[], query: URLSearchParams) => Promise<Reply> | Reply;

/** A route: the method, the whole path (its groups become the handler's decoded params), the handler. */
export type Route = [method: string, path: RegExp, handler: Handler];

/** The request body as text, at most `limit` bytes (default BODY_LIMIT; a larger one is drained up to DRAIN_LIMIT). */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > Math.max(DRAIN_LIMIT, limit)) req.destroy();
    });
    req.on('end', () =>
      size > limit
        ? reject(new HttpError(413, `request body over ${limit} bytes`))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
    req.on('close', () => reject(new HttpError(400, 'request body cut off')));
  });
}

/** The request body as a JSON object (400 otherwise), read within `limit` bytes as readBody does. */
export async function readJsonObject(req: IncomingMessage, limit = BODY_LIMIT): Promise<Record<string, unknown>> {
  const text = await readBody(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Whether a text is a real date YYYY-MM-DD. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

async function route(routes: readonly Route[], req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://sim.invalid');
  const matching = routes.filter(([, path]) => path.test(url.pathname));
  if (matching.length === 0) throw new HttpError(404, 'no such route');
  const hit = matching.find(([method]) => method === req.method);
  if (!hit) throw new HttpError(405, 'method not allowed');
  const params = (hit[1].exec(url.pathname) ?? []).slice(1).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw new HttpError(400, 'malformed path');
    }
  });
  return hit[2](req, params, url.searchParams);
}

function send(res: ServerResponse, reply: Reply, extraHeaders: Readonly<Record<string, string>>): void {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  };
  let body = '';
  if (reply.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(reply.json);
  } else if (reply.text !== undefined) {
    headers['content-type'] = reply.type ?? 'text/plain; charset=utf-8';
    body = reply.text;
  }
  if (headers['content-type']?.startsWith('text/html')) {
    headers['content-security-policy'] =
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";
  }
  if (reply.location) headers.location = reply.location;
  res.writeHead(reply.status, headers);
  res.end(body);
}

/**
 * Serves `routes` on `port` (default: any free one) of `host` (default 127.0.0.1) until `close`. `headers`
 * go on every reply besides cache-control and nosniff; `errorPage` answers a failed request with a page
 * instead of JSON {error} where it gives one.
 */
export async function serve(
  routes: readonly Route[],
  o: {
    port?: number;
    host?: string;
    headers?: Readonly<Record<string, string>>;
    errorPage?: (req: IncomingMessage, status: number, message: string) => Reply | undefined;
  },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    route(routes, req)
      .catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        const message = error instanceof HttpError ? error.message : 'internal error';
        return o.errorPage?.(req, status, message) ?? { status, json: { error: message } };
      })
      .then((reply) => {
        if (!res.headersSent && !res.destroyed) send(res, reply, o.headers ?? {});
      })
      .catch(() => res.destroy());
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // A client that computes for a while (a test sharing the event loop, a busy machine) sees the server close an idle
  // kept-alive socket after Node's 5 s only once it reuses it: 'fetch failed' (CI of fea8ac3, the utility simulator).
  // Idle sockets stay open a minute, longer than fetch keeps them; close() ends them.
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
