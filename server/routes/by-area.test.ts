/**
 * routesByArea answers every request as the whole router does: over the portal's own route table
 * (paths and methods as declared, each handler recording that it ran and passing on, so every route a
 * request matches shows, in order), for each route's path with its parameters filled, under every
 * method, and for paths of no area, of another case, of an unknown area, with a trailing slash.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, AppRouter } from '../context.ts';
import { routeModules } from './index.ts';
import { WORKFLOWS } from '../workflows/index.ts';
import { routesByArea } from './by-area.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** The portal's route table with handlers that record the route and pass on. */
function stubRouter(): AppRouter {
  const real: AppRouter = new Router();
  for (const register of routeModules(WORKFLOWS)) register(real);
  const stub: AppRouter = new Router();
  for (const layer of real.stack) {
    stub.register(
      layer.path,
      layer.methods.filter((m) => m !== 'HEAD'),
      async (ctx: AppContext, next) => {
        const ran = ((ctx.state as { ran?: string[] }).ran ??= []);
        ran.push(`${layer.methods.join(',')} ${String(layer.path)} ${JSON.stringify(ctx.params)}`);
        ctx.body = ran;
        await next();
      },
    );
  }
  return stub;
}

function serve(use: (app: Koa) => void): Promise<{ server: http.Server; port: number }> {
  const app = new Koa();
  use(app);
  // What answers after the routes when none did, as the web app does: a GET outside /api.
  app.use((ctx) => {
    if (ctx.method === 'GET' && !ctx.path.startsWith('/api/') && ctx.path !== '/api' && ctx.body === undefined)
      ctx.body = 'fallback';
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

function call(port: number, method: string, path: string): Promise<{ status: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let whole: { server: http.Server; port: number };
let byArea: { server: http.Server; port: number };
let paths: string[];

beforeAll(async () => {
  const router = stubRouter();
  whole = await serve((app) => {
    app.use(router.routes());
    app.use(router.allowedMethods());
  });
  byArea = await serve((app) => app.use(routesByArea(router)));
  const declared = router.stack.map((l) => String(l.path).replace(/:(\w+)/g, (_, name: string) => `${name}7`));
  paths = [
    ...new Set([
      ...declared,
      ...declared.map((p) => `${p}/`),
      '/',
      '/jobs/12',
      '/assets/app.js',
      '/api',
      '/api/',
      '/api/unknown',
      '/api/unknown/1',
      '/API/JOBS',
      '/api/JOBS',
      '/api/jobs/search',
      '/api/jobs/12/tasks/x/y/z',
    ]),
  ];
});
afterAll(() => {
  whole.server.close();
  byArea.server.close();
});

describe('routesByArea', () => {
  it('splits the route table into areas (a request is matched against a few routes, not all)', () => {
    const router = stubRouter();
    expect(router.stack.length).toBeGreaterThan(100);
    expect(
      router.stack.filter((l) => String(l.path).startsWith('/api/jobs/') || l.path === '/api/jobs').length,
    ).toBeLessThan(router.stack.length / 2);
  });

  it('answers every path under every method as the whole router does', async () => {
    let compared = 0;
    for (const path of paths) {
      for (const method of METHODS) {
        const [a, b] = await Promise.all([call(whole.port, method, path), call(byArea.port, method, path)]);
        expect({ method, path, ...b }).toEqual({ method, path, ...a });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
