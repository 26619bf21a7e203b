/**
 * The async jobs module (server/db/jobs.db.ts) on every backend: rows, updates, duplicates
 * whatever their case, the list with every filter and each sort column both ways (the same ids in the
 * same order as the plain-code model, so the same on both backends), the per-stage, per-tab and
 * canceled counts, and the count cache recomputing once the shared jobs version moves.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import * as jobs from '../../server/db/jobs.db.ts';
import { insertContractor } from '../../server/db/contractors.db.ts';
import { insertUser } from '../../server/db/users.db.ts';
import type { JobFilters, JobScope, SortBy } from '../../server/db/job-lists.db.ts';
import * as lists from '../../server/db/job-lists.db.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';
import { expectedCanceled, expectedIds, expectedStages, expectedTabs, seedJobs, type ModelJob, type Refs } from './jobs-model.ts';

const AT = '2024-05-01T00:00:00.000Z';
const SORTS = Object.keys(lists.SORT_COLUMNS) as SortBy[];
const all = { page_number: 1, per_page: 1000 };

describe.each(BACKENDS)('db/next jobs on %s', (backend) => {
  let fresh: Fresh;
  let db: Kysely<DB>;
  let r: Refs;
  let model: ModelJob[];
  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    db = fresh.store.kysely;
    const company = (name: string) => insertContractor(db, { name, address: null, city: null, phone: null, email: null, primary_contact: null, program_id: null, created_at: AT });
    const user = (email: string, role: 'ops' | 'contractor' | 'homeowner') => insertUser(db, { email, name: email, role, created_at: AT });
    r = { c1: await company('One'), c2: await company('Two'), u1: await user('u1@x.org', 'ops'), u2: await user('u2@x.org', 'contractor'), h1: await user('h1@x.org', 'homeowner') };
    model = [];
    for (const j of seedJobs(r)) model.push({ ...j, id: await jobs.insertJob(db, j) });
  });
  afterAll(() => fresh?.drop());

  it('insertJob and getJob round trip, with defaults; by code; action-owner rows written with the job', async () => {
    const j = model[2];
    expect(await jobs.getJob(db, j.id)).toMatchObject({ ...j, email: null, cancel_reason: null, submit_terms_id: null, rebate_min_cents: null });
    const id = await jobs.insertJob(db, { code: 'NEW-1', first_name: 'N', last_name: 'J', full_name: 'N J', address: 'A', program_id: 'p', created_at: AT, updated_at: AT, stage_entered_at: AT, lat: 1.25 });
    expect(await jobs.getJob(db, id)).toMatchObject({ id, stage: 1, eligibility: 'pending_more_information', is_eligible: 0, is_canceled: 0, action_owners: '', lat: 1.25, lon: null });
    expect((await jobs.getJobByCode(db, 'NEW-1'))?.id).toBe(id);
    expect(await jobs.getJobByCode(db, 'none')).toBeUndefined();
    expect(await jobs.codeExists(db, 'NEW-1')).toBe(true);
    expect(await jobs.codeExists(db, 'new-1')).toBe(false);
    const owners = await db.selectFrom('job_action_owners').selectAll().where('job_id', '=', model[1].id).orderBy('role').execute();
    expect(owners).toEqual(['contractor', 'ops'].map((role) => ({ role, job_id: model[1].id, is_canceled: model[1].is_canceled, stage: model[1].stage, created_at: model[1].created_at })));
    expect((await jobs.jobsOfHomeowner(db, r.h1)).map((x) => x.id)).toEqual(model.filter((x) => x.homeowner_user_id === r.h1).map((x) => x.id));
    await db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('updateJob changes the allowed columns only, and the action-owner rows with what they carry', async () => {
    const id = await jobs.insertJob(db, { code: 'UPD-1', first_name: 'U', last_name: 'P', full_name: 'U P', address: 'A', program_id: 'p', created_at: AT, updated_at: AT, stage_entered_at: AT, action_owners: ',ops,' });
    await jobs.updateJob(db, id, { code: 'HACK', id: 999, stage: 3, cancel_note: 'n', ops_owner: r.u1 } as never);
    await jobs.updateJob(db, id, {});
    expect(await jobs.getJob(db, id)).toMatchObject({ id, code: 'UPD-1', stage: 3, cancel_note: 'n', ops_owner: r.u1 });
    const rows = () => db.selectFrom('job_action_owners').select(['role', 'stage', 'is_canceled']).where('job_id', '=', id).orderBy('role').execute();
    expect(await rows()).toEqual([{ role: 'ops', stage: 3, is_canceled: 0 }]);
    await jobs.updateJob(db, id, { action_owners: ',contractor,homeowner,', is_canceled: 1 });
    expect(await rows()).toEqual([{ role: 'contractor', stage: 3, is_canceled: 1 }, { role: 'homeowner', stage: 3, is_canceled: 1 }]);
    // Inside a caller's transaction: rolled back with it, action-owner rows too.
    await expect(db.transaction().execute(async (trx) => {
      await jobs.updateJob(trx, id, { action_owners: '', stage: 5 });
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect((await jobs.getJob(db, id))?.stage).toBe(3);
    expect((await rows()).length).toBe(2);
    await db.deleteFrom('job_action_owners').where('job_id', '=', id).execute();
    await db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('findDuplicate: same names and address whatever the case, not canceled, within the company', async () => {
    const base = { first_name: 'Dup', last_name: "O'Neil", full_name: "Dup O'Neil", address: '9 Side St', program_id: 'p', created_at: AT, updated_at: AT, stage_entered_at: AT };
    const canceled = await jobs.insertJob(db, { ...base, code: 'DUP-0', contractor_id: r.c1, is_canceled: 1 });
    const first = await jobs.insertJob(db, { ...base, code: 'DUP-1', contractor_id: r.c2 });
    const second = await jobs.insertJob(db, { ...base, code: 'DUP-2', contractor_id: r.c1 });
    const probe = { first_name: 'DUP', last_name: "o'neil", address: '9 SIDE st' };
    expect((await jobs.findDuplicate(db, probe, {}))?.id).toBe(first);
    expect((await jobs.findDuplicate(db, probe, { contractor_id: r.c1 }))?.id).toBe(second);
    expect(await jobs.findDuplicate(db, { ...probe, address: '9 Side Street' }, {})).toBeUndefined();
    expect(await jobs.findDuplicate(db, { ...probe, first_name: 'Du' }, {})).toBeUndefined();
    await db.deleteFrom('jobs').where('id', 'in', [canceled, first, second]).execute();
  });

  const me = () => r.u1;
  const filterCases = (): [string, JobScope, JobFilters][] => [
    ['nothing', {}, {}],
    ['canceled', {}, { is_canceled: true }],
    ['a company (scope)', { contractor_id: r.c2 }, {}],
    ['a homeowner (scope)', { homeowner_user_id: r.h1 }, {}],
    ['contractor_id', {}, { contractor_id: r.c1 }],
    ['program_id', {}, { program_id: 'p2' }],
    ['eligible', {}, { is_eligible: true }],
    ['not eligible', {}, { is_eligible: false }],
    ['eligibility', {}, { eligibility: 'ineligible' }],
    ['claimed', {}, { is_claimed_jobs: true }],
    ['stages', {}, { stage: [2, 3] }],
    ['ops user', {}, { ops_user: r.u1 }],
    ['contractor user', {}, { contractor_user: r.u2 }],
    ['submitted by', {}, { contractor_submitted_by: r.u2 }],
    ['contractor task exception', {}, { has_contractor_task_exception: true }],
    ['no ops task exception', {}, { has_ops_task_exception: false }],
    ['action owner', {}, { action_owner: 'ops' }],
    ['action owner and stages', {}, { action_owner: 'contractor', stage: [1, 2, 4] }],
    ['action owner, canceled', {}, { action_owner: 'ops', is_canceled: true }],
    ['action owner and a job column', { contractor_id: r.c1 }, { action_owner: 'contractor', program_id: 'p1' }],
    // One facet alone is counted from job_facet_totals (migration 021); two, or one with another filter, by query.
    ['program and stages', {}, { program_id: 'p1', stage: [1, 3] }],
    ['program, canceled', {}, { program_id: 'p2', is_canceled: true }],
    ['claimed and stages', {}, { is_claimed_jobs: true, stage: [2, 3, 4] }],
    ['claimed and a program', {}, { is_claimed_jobs: true, program_id: 'p1' }],
    ['action owner and a program', {}, { action_owner: 'ops', program_id: 'p2' }],
    ['action owner and claimed', {}, { action_owner: 'contractor', is_claimed_jobs: true }],
    ['a program in a company (scope)', { contractor_id: r.c2 }, { program_id: 'p1' }],
    ['a company (scope), canceled, stages', { contractor_id: r.c1 }, { is_canceled: true, stage: [1, 2] }],
    ['a company (scope) and the same as a filter', { contractor_id: r.c1 }, { contractor_id: r.c1 }],
    ['a company (scope) and another as a filter', { contractor_id: r.c1 }, { contractor_id: r.c2 }],
    ['ops user and stages', {}, { ops_user: r.u1, stage: [2, 3] }],
    ['ops user and claimed', {}, { ops_user: r.u1, is_claimed_jobs: true }],
    // Eligibility, eligible-ness, the task exception flags and the creating or submitting user are facets too (migration 023).
    ['not eligible and stages', {}, { is_eligible: false, stage: [1, 3] }],
    ['an eligibility status and stages', {}, { eligibility: 'ineligible', stage: [2, 3] }],
    ['a program and an eligibility status', {}, { program_id: 'p1', eligibility: 'ineligible' }],
    ['an ops task exception, canceled', {}, { has_ops_task_exception: true, is_canceled: true }],
    ['submitted by, in a company (scope)', { contractor_id: r.c1 }, { contractor_submitted_by: r.u2 }],
    ['contractor user and a contractor task exception', {}, { contractor_user: r.u2, has_contractor_task_exception: false }],
    ['my jobs', {}, { show_my_jobs: true, me: me() }],
    ['text, any case', {}, { q: 'SMITH' }],
    ['text in the address', {}, { q: 'oak' }],
    ['text in the code', {}, { q: 'j-1' }],
    ['an id exactly', {}, { q: String(model[7].id) }],
    ['an external id exactly', {}, { q: 'EXT-8' }],
    ['a LIKE wildcard taken literally (%)', {}, { q: '100%' }],
    ['a LIKE wildcard taken literally (_)', {}, { q: '_' }],
    ['the escape character taken literally', {}, { q: '\\' }],
    ['several at once', { homeowner_user_id: r.h1 }, { contractor_id: r.c1, stage: [1, 2, 3, 4], q: 'SMITH', is_eligible: true }],
  ];

  it('listJobs: every filter, each sort column both ways, the same ids in the same order as the model', async () => {
    for (const [name, scope, f] of filterCases()) {
      for (const sort_by of SORTS) {
        for (const sort_direction of ['asc', 'desc'] as const) {
          const got = await lists.listJobs(db, scope, f, { ...all, sort_by, sort_direction });
          const want = expectedIds(model, scope, f, sort_by, sort_direction);
          expect({ name, sort_by, sort_direction, ids: got.items.map((j) => j.id), total: got.total }).toEqual({ name, sort_by, sort_direction, ids: want, total: want.length });
        }
      }
    }
  });

  it('listJobs: pages of the same order, list columns only', async () => {
    const want = expectedIds(model, {}, {}, 'full_name', 'desc');
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await lists.listJobs(db, {}, {}, { page_number: p, per_page: 7, sort_by: 'full_name', sort_direction: 'desc' })).items);
    expect(pages.map((j) => j.id)).toEqual(want.slice(0, 21));
    expect(pages[0]).not.toHaveProperty('first_name');
    expect(pages[0]).toHaveProperty('action_owners');
  });

  it('stageCounts, tabCounts and canceledCount under every filter', async () => {
    for (const [name, scope, f] of filterCases()) {
      expect({ name, stages: await lists.stageCounts(db, scope, f) }).toEqual({ name, stages: expectedStages(model, scope, f) });
      expect({ name, tabs: await lists.tabCounts(db, scope, f) }).toEqual({ name, tabs: expectedTabs(model, scope, f) });
      expect({ name, canceled: await lists.canceledCount(db, scope, f) }).toEqual({ name, canceled: expectedCanceled(model, scope, f) });
    }
  });

  it('the count cache: computed once per jobs version, recomputed after a write (here or by another instance)', async () => {
    let computed = 0;
    const count = () => lists.cachedCount(db, 'probe', async () => ++computed);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    const other = await fresh.another();
    await jobs.updateJob(other.kysely, model[0].id, { exception_notes: 'bump' });
    expect(await count()).toBe(2);
    expect(await count()).toBe(2);
    lists.clearCountCache(db);
    expect(await count()).toBe(3);
    // A transaction computes for itself and leaves the cache alone.
    expect(await db.transaction().execute((trx) => lists.cachedCount(trx, 'probe', async () => -1))).toBe(-1);
    expect(await count()).toBe(3);

    const before = await lists.stageCounts(db, {}, {});
    const stage1 = (s: { stage: number; count: number }[]) => s.find((x) => x.stage === 1)?.count ?? 0;
    const id = await jobs.insertJob(other.kysely, { code: 'CACHE-1', first_name: 'C', last_name: 'C', full_name: 'C C', address: 'A', program_id: 'p', created_at: AT, updated_at: AT, stage_entered_at: AT });
    expect(stage1(await lists.stageCounts(db, {}, {}))).toBe(stage1(before) + 1);
    expect(await lists.canceledCount(db, {}, {})).toBe(expectedCanceled(model, {}, {}));
    await jobs.updateJob(db, id, { is_canceled: 1 });
    expect(stage1(await lists.stageCounts(db, {}, {}))).toBe(stage1(before));
    expect(await lists.canceledCount(db, {}, {})).toBe(expectedCanceled(model, {}, {}) + 1);
    expect((await lists.listJobs(db, {}, { is_canceled: true }, { ...all, sort_by: 'created_at', sort_direction: 'asc' })).total).toBe(expectedCanceled(model, {}, {}) + 1);

    // A rolled-back write: its counts are not left behind for the version number it used.
    await expect(db.transaction().execute(async (trx) => {
      await jobs.updateJob(trx, id, { is_canceled: 0 });
      expect(stage1(await lists.stageCounts(trx, {}, {}))).toBe(stage1(before) + 1);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    await jobs.updateJob(db, id, { exception_notes: 'same version number, other data' });
    expect(stage1(await lists.stageCounts(db, {}, {}))).toBe(stage1(before));
    await db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(await lists.canceledCount(db, {}, {})).toBe(expectedCanceled(model, {}, {}));
  });

  it('a count not cached yet reads the jobs version in its own statement, stores under it, and stores no empty answer', async () => {
    const reads = vi.spyOn(db, 'executeQuery');
    try {
      let maps = 0;
      const total = db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n'));
      const count = () => lists.cachedRows(db, 'rows-probe', total, (rows) => (maps++, Number(rows[0].n)));
      const n = Number((await total.executeTakeFirstOrThrow()).n);
      // The version checks cached values make on their own (cachedUntil); the first count reads it with the rows.
      const versionReads = () => reads.mock.calls.filter(([q]) => ('sql' in q ? q.sql : q.compile().sql).includes('jobs_version')).length;
      reads.mockClear();
      expect(await count()).toBe(n);
      expect(versionReads()).toBe(0);
      expect(await count()).toBe(n);
      expect(versionReads()).toBe(1);
      expect(maps).toBe(1); // stored under the version read with it
      const other = await fresh.another();
      await jobs.insertJob(other.kysely, { code: 'ROWS-1', first_name: 'R', last_name: 'R', full_name: 'R R', address: 'A', program_id: 'p', created_at: AT, updated_at: AT, stage_entered_at: AT });
      expect(await count()).toBe(n + 1);
      expect(maps).toBe(2);
      // No rows, no version: computed each time.
      const none = db.selectFrom('jobs').select('jobs.id').where('jobs.id', '<', 0);
      const empty = () => lists.cachedRows(db, 'rows-empty', none, (rows) => (maps++, rows.length));
      expect([await empty(), await empty()]).toEqual([0, 0]);
      expect(maps).toBe(4);
      await db.deleteFrom('jobs').where('code', '=', 'ROWS-1').execute();
    } finally {
      reads.mockRestore();
    }
  });

  it('a page and its total in one statement: counted with the page, then its cached total checked with the page', async () => {
    // Every statement the store sends (query builders and db.executeQuery alike go through its executor).
    const reads = vi.spyOn(db.getExecutor(), 'executeQuery');
    const page = (page_number = 1) => ({ page_number, per_page: 2, sort_by: 'created_at' as const, sort_direction: 'asc' as const });
    const ids = (items: { id: number }[]) => items.map((j) => j.id);
    try {
      // Two filters: a count of its own (no totals answer it); one filter: the per-stage totals summed in the page's statement.
      for (const f of [{ contractor_id: r.c1, program_id: 'p1' }, { program_id: 'p1' }] as JobFilters[]) {
        lists.clearCountCache(db);
        const want = expectedIds(model, {}, f, 'created_at', 'asc');
        reads.mockClear();
        const first = await lists.listJobs(db, {}, f, page());
        expect({ f, statements: reads.mock.calls.length, total: first.total, ids: ids(first.items) }).toEqual({ f, statements: 1, total: want.length, ids: want.slice(0, 2) });
        // The rows hold the list's columns only (no total, no version).
        expect(Object.keys(first.items[0]).sort()).toEqual(Object.keys((await lists.listJobs(db, {}, f, page())).items[0]).sort());
        expect(Object.keys(first.items[0])).not.toContain('list_total');
        expect(Object.keys(first.items[0]).filter((k) => k.startsWith('jobs_'))).toEqual([]);
        reads.mockClear();
        expect((await lists.listJobs(db, {}, f, page(2))).total).toBe(want.length);
        expect(reads.mock.calls.length).toBe(1);
        // Past the last page: no row carries the total, which is read on its own.
        expect(await lists.listJobs(db, {}, f, page(1000))).toEqual({ items: [], total: want.length });
        // In a transaction: the same answer, nothing cached.
        expect(await db.transaction().execute((trx) => lists.listJobs(trx, {}, f, page()))).toEqual(first);
      }
      // Another instance's write: the cached total is older than the version read with the page, so it is counted again.
      const f: JobFilters = { contractor_id: r.c1, program_id: 'p1' };
      const before = (await lists.listJobs(db, {}, f, page())).total;
      const other = await fresh.another();
      const id = await jobs.insertJob(other.kysely, { code: 'ONE-1', first_name: 'O', last_name: 'O', full_name: 'O O', address: 'A', program_id: 'p1', contractor_id: r.c1, created_at: AT, updated_at: AT, stage_entered_at: AT });
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before + 1);
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before + 1);
      await db.deleteFrom('jobs').where('id', '=', id).execute();
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before);
    } finally {
      reads.mockRestore();
    }
  });

  it('the version check: calls arriving together share a read, and a call after a write always sees it', async () => {
    const reads = vi.spyOn(db, 'executeQuery');
    const versionReads = () => reads.mock.calls.filter(([q]) => ('sql' in q ? q.sql : q.compile().sql).includes('jobs_version')).length;
    let computed = 0;
    const count = () => lists.cachedCount(db, 'shared-probe', async () => ++computed);
    try {
      // The first call reads; the other nineteen, arriving while that read is on its way, share the next one.
      const answers = await Promise.all(Array.from({ length: 20 }, count));
      expect(versionReads()).toBe(2);
      expect(answers[0]).toBe(1);
      const settled = await count();
      // A write acknowledged by another instance while a read is on its way: the next call sees it.
      const other = await fresh.another();
      const earlier = count();
      await jobs.updateJob(other.kysely, model[1].id, { exception_notes: 'bumped while a read was on its way' });
      // (Computed again: the version it read is the write's.)
      expect(await count()).toBeGreaterThan(settled);
      expect(await earlier).toBeGreaterThanOrEqual(settled);
    } finally {
      reads.mockRestore();
    }
  });

  it('cachedUntil: a value stale by time is computed again, whatever the version', async () => {
    let computed = 0;
    const at = (now: number) => lists.cachedUntil(db, 'timed-probe', now, async () => ({ value: ++computed, until: 1_000 }));
    expect(await at(0)).toBe(1);
    expect(await at(999)).toBe(1);
    expect(await at(1_000)).toBe(2);
  });
});
