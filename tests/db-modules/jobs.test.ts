/**
 * The async jobs module (server/db/jobs.db.ts) on every backend: rows, updates, duplicates
 * whatever their case, the list with every filter and each sort column both ways (the same ids in the
 * same order as the plain-code model, so the same on both backends), the per-stage, per-tab and
 * canceled counts (the count cache: jobs-cache.test.ts).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import * as jobs from '../../server/db/jobs.db.ts';
import type { JobFilters, JobScope, SortBy } from '../../server/db/job-lists.db.ts';
import * as lists from '../../server/db/job-lists.db.ts';
import { BACKENDS, type Fresh } from '../db/backends.ts';
import { AT, seededJobs } from './jobs-seeded.ts';
import { expectedCanceled, expectedIds, expectedStages, expectedTabs, type ModelJob, type Refs } from './jobs-model.ts';

const SORTS = Object.keys(lists.SORT_COLUMNS) as SortBy[];
const all = { page_number: 1, per_page: 1000 };

describe.each(BACKENDS)('db/next jobs on %s', (backend) => {
  let fresh: Fresh;
  let db: Kysely<DB>;
  let r: Refs;
  let model: ModelJob[];
  beforeAll(async () => {
    ({ fresh, db, r, model } = await seededJobs(backend));
  });
  afterAll(() => fresh?.drop());

  it('insertJob and getJob round trip, with defaults; by code; action-owner rows written with the job', async () => {
    const j = model[2];
    expect(await jobs.getJob(db, j.id)).toMatchObject({
      ...j,
      email: null,
      cancel_reason: null,
      submit_terms_id: null,
      rebate_min_cents: null,
    });
    const id = await jobs.insertJob(db, {
      code: 'NEW-1',
      first_name: 'N',
      last_name: 'J',
      full_name: 'N J',
      address: 'A',
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
      lat: 1.25,
    });
    expect(await jobs.getJob(db, id)).toMatchObject({
      id,
      stage: 1,
      eligibility: 'pending_more_information',
      is_eligible: 0,
      is_canceled: 0,
      action_owners: '',
      lat: 1.25,
      lon: null,
    });
    expect((await jobs.getJobByCode(db, 'NEW-1'))?.id).toBe(id);
    expect(await jobs.getJobByCode(db, 'none')).toBeUndefined();
    expect(await jobs.codeExists(db, 'NEW-1')).toBe(true);
    expect(await jobs.codeExists(db, 'new-1')).toBe(false);
    const owners = await db
      .selectFrom('job_action_owners')
      .selectAll()
      .where('job_id', '=', model[1].id)
      .orderBy('role')
      .execute();
    expect(owners).toEqual(
      ['contractor', 'ops'].map((role) => ({
        role,
        job_id: model[1].id,
        is_canceled: model[1].is_canceled,
        stage: model[1].stage,
        created_at: model[1].created_at,
      })),
    );
    expect((await jobs.jobsOfHomeowner(db, r.h1)).map((x) => x.id)).toEqual(
      model.filter((x) => x.homeowner_user_id === r.h1).map((x) => x.id),
    );
    await db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('updateJob changes the allowed columns only, and the action-owner rows with what they carry', async () => {
    const id = await jobs.insertJob(db, {
      code: 'UPD-1',
      first_name: 'U',
      last_name: 'P',
      full_name: 'U P',
      address: 'A',
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
      action_owners: ',ops,',
    });
    await jobs.updateJob(db, id, { code: 'HACK', id: 999, stage: 3, cancel_note: 'n', ops_owner: r.u1 } as never);
    await jobs.updateJob(db, id, {});
    expect(await jobs.getJob(db, id)).toMatchObject({ id, code: 'UPD-1', stage: 3, cancel_note: 'n', ops_owner: r.u1 });
    const rows = () =>
      db
        .selectFrom('job_action_owners')
        .select(['role', 'stage', 'is_canceled'])
        .where('job_id', '=', id)
        .orderBy('role')
        .execute();
    expect(await rows()).toEqual([{ role: 'ops', stage: 3, is_canceled: 0 }]);
    await jobs.updateJob(db, id, { action_owners: ',contractor,homeowner,', is_canceled: 1 });
    expect(await rows()).toEqual([
      { role: 'contractor', stage: 3, is_canceled: 1 },
      { role: 'homeowner', stage: 3, is_canceled: 1 },
    ]);
    // Inside a caller's transaction: rolled back with it, action-owner rows too.
    await expect(
      db.transaction().execute(async (trx) => {
        await jobs.updateJob(trx, id, { action_owners: '', stage: 5 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await jobs.getJob(db, id))?.stage).toBe(3);
    expect((await rows()).length).toBe(2);
    await db.deleteFrom('job_action_owners').where('job_id', '=', id).execute();
    await db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('findDuplicate: same names and address whatever the case, not canceled, within the company', async () => {
    const base = {
      first_name: 'Dup',
      last_name: "O'Neil",
      full_name: "Dup O'Neil",
      address: '9 Side St',
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
    };
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
    // One facet alone is counted from job_facet_totals (migration 021); two, or one with another filter, by query
    // (but see job_cube below).
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
    // Eligibility, eligible-ness, the task exception flags and the creating or submitting user are facets too
    // (migration 023).
    ['not eligible and stages', {}, { is_eligible: false, stage: [1, 3] }],
    ['an eligibility status and stages', {}, { eligibility: 'ineligible', stage: [2, 3] }],
    ['a program and an eligibility status', {}, { program_id: 'p1', eligibility: 'ineligible' }],
    ['an ops task exception, canceled', {}, { has_ops_task_exception: true, is_canceled: true }],
    ['submitted by, in a company (scope)', { contractor_id: r.c1 }, { contractor_submitted_by: r.u2 }],
    [
      'contractor user and a contractor task exception',
      {},
      { contractor_user: r.u2, has_contractor_task_exception: false },
    ],
    // Two or more of program, eligibility status, eligible-ness, claimed-ness and the task exception flags, and nothing
    // else, are counted from job_cube (migration 044).
    [
      'a program, eligible, no contractor task exception',
      {},
      { program_id: 'p1', is_eligible: true, has_contractor_task_exception: false },
    ],
    [
      'claimed, not eligible, an ops task exception, stages',
      {},
      { is_claimed_jobs: true, is_eligible: false, has_ops_task_exception: true, stage: [1, 2] },
    ],
    [
      'an eligibility status and claimed, canceled',
      {},
      { eligibility: 'ineligible', is_claimed_jobs: true, is_canceled: true },
    ],
    [
      'both task exception flags and a program',
      {},
      { has_ops_task_exception: false, has_contractor_task_exception: true, program_id: 'p2' },
    ],
    // ... of one company or person too.
    ['my jobs and a program', {}, { show_my_jobs: true, me: me(), program_id: 'p1' }],
    ['a company (scope), eligible, canceled', { contractor_id: r.c1 }, { is_eligible: true, is_canceled: true }],
    ['submitted by, claimed, stages', {}, { contractor_submitted_by: r.u2, is_claimed_jobs: true, stage: [1, 2, 3] }],
    ['my jobs', {}, { show_my_jobs: true, me: me() }],
    ['text, any case', {}, { q: 'SMITH' }],
    ['text in the address', {}, { q: 'oak' }],
    ['text in the code', {}, { q: 'j-1' }],
    ['an id exactly', {}, { q: String(model[7].id) }],
    ['an external id exactly', {}, { q: 'EXT-8' }],
    ['a LIKE wildcard taken literally (%)', {}, { q: '100%' }],
    ['a LIKE wildcard taken literally (_)', {}, { q: '_' }],
    ['the escape character taken literally', {}, { q: '\\' }],
    [
      'several at once',
      { homeowner_user_id: r.h1 },
      { contractor_id: r.c1, stage: [1, 2, 3, 4], q: 'SMITH', is_eligible: true },
    ],
  ];

  it('listJobs: every filter, each sort column both ways, the same ids in the same order as the model', async () => {
    for (const [name, scope, f] of filterCases()) {
      for (const sort_by of SORTS) {
        for (const sort_direction of ['asc', 'desc'] as const) {
          const got = await lists.listJobs(db, scope, f, { ...all, sort_by, sort_direction });
          const want = expectedIds(model, scope, f, sort_by, sort_direction);
          expect({ name, sort_by, sort_direction, ids: got.items.map((j) => j.id), total: got.total }).toEqual({
            name,
            sort_by,
            sort_direction,
            ids: want,
            total: want.length,
          });
        }
      }
    }
  });

  it('listJobs: pages of the same order, list columns only', async () => {
    const want = expectedIds(model, {}, {}, 'full_name', 'desc');
    const pages = [];
    for (let p = 1; p <= 3; p++)
      pages.push(
        ...(
          await lists.listJobs(
            db,
            {},
            {},
            { page_number: p, per_page: 7, sort_by: 'full_name', sort_direction: 'desc' },
          )
        ).items,
      );
    expect(pages.map((j) => j.id)).toEqual(want.slice(0, 21));
    expect(pages[0]).not.toHaveProperty('first_name');
    expect(pages[0]).toHaveProperty('action_owners');
  });

  it('stageCounts, tabCounts and canceledCount under every filter', async () => {
    for (const [name, scope, f] of filterCases()) {
      expect({ name, stages: await lists.stageCounts(db, scope, f) }).toEqual({
        name,
        stages: expectedStages(model, scope, f),
      });
      expect({ name, tabs: await lists.tabCounts(db, scope, f) }).toEqual({
        name,
        tabs: expectedTabs(model, scope, f),
      });
      expect({ name, canceled: await lists.canceledCount(db, scope, f) }).toEqual({
        name,
        canceled: expectedCanceled(model, scope, f),
      });
    }
  });
});
