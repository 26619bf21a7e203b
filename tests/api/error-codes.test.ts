/**
 * Every error body is `{ code, detail, errors? }` with a code of engine/api/error-codes.ts: programs
 * switch on the code, people read the detail. Checked over HTTP on one request per kind of refusal.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../engine/index.ts';
import { startServer, type TestServer, type Person } from './harness.ts';
import { createJob } from './fixtures.ts';
import { Ajv } from 'ajv';
import { STALE_COPY } from '../../engine/api/jobs.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const CODES = new Set<string>(Object.values(ERROR_CODES));

describe('error codes', () => {
  it('every code is its own name (stable strings, no two the same)', async () => {
    for (const [k, v] of Object.entries(ERROR_CODES)) expect(v).toBe(k);
  });

  const cases: [
    string,
    string,
    { as?: Person; body?: unknown; headers?: Record<string, string>; raw?: string },
    number,
    string,
  ][] = [
    ['no token', '/api/jobs', {}, 401, 'unauthenticated'],
    [
      'wrong password',
      '/api/auth/login',
      { body: { email: 'alice@company-a.test', password: 'nope' } },
      401,
      'invalid_credentials',
    ],
    ['an ops-only call as a contractor', '/api/announcements', { as: 'contractor_a' }, 403, 'forbidden'],
    ['an unknown job', '/api/jobs/999999', { as: 'ops' }, 404, 'not_found'],
    ['an unknown route', '/api/no-such-thing', { as: 'ops' }, 404, 'not_found'],
    ['a search too short', '/api/jobs/search?q=a', { as: 'ops' }, 400, 'search_too_short'],
    ['a search too long', `/api/jobs/search?q=${'x'.repeat(101)}`, { as: 'ops' }, 400, 'search_too_long'],
    ['a bad page size', '/api/jobs?per_page=0', { as: 'ops' }, 400, 'invalid_query'],
    ['a one-time link spent or unknown', '/api/auth/token', { body: { token: 'not-a-token' } }, 401, 'link_invalid'],
  ];
  it.each(cases)('%s', async (_name, path, o, status, code) => {
    const method = o.body !== undefined ? 'POST' : 'GET';
    const r = await s.api(method, path, o);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(typeof r.body.detail).toBe('string');
  });

  it('a body that is not JSON: invalid_json', async () => {
    const r = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'invalid_json', detail: 'Invalid JSON body' });
  });

  it('a 422 carries validation_failed and per-field errors', async () => {
    const r = await s.api('POST', '/api/jobs', { as: 'contractor_a', body: { first_name: '' } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('validation_failed');
    expect(r.body.errors.length).toBeGreaterThan(0);
  });

  it('a stale write: stale_version with the current copy; a duplicate job: duplicate_job', async () => {
    const job = await createJob(s, 'contractor_a');
    const task = job.tasks.find((t) => t.id === 'provide_homeowner_details')!;
    const first = await s.api('PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
      as: 'contractor_a',
      body: { data: {}, version: task.version },
    });
    expect(first.status).toBe(200);
    const stale = await s.api('PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
      as: 'contractor_a',
      body: { data: {}, version: task.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_version');
    const validCopy = new Ajv({ strict: false }).compile(STALE_COPY);
    expect(validCopy(stale.body.current), JSON.stringify(validCopy.errors)).toBe(true);
    expect(stale.body.current.version).toBe(task.version + 1);
    const again = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: {
        first_name: job.first_name,
        last_name: job.last_name,
        email: job.email,
        phone_number: job.phone_number,
        address: job.address,
        city: job.city,
        county: job.county,
        state: job.state,
        zip: job.zip,
        lat: job.lat,
        lon: job.lon,
        electric_utility: job.electric_utility,
        gas_utility: job.gas_utility,
        program_id: 'wi-hear',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('duplicate_job');
  });

  // A declaration's load step (routes/declare.ts) runs before its body check, as the calls always did.
  const missingFirst: [string, string, string, Person, number][] = [
    ['a task of an unknown job', 'PUT', '/api/jobs/999999/tasks/provide_homeowner_details/draft', 'ops', 404],
    [
      'an exception on an unknown job',
      'POST',
      '/api/jobs/999999/tasks/provide_homeowner_details/exceptions/ops',
      'ops',
      404,
    ],
    ['cancel an unknown job', 'PATCH', '/api/jobs/999999/cancel', 'ops', 404],
    ['clone an unknown job', 'POST', '/api/jobs/999999/clone', 'ops', 404],
    ['a contractor id that is not a number', 'PUT', '/api/contractor/abc', 'ops', 400],
    ['an equipment id that is not a number', 'PUT', '/api/equipment/abc', 'ops', 404],
    ['an unknown feature flag', 'PUT', '/api/feature-flags/no_such_flag', 'ops', 404],
  ];
  it.each(missingFirst)(
    '%s: found (or not) before its malformed body is read',
    async (_name, method, path, as, status) => {
      const r = await s.api(method, path, { as, body: { no_such_field: 1 } });
      expect(r.status).toBe(status);
    },
  );

  it('every code an answer carried is a known one', async () => {
    for (const path of ['/api/jobs', '/api/jobs/abc', '/api/forms/__proto__', '/api/programs/constructor']) {
      const r = await s.api('GET', path, { as: 'homeowner' });
      if (r.status >= 400) expect(CODES.has(r.body.code), `${path}: ${JSON.stringify(r.body)}`).toBe(true);
    }
  });
});
