import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { registeredRoutes, routeDocs } from '../../server/openapi/build.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('openapi.json', () => {
  it('describes exactly the routes the router has: every one is declared (routes/declare.ts)', async () => {
    const { router } = await createApp(s.deps);
    expect(registeredRoutes(router)).toEqual(Object.keys(routeDocs(router)).sort());
    expect(registeredRoutes(router).length).toBeGreaterThan(80);
    const unsummarized = Object.entries(routeDocs(router))
      .filter(([, d]) => !d.summary?.trim() || !d.tag)
      .map(([key]) => key);
    expect(unsummarized).toEqual([]);
  });
  it('is served at /api/openapi.json without sign-in, with every route and who may call it', async () => {
    const r = await s.api('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const ops = Object.values(
      r.body.paths as Record<string, Record<string, { 'x-roles': string[]; responses: Record<string, unknown> }>>,
    ).flatMap((p) => Object.values(p));
    expect(ops.length).toBe(registeredRoutes((await createApp(s.deps)).router).length);
    expect(
      r.body.paths['/api/jobs'].get.parameters.find((p: { name: string }) => p.name === 'per_page').schema.default,
    ).toBe(25);
    expect(r.body.paths['/api/jobs/{job_id}'].get['x-roles']).toEqual(['ops', 'contractor']);
    expect(r.body.paths['/api/jobs'].post.responses['409']).toBeDefined();
  });
});
