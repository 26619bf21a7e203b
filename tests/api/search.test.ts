/**
 * Search (spec sect. 2): GET /api/jobs/search and GET /api/contractor/search. fuse.js semantics with
 * the engine's config, narrowed by the FTS5 trigram index (migration 004), within the user's scope.
 */

import Fuse from 'fuse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SEARCH } from '../../engine/index.ts';
import { startServer, type TestServer } from './harness.ts';
import { insertJob, updateJob, type NewJob } from '../../server/db/jobs.db.ts';
import { insertContractor, updateContractor } from '../../server/db/contractors.db.ts';
import { jobSearchTexts } from '../../server/db/search-rows.db.ts';
import { searchContractors, searchJobs } from '../../server/services/search.service.ts';
import { SEARCH_TUNING, fuseOptions } from '../../server/services/fuzzy-rank.ts';
import type { AuthUser } from '../../server/context.ts';
import { dbRun } from '../support/db.ts';

let s: TestServer;
let n = 0;
const at = '2026-05-01T10:00:00.000Z';
/** Inserts a job straight into the database (search reads stored jobs only). */
async function job(j: Partial<NewJob> & { first_name: string; last_name: string; address: string }): Promise<number> {
  n += 1;
  return await insertJob(s.deps.db, {
    code: `T${String(n).padStart(5, '0')}`,
    full_name: `${j.first_name} ${j.last_name}`,
    program_id: 'wi-hear',
    city: 'Milwaukee',
    created_at: at,
    updated_at: at,
    stage_entered_at: at,
    ...j,
  });
}
const ids: Record<string, number> = {};
const ops: AuthUser = { id: 1, email: 'ops@example.test', name: 'Ops', role: 'ops', contractor_id: null };
/** The index path even over a handful of rows (the API reads a small scope whole). */
const viaIndex = { ...SEARCH_TUNING, whole_scope: 0 };

beforeAll(async () => {
  s = await startServer();
  const A = s.ids.contractor_a;
  const B = s.ids.contractor_b;
  ids.mary = await job({
    first_name: 'Mary',
    last_name: 'Johnson',
    address: '12 Oak Street',
    city: 'Madison',
    contractor_id: A,
    code: 'KX7Q2M',
    external_id: 'WIHEAR-2025-004211',
    stage: 2,
    eligibility: 'eligible',
  });
  ids.peter = await job({
    first_name: 'Peter',
    last_name: 'Johnson',
    address: '90 Elm Avenue',
    city: 'Milwaukee',
    contractor_id: B,
    code: 'PJ4WNB',
    program_id: '3c-ren',
    stage: 3,
  });
  ids.canceled = await job({
    first_name: 'Carl',
    last_name: 'Canceled',
    address: '5 Birch Road',
    contractor_id: A,
    code: 'CNC3LD',
    is_canceled: 1,
  });
  ids.homeowner = await job({
    first_name: 'Hank',
    last_name: 'Homeowner',
    address: '77 Maple Lane',
    contractor_id: A,
    code: 'HNK77L',
    homeowner_user_id: s.ids.users.homeowner,
  });
  ids.wu = await job({ first_name: 'Li', last_name: 'Wu', address: '3 Pine Court', contractor_id: B, code: 'LWU3PC' });
  for (const [first, last, street] of [
    ['Ann', 'Smith', 'Cedar'],
    ['Bob', 'Jones', 'Walnut'],
    ['Cara', 'Johnston', 'Spruce'],
    ['Dan', 'Olson', 'Willow'],
  ]) {
    await job({
      first_name: first,
      last_name: last,
      address: `${n + 40} ${street} Street`,
      contractor_id: n % 2 ? A : B,
    });
  }
});
afterAll(() => s.close());

const jobSearch = (q: string, as: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner' = 'ops') =>
  s.api('GET', `/api/jobs/search?q=${encodeURIComponent(q)}`, { as });
const idsOf = (r: { body: { items: { id: number }[] } }) => r.body.items.map((i) => i.id);

describe('GET /api/jobs/search', () => {
  it('answers 401 without a token', async () => {
    expect((await s.api('GET', '/api/jobs/search?q=johnson')).status).toBe(401);
  });
  it("answers 400 'Type at least 2 characters' below two characters (spaces do not count)", async () => {
    for (const q of ['', 'j', ' j ']) {
      const r = await jobSearch(q);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'search_too_short', detail: 'Type at least 2 characters' });
    }
  });
  it('tolerates typos: "jhonson" finds the Johnsons', async () => {
    const r = await jobSearch('jhonson');
    expect(r.status).toBe(200);
    expect(idsOf(r).slice(0, 2).sort()).toEqual([ids.mary, ids.peter].sort());
  });
  it('finds a job by its code first, in any case', async () => {
    expect(idsOf(await jobSearch('KX7Q2M'))[0]).toBe(ids.mary);
    expect(idsOf(await jobSearch('kx7q2m'))[0]).toBe(ids.mary);
  });
  it('finds a job by its address and by its external id', async () => {
    expect(idsOf(await jobSearch('12 Oak'))[0]).toBe(ids.mary);
    expect(idsOf(await jobSearch('WIHEAR-2025-004211'))[0]).toBe(ids.mary);
  });
  it('answers the result fields of spec sect. 2: name, code, address, contractor, stage and program badges', async () => {
    const item = (await jobSearch('KX7Q2M')).body.items[0];
    expect(item).toMatchObject({
      id: ids.mary,
      full_name: 'Mary Johnson',
      code: 'KX7Q2M',
      address: '12 Oak Street',
      city: 'Madison',
      contractor: 'Company A Heating',
      is_canceled: false,
      stage: { number: 2, label: 'Submit the rebate' },
      program: { id: 'wi-hear', name: 'WI HEAR' },
      eligibility: 'eligible',
    });
  });
  it('flags a canceled job (the client strikes its name through)', async () => {
    const item = (await jobSearch('Carl Canceled')).body.items[0];
    expect(item).toMatchObject({ id: ids.canceled, is_canceled: true });
  });
  it("a contractor sees only its company's jobs: B never sees company A's", async () => {
    for (const q of ['johnson', 'KX7Q2M', '12 Oak', 'Company A'])
      expect(idsOf(await jobSearch(q, 'contractor_b'))).not.toContain(ids.mary);
    expect(idsOf(await jobSearch('johnson', 'contractor_b'))).toEqual([ids.peter]);
    expect(idsOf(await jobSearch('johnson', 'contractor_a'))).toContain(ids.mary);
    expect(idsOf(await jobSearch('johnson', 'contractor_a'))).not.toContain(ids.peter);
  });
  it('a homeowner sees only their own jobs', async () => {
    expect(idsOf(await jobSearch('Hank', 'homeowner'))).toEqual([ids.homeowner]);
    expect(idsOf(await jobSearch('johnson', 'homeowner'))).toEqual([]);
  });
  it('answers an empty list when nothing matches', async () => {
    expect((await jobSearch('zzqqxx')).body).toEqual({ items: [] });
  });
  it('limits the results (10 by default)', async () => {
    expect((await jobSearch('et')).body.items.length).toBeLessThanOrEqual(10);
    expect((await s.api('GET', '/api/jobs/search?q=johnson&limit=1', { as: 'ops' })).body.items).toHaveLength(1);
  });
});

describe('the index path (FTS5 trigrams, then fuse.js)', () => {
  it('finds by typo, code, address and two letters, as reading every job does', async () => {
    for (const q of ['jhonson', 'KX7Q2M', '12 Oak', 'Company B', 'wu']) {
      expect((await searchJobs(s.deps, ops, q, 3, viaIndex)).map((r) => r.id)).toEqual(
        (await searchJobs(s.deps, ops, q, 3)).map((r) => r.id),
      );
    }
  });
  it('two letters at the very end of a field still match', async () => {
    expect((await searchJobs(s.deps, ops, 'wu', 10, viaIndex)).map((r) => r.id)).toContain(ids.wu);
  });
  it('keeps the scope on the index path', async () => {
    const b: AuthUser = {
      id: s.ids.users.contractor_b,
      email: '',
      name: '',
      role: 'contractor',
      contractor_id: s.ids.contractor_b,
    };
    expect((await searchJobs(s.deps, b, 'johnson', 10, viaIndex)).map((r) => r.id)).toEqual([ids.peter]);
  });
  it('follows changes: a renamed homeowner, a renamed company, a deleted job', async () => {
    const id = await job({
      first_name: 'Zed',
      last_name: 'Quimby',
      address: '1 Test Way',
      contractor_id: s.ids.contractor_b,
    });
    expect((await searchJobs(s.deps, ops, 'Quimby', 10, viaIndex)).map((r) => r.id)).toContain(id);
    await updateJob(s.deps.db, id, { last_name: 'Quinlan', full_name: 'Zed Quinlan' });
    expect((await searchJobs(s.deps, ops, 'Quimby', 10, viaIndex)).map((r) => r.id)).not.toContain(id);
    expect((await searchJobs(s.deps, ops, 'Quinlan', 10, viaIndex)).map((r) => r.id)).toContain(id);
    const c = await insertContractor(s.deps.db, {
      name: 'Xylo Heat',
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      created_at: at,
    });
    await updateJob(s.deps.db, id, { contractor_id: c });
    await updateContractor(s.deps.db, c, { name: 'Vortex Thermal' });
    expect((await searchJobs(s.deps, ops, 'Vortex Thermal', 1, viaIndex))[0]).toMatchObject({
      id,
      contractor: 'Vortex Thermal',
    });
    await dbRun(s.deps, 'DELETE FROM jobs WHERE id = ?', id);
    expect((await searchJobs(s.deps, ops, 'Quinlan', 10, viaIndex)).map((r) => r.id)).not.toContain(id);
  });
  it('ranks exactly as fuse.js with the engine config over the same rows', async () => {
    const all = (
      await jobSearchTexts(
        s.deps.db,
        Array.from({ length: n + 10 }, (_, i) => i + 1),
      )
    ).sort((a, b) => a.id - b.id);
    const fuse = new Fuse(all, fuseOptions(JOB_SEARCH));
    for (const q of ['johnson', 'jhonson', 'street', 'milwaukee', 'T0000', 'Company A', 'oak']) {
      expect((await searchJobs(s.deps, ops, q, 10)).map((r) => r.id)).toEqual(
        fuse.search(q, { limit: 10 }).map((r) => r.item.id),
      );
    }
  });
});

describe('GET /api/contractor/search', () => {
  const search = (q: string, as?: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner') =>
    s.api('GET', `/api/contractor/search?q=${encodeURIComponent(q)}`, { as });
  it('answers 401 without a token and 403 to a homeowner', async () => {
    expect((await search('company')).status).toBe(401);
    expect((await search('company', 'homeowner')).status).toBe(403);
  });
  it("answers 400 'Type at least 2 characters'", async () => {
    expect((await search('c', 'ops')).body).toEqual({ code: 'search_too_short', detail: 'Type at least 2 characters' });
  });
  it('ops find a company by name with a typo, by contact, by phone and by email', async () => {
    expect(idsOf(await search('Compnay A Heatng', 'ops'))[0]).toBe(s.ids.contractor_a);
    expect(idsOf(await search('Bob Brown', 'ops'))[0]).toBe(s.ids.contractor_b);
    expect(idsOf(await search('414-555-0102', 'ops'))[0]).toBe(s.ids.contractor_b);
    expect(idsOf(await search('office@company-a', 'ops'))[0]).toBe(s.ids.contractor_a);
  });
  it('answers the result fields; no address is null (the client shows "No primary address found")', async () => {
    const c = await insertContractor(s.deps.db, {
      name: 'Nomad Air',
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: 'Nia Nomad',
      program_id: null,
      created_at: at,
    });
    const item = (await search('Nomad Air', 'ops')).body.items[0];
    expect(item).toEqual({
      id: c,
      name: 'Nomad Air',
      primary_contact: 'Nia Nomad',
      address: null,
      city: null,
      phone: null,
      email: null,
    });
  });
  it('a contractor finds only its own company', async () => {
    expect(idsOf(await search('Company', 'contractor_a'))).toEqual([s.ids.contractor_a]);
    expect(idsOf(await search('Company', 'contractor_b'))).toEqual([s.ids.contractor_b]);
    expect(idsOf(await search('Company B Electric', 'contractor_a'))).not.toContain(s.ids.contractor_b);
  });
  it('the index path finds the same companies', async () => {
    for (const q of ['Compnay A Heatng', 'Bob Brown', 'Milwaukee']) {
      expect((await searchContractors(s.deps, ops, q, 3, viaIndex)).map((r) => r.id)).toEqual(
        (await searchContractors(s.deps, ops, q, 3)).map((r) => r.id),
      );
    }
  });
});
