/**
 * The access matrix: every route of the API x anonymous, homeowner, contractor of company A, contractor
 * of company B, ops. Who may call a route at all is not written here: it is the ability its guard checks
 * (server/abilities.ts), read off the router, so an anonymous call expects 401 and a role without the
 * ability 403. A row says only how to call the route and what the resource rules add for the roles that
 * pass: `scope` (a job or contractor of company A: company B gets 404, as if it did not exist) and
 * `except` (a resource rule of its own, said why). 'ok' means the call got past access control (2xx, or
 * a 400/409/422 about its input).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PEOPLE, startServer, type Person, type TestServer } from './harness.ts';
import { createJob, MILWAUKEE } from './fixtures.ts';
import { createApp } from '../../server/app.ts';
import { registeredRoutes, routeAbilities } from '../../server/openapi/build.ts';
import { may, rolesOf, type Ability } from '../../server/abilities.ts';
import type { AuthUser } from '../../server/context.ts';
import { EXTRA_ACCESS } from './access-matrix-extra.ts';
import { insertContractor } from '../../server/db/contractors.db.ts';
import { dbRun } from '../support/db.ts';

type Who = 'anonymous' | Person;
type Outcome = 'ok' | 401 | 403 | 404 | 422 | 503;
/** Ids a row's path and body may use; a fresh job for rows that change their job. */
export interface Ctx {
  s: TestServer;
  job: { id: number; code: string };
  fresh: () => Promise<{ id: number; code: string }>;
}
/** One row of the matrix: how to call the route, and what resource rules add (never who holds the ability). */
export interface Row {
  path: (c: Ctx) => Promise<string> | string;
  body?: (c: Ctx) => unknown;
  /** The resource belongs to company A (its homeowner is the test homeowner): company B gets 404. */
  scope?: 'company_a';
  /** Outcomes a resource rule gives to some callers that hold the ability (each with its reason). */
  except?: Partial<Record<Who, Outcome>>;
  /** Call with a token of its own (sign-out revokes the token it is called with). */
  ownToken?: boolean;
  /** An event stream that stays open: judged by its status. */
  stream?: boolean;
}

const WHO: Who[] = ['anonymous', 'homeowner', 'contractor_a', 'contractor_b', 'ops', 'inspector'];
const ROLE: Record<Exclude<Who, 'anonymous'>, AuthUser['role']> = {
  homeowner: 'homeowner',
  inspector: 'inspector',
  contractor_a: 'contractor',
  contractor_b: 'contractor',
  ops: 'ops',
};
/** Every caller gets this (credentials checked by the call itself, or an integration switched off). */
const everyone = (o: Outcome): Partial<Record<Who, Outcome>> => ({
  anonymous: o,
  homeowner: o,
  contractor_a: o,
  contractor_b: o,
  ops: o,
  inspector: o,
});

/** What a caller should get: the guard's answer first, then the row's resource rules. */
function expected(ability: Ability, row: Row, who: Who): Outcome {
  if (row.except?.[who] !== undefined) return row.except[who]!;
  if (who === 'anonymous') return rolesOf(ability) === null ? 'ok' : 401;
  if (!may({ id: 0, email: '', name: '', role: ROLE[who], contractor_id: null } as AuthUser, ability)) return 403;
  if (row.scope === 'company_a' && who === 'contractor_b') return 404;
  return 'ok';
}

const ROWS: Record<string, Row> = {
  'GET /api/config': { path: () => '/api/config' },
  'POST /api/auth/login': {
    path: () => '/api/auth/login',
    // An email of its own each call: five failures for one email are rate-limited (a 429, not the 401 asked here).
    body: () => ({ email: `x.${Math.random().toString(36).slice(2)}@example.test`, password: 'y' }),
    except: everyone(401),
  },
  'POST /api/auth/logout': { path: () => '/api/auth/logout', ownToken: true },
  'GET /api/auth/me': { path: () => '/api/auth/me' },
  'POST /api/auth/token': { path: () => '/api/auth/token', body: () => ({ token: 'nope' }), except: everyone(401) },
  'POST /api/auth/login-links': {
    path: () => '/api/auth/login-links',
    body: (c) => ({ user_id: c.s.ids.users.homeowner }),
  },
  'POST /api/auth/forgot-password': {
    path: () => '/api/auth/forgot-password',
    body: () => ({ email: 'nobody@example.test' }),
  },
  'POST /api/auth/reset-password': {
    path: () => '/api/auth/reset-password',
    body: () => ({ token: 'x', password: 'long enough password' }),
  },
  'POST /api/auth/playwright': { path: () => '/api/auth/playwright', body: () => ({}), except: everyone(401) },
  // Single sign-on is off unless OIDC_ISSUER and OIDC_CLIENT_ID are configured: 503 for everyone
  // (tests/api/oidc.test.ts runs it configured).
  'GET /api/auth/oidc/start': { path: () => '/api/auth/oidc/start?redirect=/jobs', except: everyone(503) },
  'GET /api/auth/oidc/callback': { path: () => '/api/auth/oidc/callback?code=x&state=y', except: everyone(503) },
  'GET /api/auth/outbox': { path: () => '/api/auth/outbox' },
  'GET /api/mail/templates': { path: () => '/api/mail/templates' },
  'GET /api/openapi.json': { path: () => '/api/openapi.json' },
  'GET /api/work/dead': { path: () => '/api/work/dead' },
  // No such item: ops pass the guard and find nothing (tests/api/work.test.ts retries a real one).
  'POST /api/work/{id}/retry': { path: () => '/api/work/2000000000/retry', except: { ops: 404 } },

  'GET /api/jobs': { path: () => '/api/jobs' },
  'GET /api/jobs/internal': { path: () => '/api/jobs/internal' },
  'GET /api/jobs/summary': { path: () => '/api/jobs/summary' },
  'GET /api/jobs/summary-internal': { path: () => '/api/jobs/summary-internal' },
  'POST /api/jobs': {
    path: () => '/api/jobs',
    body: (c) => ({
      first_name: 'Mat',
      last_name: `Rix${Math.random()}`.slice(0, 20),
      ...MILWAUKEE,
      program_id: 'wi-hear',
      contractor_id: c.s.ids.contractor_a,
    }),
  },
  'POST /api/jobs/filters': { path: () => '/api/jobs/filters', body: () => ({}) },
  'GET /api/jobs/initial-eligibility/{google_place_id}': { path: () => '/api/jobs/initial-eligibility/matrix-place' },
  'GET /api/jobs/code/{short_code}': { path: (c) => `/api/jobs/code/${c.job.code}`, scope: 'company_a' },
  'GET /api/jobs/homeowner/{job_id}': { path: (c) => `/api/jobs/homeowner/${c.job.id}`, scope: 'company_a' },
  'POST /api/jobs/homeowner/confirm-tasks-done/{job_id}': {
    path: (c) => `/api/jobs/homeowner/confirm-tasks-done/${c.job.id}`,
    scope: 'company_a',
  },
  'GET /api/jobs/{job_id}': { path: (c) => `/api/jobs/${c.job.id}`, scope: 'company_a' },
  'GET /api/jobs/{job_id}/history': { path: (c) => `/api/jobs/${c.job.id}/history`, scope: 'company_a' },
  'PATCH /api/jobs/{job_id}/cancel': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/cancel`,
    body: () => ({ reason: 'mistake' }),
    scope: 'company_a',
  },
  'PATCH /api/jobs/{job_id}/restore': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/restore`,
    scope: 'company_a',
  },
  'PUT /api/jobs/{job_id}/claim-job': { path: (c) => `/api/jobs/${c.job.id}/claim-job`, scope: 'company_a' },
  'PUT /api/jobs/{job_id}/set-job-as-deemed': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/set-job-as-deemed`,
    scope: 'company_a',
  },
  // The undo calls on a job not marked / not deemed: ops pass access control and get 400 (nothing to undo).
  'PATCH /api/jobs/{job_id}/undo-deemed': { path: (c) => `/api/jobs/${c.job.id}/undo-deemed`, scope: 'company_a' },
  'PATCH /api/jobs/{job_id}/mark-ineligible': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/mark-ineligible`,
    body: () => ({ reason: 'Access matrix' }),
    scope: 'company_a',
  },
  'PATCH /api/jobs/{job_id}/undo-ineligible': {
    path: (c) => `/api/jobs/${c.job.id}/undo-ineligible`,
    scope: 'company_a',
  },
  // On an eligible job: ops pass access control and get 400 (nothing to override, nothing to undo).
  'PUT /api/jobs/{job_id}/eligibility-override': {
    path: (c) => `/api/jobs/${c.job.id}/eligibility-override`,
    body: () => ({ reason: 'Access matrix' }),
    scope: 'company_a',
  },
  'DELETE /api/jobs/{job_id}/eligibility-override': {
    path: (c) => `/api/jobs/${c.job.id}/eligibility-override`,
    scope: 'company_a',
  },
  'PUT /api/jobs/{job_id}/ops-owner': {
    path: (c) => `/api/jobs/${c.job.id}/ops-owner`,
    body: (c) => ({ user_id: c.s.ids.users.ops }),
    scope: 'company_a',
  },
  'PATCH /api/jobs/{job_id}/regenerate-documents': {
    path: (c) => `/api/jobs/${c.job.id}/regenerate-documents?task_name=collect_document_signatures`,
    scope: 'company_a',
  },
  'POST /api/jobs/{job_id}/clone': {
    path: (c) => `/api/jobs/${c.job.id}/clone`,
    body: () => ({ program_id: 'ga-hear' }),
    scope: 'company_a',
  },

  'GET /api/jobs/{job_id}/documents': { path: (c) => `/api/jobs/${c.job.id}/documents`, scope: 'company_a' },
  // No such document or signer: those who may see the job find nothing (tests/api/documents.test.ts calls real ones).
  'GET /api/jobs/{job_id}/documents/{document_id}/file': {
    path: (c) => `/api/jobs/${c.job.id}/documents/2000000000/file`,
    scope: 'company_a',
    except: { homeowner: 404, contractor_a: 404, ops: 404 },
  },
  'POST /api/jobs/{job_id}/documents/{document_id}/stamp': {
    path: (c) => `/api/jobs/${c.job.id}/documents/2000000000/stamp`,
    scope: 'company_a',
    except: { ops: 404 },
  },
  'POST /api/jobs/{job_id}/documents/signers/{signer_id}/resend': {
    path: (c) => `/api/jobs/${c.job.id}/documents/signers/2000000000/resend`,
    scope: 'company_a',
    except: { contractor_a: 404, ops: 404 },
  },
  // The matrix job is not paid: no record yet, for those who may see it (tests/api/completion-record.test.ts: one).
  'GET /api/jobs/{job_id}/completion-record': {
    path: (c) => `/api/jobs/${c.job.id}/completion-record`,
    scope: 'company_a',
    except: { homeowner: 404, contractor_a: 404, ops: 404 },
  },
  // The matrix's clock has no GA HEAR record ready in May 2026: ops pass the guard and find an empty month.
  'GET /api/programs/{program_id}/tracking-report': {
    path: () => '/api/programs/ga-hear/tracking-report?month=2026-05',
    except: { ops: 404 },
  },
  'GET /api/verify/{sha256}': { path: () => `/api/verify/${'0'.repeat(64)}`, except: everyone(404) },
  // Ops pass the guard: the ask is above the matrix job's rebate; its decision is the asker's own (409, four eyes).
  'GET /api/jobs/{job_id}/payment': { path: (c) => `/api/jobs/${c.job.id}/payment`, scope: 'company_a' },
  'POST /api/jobs/{job_id}/payment-override': {
    path: (c) => `/api/jobs/${c.job.id}/payment-override`,
    body: () => ({ amount_cents: 100_000_000, reason: 'Access matrix' }),
    scope: 'company_a',
  },
  'POST /api/jobs/{job_id}/payment-override/decision': {
    path: (c) => `/api/jobs/${c.job.id}/payment-override/decision`,
    body: () => ({ approve: true }),
    scope: 'company_a',
  },
  // Budgets are ops' (the adjustment's reason is blank: ops pass the guard and get a 422).
  'GET /api/changes': { path: () => '/api/changes', stream: true },
  'GET /api/reconciliation': { path: () => '/api/reconciliation' },
  'GET /api/reconciliation.csv': { path: () => '/api/reconciliation.csv' },
  'GET /api/budgets': { path: () => '/api/budgets' },
  // The matrix's job is new, never sampled: ops pass the guard and find no sampled review (tests/api/quality.test.ts
  // records real ones).
  // The inspector holds the ability but is assigned nothing: 404, as if it did not exist (quality-inspectors.test.ts).
  'POST /api/jobs/{job_id}/quality/{review_id}/outcome': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection/outcome`,
    body: () => ({ checklists: {} }),
    except: { ops: 404, inspector: 404 },
  },
  'GET /api/inspections': { path: () => '/api/inspections' },
  'GET /api/jobs/{job_id}/quality/{review_id}': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection`,
    except: { ops: 404, inspector: 404 },
  },
  // A photo of a checklist: the job was not sampled, so ops (and the unassigned inspector) find no inspection.
  'POST /api/jobs/{job_id}/quality/{review_id}/attachments': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection/attachments`,
    body: () => {
      const f = new FormData();
      f.set('form', 'qa_field_inspection');
      f.set('field', 'photos');
      f.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'site.jpg');
      return f;
    },
    except: { ops: 404, inspector: 404 },
  },
  'GET /api/jobs/{job_id}/quality/{review_id}/attachments/{attachment_id}': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection/attachments/att_none`,
    except: { ops: 404, inspector: 404 },
  },
  // The matrix's job was not sampled: ops (and the unassigned inspector) find no inspection to arrange a visit for.
  'PUT /api/jobs/{job_id}/quality/{review_id}/visit': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection/visit`,
    body: () => ({ times: ['2030-01-01T15:00:00.000Z'], time_zone: 'America/New_York' }),
    except: { ops: 404, inspector: 404 },
  },
  // A visit link that is not one: the link is the credential, so 404 for everyone, signed in or not.
  'GET /api/visits/{token}': { path: () => '/api/visits/no-such-visit-link-at-all', except: everyone(404) },
  'POST /api/visits/{token}': {
    path: () => '/api/visits/no-such-visit-link-at-all',
    body: () => ({ at: '2030-01-01T15:00:00.000Z' }),
    except: everyone(404),
  },
  'PUT /api/jobs/{job_id}/quality/{review_id}/inspector': {
    path: (c) => `/api/jobs/${c.job.id}/quality/field_inspection/inspector`,
    body: (c) => ({ inspector_id: c.s.ids.users.inspector }),
    except: { ops: 404 },
  },
  'GET /api/inspectors': { path: () => '/api/inspectors' },
  // A fresh email each call; ops pass the guard and create the sign-in.
  'POST /api/inspectors': {
    path: () => '/api/inspectors',
    body: () => ({ name: 'Matrix Inspector', email: `matrix.${Math.random().toString(36).slice(2)}@inspections.test` }),
  },
  // No corrective action on the matrix's job: the company's contractor passes the guard and finds none (404).
  'POST /api/jobs/{job_id}/quality/actions/{action_id}/answer': {
    path: (c) => `/api/jobs/${c.job.id}/quality/actions/2000000000/answer`,
    body: () => ({ note: 'Fixed' }),
    scope: 'company_a',
    except: { contractor_a: 404 },
  },
  'POST /api/jobs/{job_id}/quality/actions/{action_id}/decision': {
    path: (c) => `/api/jobs/${c.job.id}/quality/actions/2000000000/decision`,
    body: () => ({ decision: 'accept' }),
    except: { ops: 404 },
  },
  'GET /api/contractors/{contractor_id}/quality': {
    path: (c) => `/api/contractors/${c.s.ids.contractor_a}/quality`,
    scope: 'company_a',
  },
  'PUT /api/contractors/{contractor_id}/standing': {
    path: (c) => `/api/contractors/${c.s.ids.contractor_a}/standing`,
    body: () => ({ program_id: 'wi-hear', standing: 'full', reason: 'Matrix check' }),
  },
  'POST /api/programs/{program_id}/budget-adjustments': {
    path: () => '/api/programs/wi-hear/budget-adjustments',
    body: () => ({ territory: '', amount_cents: 100, reason: ' ' }),
  },
  'GET /api/jobs/{job_id}/usage': { path: (c) => `/api/jobs/${c.job.id}/usage`, scope: 'company_a' },
  // The matrix's job is of a program that collects no usage: ops pass the guard and get a 409 (tests/api/usage.test.ts
  // runs real ones).
  'POST /api/jobs/{job_id}/usage/actions': {
    path: (c) => `/api/jobs/${c.job.id}/usage/actions`,
    body: () => ({ action: 'process_historical' }),
    scope: 'company_a',
  },
  // The collection page: the link is the credential, so an unknown one is a 404 for everyone.
  'GET /api/usage-connect/{token}': {
    path: () => '/api/usage-connect/no-such-link-no-such-link',
    except: everyone(404),
  },
  'POST /api/usage-connect/{token}/connect': {
    path: () => '/api/usage-connect/no-such-link-no-such-link/connect',
    body: () => ({ consent: true }),
    except: everyone(404),
  },
  'POST /api/usage-connect/{token}/decline': {
    path: () => '/api/usage-connect/no-such-link-no-such-link/decline',
    except: everyone(404),
  },
  'GET /api/jobs/{job_id}/homeowner-access': {
    path: (c) => `/api/jobs/${c.job.id}/homeowner-access`,
    scope: 'company_a',
  },
  'POST /api/jobs/{job_id}/homeowner-invites': {
    path: (c) => `/api/jobs/${c.job.id}/homeowner-invites`,
    body: () => ({ invite_email: 'hank@home.test', tasks_to_send_homeowner: ['provide_income_estimate'] }),
    scope: 'company_a',
  },
  // The matrix's job has the test homeowner linked: ops get the link mailed.
  'POST /api/jobs/{job_id}/homeowner-sign-in-link': {
    path: (c) => `/api/jobs/${c.job.id}/homeowner-sign-in-link`,
    scope: 'company_a',
  },
  // The invitation's link is the credential: an unknown one is a 401 for everyone.
  'POST /api/auth/invite': {
    path: () => '/api/auth/invite',
    body: () => ({ token: 'no-such-invitation-no-such-invitation' }),
    except: everyone(401),
  },
  // The signer's page: the link is the credential, so an unknown one is a 404 for everyone, signed in or not.
  'GET /api/signing/{token}': { path: () => '/api/signing/no-such-link-no-such-link', except: everyone(404) },
  'GET /api/signing/{token}/document.pdf': {
    path: () => '/api/signing/no-such-link-no-such-link/document.pdf',
    except: everyone(404),
  },
  'POST /api/signing/{token}/sign': {
    path: () => '/api/signing/no-such-link-no-such-link/sign',
    body: () => ({ consent: true, signature: { kind: 'typed', text: 'Me' } }),
    except: everyone(404),
  },
  'POST /api/signing/{token}/decline': {
    path: () => '/api/signing/no-such-link-no-such-link/decline',
    body: () => ({ reason: 'No' }),
    except: everyone(404),
  },

  'GET /api/jobs/{job_id}/tasks': { path: (c) => `/api/jobs/${c.job.id}/tasks`, scope: 'company_a' },
  // provide_services is a contractor task: the homeowner does not see it (404), nor writes it.
  'GET /api/jobs/{job_id}/tasks/{task_id}': {
    path: (c) => `/api/jobs/${c.job.id}/tasks/provide_services`,
    scope: 'company_a',
    except: { homeowner: 404 },
  },
  // A homeowner sees only the homeowner's tasks, so not this one's form either (as GET of the task).
  'GET /api/jobs/{job_id}/tasks/{task_id}/form': {
    path: (c) => `/api/jobs/${c.job.id}/tasks/provide_services/form`,
    scope: 'company_a',
    except: { homeowner: 404 },
  },
  'PUT /api/jobs/{job_id}/tasks/{task_id}/draft': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/draft`,
    body: () => ({ data: {}, version: 0 }),
    scope: 'company_a',
    except: { homeowner: 404 },
  },
  'POST /api/jobs/{job_id}/tasks/{task_id}/submit': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/submit`,
    body: () => ({ data: {}, version: 0 }),
    scope: 'company_a',
    except: { homeowner: 404 },
  },
  'POST /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/exceptions/contractor`,
    body: () => ({}),
    scope: 'company_a',
  },
  'DELETE /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/exceptions/contractor`,
    scope: 'company_a',
  },
  'POST /api/jobs/{job_id}/tasks/{task_id}/transfer': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/transfer`,
    body: () => ({ role: 'ops', reason: 'help' }),
    scope: 'company_a',
  },
  'POST /api/jobs/{job_id}/tasks/{task_id}/reset': {
    path: async (c) => `/api/jobs/${(await c.fresh()).id}/tasks/provide_services/reset`,
    scope: 'company_a',
  },
  'GET /api/definitions/sources': { path: () => '/api/definitions/sources' },
  'GET /api/definitions/jobs/{job_id}/input': {
    path: (c) => `/api/definitions/jobs/${c.job.id}/input`,
    scope: 'company_a',
  },
  'GET /api/forms/{form}': { path: () => '/api/forms/provide_services' },

  'GET /api/contractor/simple-list': { path: () => '/api/contractor/simple-list' },
  'GET /api/contractor/current/contractor': { path: () => '/api/contractor/current/contractor' },
  'POST /api/contractor/filters': { path: () => '/api/contractor/filters', body: () => ({}) },
  'POST /api/contractor/invite-internal': {
    path: () => '/api/contractor/invite-internal',
    body: () => ({ email: `ops${Math.random().toString(36).slice(2)}@example.test`, name: 'New Ops' }),
  },
  // Company B may not invite into company A.
  'POST /api/contractor/invite': {
    path: () => '/api/contractor/invite',
    body: (c) => ({
      email: `c${Math.random().toString(36).slice(2)}@example.test`,
      name: 'New Tech',
      contractor_id: c.s.ids.contractor_a,
    }),
    except: { contractor_b: 403 },
  },
  'GET /api/contractor': { path: () => '/api/contractor' },
  'POST /api/contractor': { path: () => '/api/contractor', body: () => ({ name: 'Matrix Heating' }) },
  'GET /api/contractor/{id}': { path: (c) => `/api/contractor/${c.s.ids.contractor_a}`, scope: 'company_a' },
  'PUT /api/contractor/{id}': {
    path: (c) => `/api/contractor/${c.s.ids.contractor_a}`,
    body: () => ({ city: 'Madison' }),
  },
  'DELETE /api/contractor/{id}': {
    path: async (c) =>
      `/api/contractor/${await insertContractor(c.s.deps.db, { name: 'Short Lived', address: null, city: null, phone: null, email: null, primary_contact: null, program_id: null, created_at: '2026-01-01' })}`,
  },
  ...EXTRA_ACCESS,
};

let s: TestServer;
let ctx: Ctx;
/** The ability of each route, off the router's guards. */
let abilities: Record<string, Ability>;
beforeAll(async () => {
  s = await startServer();
  await dbRun(
    s.deps,
    "INSERT INTO places (place_id, address, city, county, state, zip, electric_utility) VALUES ('matrix-place', '1 Main St', 'Milwaukee', 'Milwaukee', 'WI', '53202', 'We Energies')",
  );
  const fresh = async () => {
    const j = await createJob(s, 'contractor_a');
    await dbRun(s.deps, 'UPDATE jobs SET homeowner_user_id = ? WHERE id = ?', s.ids.users.homeowner, j.id);
    return { id: j.id, code: j.code };
  };
  ctx = { s, job: await fresh(), fresh };
  abilities = routeAbilities((await createApp(s.deps)).router);
});
afterAll(() => s.close());

describe('access matrix', () => {
  it('has a row for every route of the router', async () => {
    const { router } = await createApp(s.deps);
    expect(Object.keys(ROWS).sort()).toEqual(registeredRoutes(router));
  });

  it('every route has a guard, so every route names its ability', async () => {
    const { router } = await createApp(s.deps);
    expect(Object.keys(routeAbilities(router)).sort()).toEqual(registeredRoutes(router));
  });

  describe.each(Object.entries(ROWS))('%s', (key, row) => {
    const method = key.split(' ')[0];
    it.each(WHO)('as %s', async (who) => {
      const ability = abilities[key];
      // Restore and exception clearing act on a job in the matching state.
      const path = await row.path(ctx);
      if (key.startsWith('PATCH /api/jobs/{job_id}/restore'))
        await s.api('PATCH', path.replace('/restore', '/cancel'), { as: 'ops', body: { reason: 'mistake' } });
      const token =
        row.ownToken && who !== 'anonymous'
          ? (await s.api('POST', '/api/auth/login', { body: { email: PEOPLE[who], password: PASSWORD } })).body.token
          : undefined;
      const as = who === 'anonymous' || token ? undefined : who;
      const r = await s.api(method, path, {
        as,
        token,
        stream: row.stream,
        body: row.body?.(ctx) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
      });
      const want = expected(ability, row, who);
      if (want === 'ok') {
        expect(r.status, `${key} as ${who}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
        expect([401, 403, 404], `${key} as ${who}: ${JSON.stringify(r.body)}`).not.toContain(r.status);
      } else {
        expect(r.status, `${key} as ${who}: ${JSON.stringify(r.body)}`).toBe(want);
      }
    });
  });
});
