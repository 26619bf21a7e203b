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

/** The document's operations with their method and path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Op = { method: string; path: string; op: any };
const opsOf = (doc: { paths: Record<string, Record<string, unknown>> }): Op[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));

describe('openapi.json for a client generator (issue 40)', () => {
  it('names every operation once, in camelCase, from its method and path', async () => {
    const ops = opsOf((await s.api('GET', '/api/openapi.json')).body);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (method: string, path: string) =>
      ops.find((o) => o.method === method && o.path === path)?.op.operationId;
    expect(idOf('get', '/api/jobs/{job_id}')).toBe('getJobsByJobId');
    expect(idOf('post', '/api/jobs/{job_id}/tasks/{task_id}/submit')).toBe('postJobsTasksSubmit');
  });

  it('documents the answers every route of its kind gives', async () => {
    const ops = opsOf((await s.api('GET', '/api/openapi.json')).body);
    const docs = routeDocs((await createApp(s.deps)).router);
    // A body the call reads itself (a sign-in: malformed credentials are a 401) has no 422 of the declaration's.
    const readByCall = (method: string, path: string) =>
      docs[`${method.toUpperCase()} ${path}`].bodyCheckedBy === 'call';
    const missing = ops.flatMap(({ method, path, op }) => {
      const want = [
        400,
        ...(op.security?.length === 0 ? [] : [401]),
        ...(/\{\w+\}/.test(path) ? [404] : []),
        ...(op.requestBody?.content['application/json'] ? [413, 415] : []),
        ...(op.requestBody?.required && op.requestBody.content['application/json'] && !readByCall(method, path)
          ? [422]
          : []),
      ];
      return want.filter((s) => !op.responses[String(s)]).map((s) => `${method} ${path}: ${s}`);
    });
    expect(missing).toEqual([]);
    const oidc = ops.find((o) => o.path === '/api/auth/oidc/start')!.op;
    expect(oidc.responses['302'].headers.Location.schema).toEqual({ type: 'string', format: 'uri-reference' });
    // The sign-in reads its own body: bad credentials are a 401, never a 422.
    expect(ops.find((o) => o.path === '/api/auth/login')!.op.responses['422']).toBeUndefined();
  });

  it('gives each path position one parameter name and types ids as the server reads them', async () => {
    const doc = (await s.api('GET', '/api/openapi.json')).body;
    const ops = opsOf(doc);
    const names = new Map<string, Set<string>>();
    for (const path of Object.keys(doc.paths)) {
      const segs = path.split('/');
      segs.forEach((seg, i) => {
        if (!seg.startsWith('{')) return;
        const at = segs
          .slice(0, i + 1)
          .map((x) => (x.startsWith('{') ? '{}' : x))
          .join('/');
        names.set(at, (names.get(at) ?? new Set()).add(seg));
      });
    }
    expect([...names].filter(([, n]) => n.size > 1)).toEqual([]);
    const param = (path: string, name: string) =>
      ops.find((o) => o.path === path)!.op.parameters.find((p: { name: string }) => p.name === name);
    expect(param('/api/jobs/{job_id}', 'job_id').schema).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(param('/api/jobs/{job_id}/claim-job', 'job_id')).toBeDefined();
    expect(param('/api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}', 'kind').schema.enum).toEqual([
      'contractor',
      'ops',
    ]);
    expect(param('/api/signing/{token}', 'token').schema.pattern).toBe('^[A-Za-z0-9_-]{20,100}$');
    expect(param('/api/jobs', 'per_page').schema).toMatchObject({ minimum: 1, maximum: 200, default: 25 });
  });

  it('bounds query values as the server checks them: just past a bound is a 400, at it is not', async () => {
    const ops = opsOf((await s.api('GET', '/api/openapi.json')).body).filter(
      (o) => o.method === 'get' && !o.path.includes('{') && o.op.security?.length !== 0,
    );
    const probes: { url: string; bad: boolean }[] = [];
    for (const { path, op } of ops)
      for (const p of op.parameters.filter((x: { in: string }) => x.in === 'query')) {
        const base = op.parameters.some((x: { name: string; required?: boolean }) => x.name === 'q' && x.required)
          ? `${path}?q=heat&`
          : `${path}?`;
        const sch = p.schema;
        if (sch.type === 'integer') {
          probes.push({ url: `${base}${p.name}=${sch.minimum - 1}`, bad: true });
          probes.push({ url: `${base}${p.name}=${sch.maximum + 1}`, bad: true });
          probes.push({ url: `${base}${p.name}=${sch.maximum}`, bad: false });
        }
        if (sch.enum) probes.push({ url: `${base}${p.name}=not-one-of-them`, bad: true });
        if (sch.maxLength && p.name === 'q')
          probes.push({ url: `${base}q=${'x'.repeat(sch.maxLength + 1)}`, bad: true });
      }
    expect(probes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const probe of probes) {
      const r = await s.api('GET', probe.url, { as: 'ops' });
      if ((r.status === 400) !== probe.bad) wrong.push(`${probe.url}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
