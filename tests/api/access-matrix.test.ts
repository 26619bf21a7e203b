/**
 * The access matrix: every route of the API x anonymous, homeowner, contractor of company A, contractor
 * of company B, ops. 'ok' means the call got past access control (2xx, or a 400/409/422 about its
 * input); 404 for a job of someone else is the intended answer (ids leak nothing).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PEOPLE, startServer, type Person, type TestServer } from './harness.ts';
import { createJob, MILWAUKEE } from './fixtures.ts';
import { createApp } from '../../server/app.ts';
import { registeredRoutes } from '../../server/openapi/build.ts';
import { EXTRA_ACCESS } from './access-matrix-extra.ts';

type Who = 'anonymous' | Person;
type Outcome = 'ok' | 401 | 403 | 404 | 422 | 503;
/** Ids a row's path and body may use; a fresh job for rows that change their job. */
export interface Ctx {
  s: TestServer;
  job: { id: number; code: string };
  fresh: () => Promise<{ id: number; code: string }>;
}
/** One row of the matrix. */
export interface Row {
  path: (c: Ctx) => Promise<string> | string;
  body?: (c: Ctx) => unknown;
  expect: Record<Who, Outcome>;
  /** Call with a token of its own (sign-out revokes the token it is called with). */
  ownToken?: boolean;
}

const WHO: Who[] = ['anonymous', 'homeowner', 'contractor_a', 'contractor_b', 'ops'];
const all = (o: Outcome): Record<Who, Outcome> => ({ anonymous: 401, homeowner: o, contractor_a: o, contractor_b: o, ops: o });
const opsOnly: Record<Who, Outcome> = { anonymous: 401, homeowner: 403, contractor_a: 403, contractor_b: 403, ops: 'ok' };
const opsAndContractors: Record<Who, Outcome> = { anonymous: 401, homeowner: 403, contractor_a: 'ok', contractor_b: 'ok', ops: 'ok' };
/** A job of company A whose homeowner is the test homeowner. */
const jobA = (homeowner: Outcome): Record<Who, Outcome> => ({ anonymous: 401, homeowner, contractor_a: 'ok', contractor_b: 404, ops: 'ok' });
const jobAOpsOnly: Record<Who, Outcome> = { anonymous: 401, homeowner: 403, contractor_a: 403, contractor_b: 403, ops: 'ok' };
const publicRoute: Record<Who, Outcome> = { anonymous: 'ok', homeowner: 'ok', contractor_a: 'ok', contractor_b: 'ok', ops: 'ok' };

const ROWS: Record<string, Row> = {
  'GET /api/config': { path: () => '/api/config', expect: publicRoute },
  'POST /api/auth/login': { path: () => '/api/auth/login', body: () => ({ email: 'x@example.test', password: 'y' }), expect: { anonymous: 401, homeowner: 401, contractor_a: 401, contractor_b: 401, ops: 401 } },
  'POST /api/auth/logout': { path: () => '/api/auth/logout', expect: publicRoute, ownToken: true },
  'GET /api/auth/me': { path: () => '/api/auth/me', expect: all('ok') },
  'POST /api/auth/token': { path: () => '/api/auth/token', body: () => ({ token: 'nope' }), expect: { anonymous: 401, homeowner: 401, contractor_a: 401, contractor_b: 401, ops: 401 } },
  'POST /api/auth/login-links': { path: () => '/api/auth/login-links', body: (c) => ({ user_id: c.s.ids.users.homeowner }), expect: opsOnly },
  'POST /api/auth/forgot-password': { path: () => '/api/auth/forgot-password', body: () => ({ email: 'nobody@example.test' }), expect: publicRoute },
  'POST /api/auth/reset-password': { path: () => '/api/auth/reset-password', body: () => ({ token: 'x', password: 'long enough password' }), expect: publicRoute },
  'POST /api/auth/playwright': { path: () => '/api/auth/playwright', body: () => ({}), expect: { anonymous: 401, homeowner: 401, contractor_a: 401, contractor_b: 401, ops: 401 } },
  // Off unless GOOGLE_CLIENT_ID is configured: 503 for everyone.
  'POST /api/auth/google': { path: () => '/api/auth/google', body: () => ({ id_token: 'x' }), expect: { anonymous: 503, homeowner: 503, contractor_a: 503, contractor_b: 503, ops: 503 } },
  'GET /api/auth/outbox': { path: () => '/api/auth/outbox', expect: opsOnly },
  'GET /api/openapi.json': { path: () => '/api/openapi.json', expect: publicRoute },

  'GET /api/jobs': { path: () => '/api/jobs', expect: all('ok') },
  'GET /api/jobs/internal': { path: () => '/api/jobs/internal', expect: opsOnly },
  'GET /api/jobs/summary': { path: () => '/api/jobs/summary', expect: all('ok') },
  'GET /api/jobs/summary-internal': { path: () => '/api/jobs/summary-internal', expect: opsOnly },
  'POST /api/jobs': { path: () => '/api/jobs', body: (c) => ({ first_name: 'Mat', last_name: `Rix${Math.random()}`.slice(0, 20), ...MILWAUKEE, program_id: 'wi-hear', contractor_id: c.s.ids.contractor_a }), expect: opsAndContractors },
  'POST /api/jobs/filters': { path: () => '/api/jobs/filters', body: () => ({}), expect: opsAndContractors },
  'GET /api/jobs/initial-eligibility/{google_place_id}': { path: () => '/api/jobs/initial-eligibility/matrix-place', expect: opsAndContractors },
  'GET /api/jobs/code/{short_code}': { path: (c) => `/api/jobs/code/${c.job.code}`, expect: jobA('ok') },
  'GET /api/jobs/homeowner/{id}': { path: (c) => `/api/jobs/homeowner/${c.job.id}`, expect: jobA('ok') },
  'POST /api/jobs/homeowner/confirm-tasks-done/{job_id}': { path: (c) => `/api/jobs/homeowner/confirm-tasks-done/${c.job.id}`, expect: { anonymous: 401, homeowner: 'ok', contractor_a: 403, contractor_b: 403, ops: 'ok' } },
  'GET /api/jobs/{job_id}': { path: (c) => `/api/jobs/${c.job.id}`, expect: jobA(403) },
  'GET /api/jobs/{job_id}/history': { path: (c) => `/api/jobs/${c.job.id}/history`, expect: jobA(403) },
  'PATCH /api/jobs/{job_id}/cancel': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/cancel`, body: () => ({ reason: 'mistake' }), expect: jobA(403) },
  'PATCH /api/jobs/{job_id}/restore': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/restore`, expect: jobA(403) },
  'PUT /api/jobs/{id}/claim-job': { path: (c) => `/api/jobs/${c.job.id}/claim-job`, expect: jobAOpsOnly },
  'PUT /api/jobs/{id}/set-job-as-deemed': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/set-job-as-deemed`, expect: jobAOpsOnly },
  'PATCH /api/jobs/{job_id}/regenerate-documents': { path: (c) => `/api/jobs/${c.job.id}/regenerate-documents?task_name=collect_document_signatures`, expect: jobAOpsOnly },
  'POST /api/jobs/{job_id}/clone': { path: (c) => `/api/jobs/${c.job.id}/clone`, body: () => ({ program_id: 'ga-hear' }), expect: jobA(403) },

  'GET /api/jobs/{job_id}/tasks': { path: (c) => `/api/jobs/${c.job.id}/tasks`, expect: jobA('ok') },
  'GET /api/jobs/{job_id}/tasks/{task_id}': { path: (c) => `/api/jobs/${c.job.id}/tasks/provide_services`, expect: jobA(404) },
  'PUT /api/jobs/{job_id}/tasks/{task_id}/draft': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/draft`, body: () => ({ data: {}, version: 0 }), expect: jobA(404) },
  'POST /api/jobs/{job_id}/tasks/{task_id}/submit': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/submit`, body: () => ({ data: {}, version: 0 }), expect: jobA(404) },
  'POST /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/exceptions/contractor`, body: () => ({}), expect: jobA(403) },
  'DELETE /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/exceptions/contractor`, expect: jobA(403) },
  'POST /api/jobs/{job_id}/tasks/{task_id}/transfer': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/transfer`, body: () => ({ role: 'ops', reason: 'help' }), expect: { anonymous: 401, homeowner: 403, contractor_a: 403, contractor_b: 404, ops: 'ok' } },
  'POST /api/jobs/{job_id}/tasks/{task_id}/reset': { path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/reset`, expect: { anonymous: 401, homeowner: 403, contractor_a: 403, contractor_b: 404, ops: 'ok' } },
  'GET /api/definitions/sources': { path: () => '/api/definitions/sources', expect: opsOnly },
  'GET /api/definitions/jobs/{job_id}/input': { path: (c) => `/api/definitions/jobs/${c.job.id}/input`, expect: jobAOpsOnly },
  'GET /api/forms/{form}': { path: () => '/api/forms/provide_services', expect: all('ok') },

  'GET /api/contractor/simple-list': { path: () => '/api/contractor/simple-list', expect: opsAndContractors },
  'GET /api/contractor/current/contractor': { path: () => '/api/contractor/current/contractor', expect: { anonymous: 401, homeowner: 403, contractor_a: 'ok', contractor_b: 'ok', ops: 403 } },
  'POST /api/contractor/filters': { path: () => '/api/contractor/filters', body: () => ({}), expect: opsAndContractors },
  'POST /api/contractor/invite-internal': { path: () => '/api/contractor/invite-internal', body: () => ({ email: `ops${Math.random().toString(36).slice(2)}@example.test`, name: 'New Ops' }), expect: opsOnly },
  'POST /api/contractor/invite': { path: () => '/api/contractor/invite', body: (c) => ({ email: `c${Math.random().toString(36).slice(2)}@example.test`, name: 'New Tech', contractor_id: c.s.ids.contractor_a }), expect: { anonymous: 401, homeowner: 403, contractor_a: 'ok', contractor_b: 403, ops: 'ok' } },
  'GET /api/contractor': { path: () => '/api/contractor', expect: opsAndContractors },
  'POST /api/contractor': { path: () => '/api/contractor', body: () => ({ name: 'Matrix Heating' }), expect: opsOnly },
  'GET /api/contractor/{id}': { path: (c) => `/api/contractor/${c.s.ids.contractor_a}`, expect: { anonymous: 401, homeowner: 403, contractor_a: 'ok', contractor_b: 404, ops: 'ok' } },
  'PUT /api/contractor/{id}': { path: (c) => `/api/contractor/${c.s.ids.contractor_a}`, body: () => ({ city: 'Madison' }), expect: opsOnly },
  'DELETE /api/contractor/{id}': {
    path: (c) => `/api/contractor/${Number(c.s.deps.db.prepare("INSERT INTO contractors (name, created_at) VALUES ('Short Lived', '2026-01-01')").run().lastInsertRowid)}`,
    expect: opsOnly,
  },
  ...EXTRA_ACCESS,
};

let s: TestServer;
let ctx: Ctx;
beforeAll(async () => {
  s = await startServer();
  s.deps.db.prepare("INSERT INTO places (place_id, address, city, county, state, zip, electric_utility) VALUES ('matrix-place', '1 Main St', 'Milwaukee', 'Milwaukee', 'WI', '53202', 'We Energies')").run();
  const fresh = async () => {
    const j = await createJob(s, 'contractor_a');
    s.deps.db.prepare('UPDATE jobs SET homeowner_user_id = ? WHERE id = ?').run(s.ids.users.homeowner, j.id);
    return { id: j.id, code: j.code };
  };
  ctx = { s, job: await fresh(), fresh };
});
afterAll(() => s.close());

describe('access matrix', () => {
  it('has a row for every route of the router', () => {
    const { router } = createApp(s.deps);
    expect(Object.keys(ROWS).sort()).toEqual(registeredRoutes(router));
  });

  describe.each(Object.entries(ROWS))('%s', (key, row) => {
    const method = key.split(' ')[0];
    it.each(WHO)('as %s', async (who) => {
      // Restore and exception clearing act on a job in the matching state.
      const path = await row.path(ctx);
      if (key.startsWith('PATCH /api/jobs/{job_id}/restore')) await s.api('PATCH', path.replace('/restore', '/cancel'), { as: 'ops', body: { reason: 'mistake' } });
      const token = row.ownToken && who !== 'anonymous' ? (await s.api('POST', '/api/auth/login', { body: { email: PEOPLE[who], password: PASSWORD } })).body.token : undefined;
      const as = who === 'anonymous' || token ? undefined : who;
      const r = await s.api(method, path, { as, token, body: row.body?.(ctx) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) });
      const expected = row.expect[who];
      if (expected === 'ok') {
        expect(r.status, `${key} as ${who}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
        expect([401, 403, 404], `${key} as ${who}: ${JSON.stringify(r.body)}`).not.toContain(r.status);
      } else {
        expect(r.status, `${key} as ${who}: ${JSON.stringify(r.body)}`).toBe(expected);
      }
    });
  });
});
