/** The answer contracts: carried by openapi.json, and every answer of the API tests is checked against them. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { PROVIDER_ANSWER } from '../../engine/api/admin-responses.ts';
import { checkAnswer, routeOf, routesWithAnswers } from './contracts.ts';
import { routeDocs } from '../../server/openapi/build.ts';
import { startServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('answer contracts', () => {
  it('every operation declares its 2xx answer (a JSON Schema, no content, or a non-JSON type) and every write its body or that it has none', async () => {
    const gaps = Object.entries(routeDocs((await createApp(s.deps)).router)).flatMap(([key, d]) => [
      ...(!d.response && d.status !== 204 && !d.produces ? [`${key}: no answer schema`] : []),
      ...(/^(POST|PUT|PATCH) /.test(key) && !d.body && !d.noBody ? [`${key}: no request schema`] : []),
    ]);
    expect(gaps).toEqual([]);
  });

  it('openapi.json carries them as the 2xx schema', async () => {
    expect(routesWithAnswers((await createApp(s.deps)).router)).toEqual(
      expect.arrayContaining([
        'GET /api/jobs',
        'GET /api/jobs/internal',
        'GET /api/contractor/{id}',
        'GET /api/providers/{id}',
      ]),
    );
    const doc = await s.api('GET', '/api/openapi.json');
    expect(doc.body.paths['/api/providers/{id}'].get.responses['200'].content['application/json'].schema).toEqual(
      JSON.parse(JSON.stringify(PROVIDER_ANSWER)),
    );
  });

  it('a real answer passes; one with a field added, dropped or retyped fails', async () => {
    const created = await s.api('POST', '/api/providers', {
      as: 'ops',
      body: { name: 'We Energies', type: 'both', states: ['WI'] },
    });
    expect(created.status).toBe(201);
    const { router } = await createApp(s.deps);
    const path = `/api/providers/${created.body.id}`;
    expect(routeOf(router, 'GET', path)).toBe('GET /api/providers/{id}');
    expect(() => checkAnswer(router, 'GET', path, 200, created.body)).not.toThrow();
    expect(() => checkAnswer(router, 'GET', path, 200, { ...created.body, internal_note: 'x' })).toThrow(
      /outside its contract/,
    );
    const { notes: _dropped, ...withoutNotes } = created.body;
    expect(() => checkAnswer(router, 'GET', path, 200, withoutNotes)).toThrow(/outside its contract/);
    expect(() => checkAnswer(router, 'GET', path, 200, { ...created.body, states: 'WI' })).toThrow(
      /outside its contract/,
    );
    // Errors are not answers: they have their own schema.
    expect(() => checkAnswer(router, 'GET', path, 404, { code: 'not_found', detail: 'Not Found' })).not.toThrow();
  });
});
