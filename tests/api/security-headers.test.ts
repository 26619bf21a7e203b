/**
 * The security headers (server/middleware/security-headers.ts): helmet's answer is taken once and
 * replayed on every response. Held here to what koa-helmet itself sets when it runs per request with the
 * same options, on answers of every kind (the web app, a JSON answer, 401, 404, 405, a 400 of a
 * malformed query), so a replay that misses a header, keeps a stale value or skips an error answer fails.
 */

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, helmetAnswer } from '../../server/middleware/security-headers.ts';
import { startServer, type TestServer } from './harness.ts';

/** Headers of an answer that are not helmet's (the server's own, the body's). */
const NOT_HELMETS = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-request-id',
  'allow',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
]);

let s: TestServer;
let reference: Server;
let referenceUrl: string;

beforeAll(async () => {
  s = await startServer();
  const app = new Koa();
  app.use(helmet(HELMET_OPTIONS));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  await new Promise<void>((resolve) => {
    reference = app.listen(0, '127.0.0.1', () => resolve());
  });
  referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => reference.close(resolve));
  await s.close();
});

/** koa-helmet's own headers, run per request. */
async function helmetsOwn(): Promise<Record<string, string>> {
  const own: Record<string, string> = {};
  (await fetch(referenceUrl)).headers.forEach((value, name) => {
    if (!NOT_HELMETS.has(name)) own[name] = value;
  });
  return own;
}

describe('security headers', () => {
  it('are the ones koa-helmet sets per request, taken once', async () => {
    const own = await helmetsOwn();
    expect(Object.keys(own).length).toBeGreaterThanOrEqual(10);
    const taken = await helmetAnswer();
    expect(Object.fromEntries(taken.set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(own);
    expect(taken.removed.map((n) => n.toLowerCase())).toContain('x-powered-by');
  });

  it.each([
    // The web app answers 200 once built (web/dist), 404 in a checkout that has not built it.
    ['the web app', 'GET', '/', null],
    ['a JSON answer', 'GET', '/api/config', 200],
    ['401', 'GET', '/api/jobs', 401],
    ['404', 'GET', '/api/no-such-route', 404],
    ['405', 'PUT', '/api/config', 405],
    ['400 (malformed query)', 'GET', '/api/jobs?page_number=x', 400],
  ])('are on every answer: %s', async (_kind, method, path, status) => {
    const own = await helmetsOwn();
    const r = await fetch(s.url + path, {
      method,
      headers: status === 400 ? { authorization: `Bearer ${await s.tokenOf('ops')}` } : {},
    });
    if (status !== null) expect(r.status).toBe(status);
    const headers: Record<string, string> = {};
    r.headers.forEach((value, name) => (headers[name] = value));
    for (const [name, value] of Object.entries(own)) expect(headers[name], name).toBe(value);
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
