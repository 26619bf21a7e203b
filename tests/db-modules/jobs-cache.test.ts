/**
 * The jobs list's cache on every backend (server/db/jobs-version-cache.ts): counts recomputed once the shared jobs
 * version moves (here or through another instance), read in the statement of their rows or of the list's page, the
 * version reads shared by calls arriving together, and values stale by time.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import * as jobs from '../../server/db/jobs.db.ts';
import type { JobFilters } from '../../server/db/job-lists.db.ts';
import * as lists from '../../server/db/job-lists.db.ts';
import { BACKENDS, type Fresh } from '../db/backends.ts';
import { AT, seededJobs } from './jobs-seeded.ts';
import { expectedCanceled, expectedIds, type ModelJob, type Refs } from './jobs-model.ts';

const all = { page_number: 1, per_page: 1000 };

describe.each(BACKENDS)('db/next jobs cache on %s', (backend) => {
  let fresh: Fresh;
  let db: Kysely<DB>;
  let r: Refs;
  let model: ModelJob[];
  beforeAll(async () => {
    ({ fresh, db, r, model } = await seededJobs(backend));
  });
  afterAll(() => fresh?.drop());

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
    const id = await jobs.insertJob(other.kysely, {
      code: 'CACHE-1',
      first_name: 'C',
      last_name: 'C',
      full_name: 'C C',
      address: 'A',
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
    });
    expect(stage1(await lists.stageCounts(db, {}, {}))).toBe(stage1(before) + 1);
    expect(await lists.canceledCount(db, {}, {})).toBe(expectedCanceled(model, {}, {}));
    await jobs.updateJob(db, id, { is_canceled: 1 });
    expect(stage1(await lists.stageCounts(db, {}, {}))).toBe(stage1(before));
    expect(await lists.canceledCount(db, {}, {})).toBe(expectedCanceled(model, {}, {}) + 1);
    expect(
      (await lists.listJobs(db, {}, { is_canceled: true }, { ...all, sort_by: 'created_at', sort_direction: 'asc' }))
        .total,
    ).toBe(expectedCanceled(model, {}, {}) + 1);

    // A rolled-back write: its counts are not left behind for the version number it used.
    await expect(
      db.transaction().execute(async (trx) => {
        await jobs.updateJob(trx, id, { is_canceled: 0 });
        expect(stage1(await lists.stageCounts(trx, {}, {}))).toBe(stage1(before) + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
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
      const versionReads = () =>
        reads.mock.calls.filter(([q]) => ('sql' in q ? q.sql : q.compile().sql).includes('jobs_version')).length;
      reads.mockClear();
      expect(await count()).toBe(n);
      expect(versionReads()).toBe(0);
      expect(await count()).toBe(n);
      expect(versionReads()).toBe(1);
      expect(maps).toBe(1); // stored under the version read with it
      const other = await fresh.another();
      await jobs.insertJob(other.kysely, {
        code: 'ROWS-1',
        first_name: 'R',
        last_name: 'R',
        full_name: 'R R',
        address: 'A',
        program_id: 'p',
        created_at: AT,
        updated_at: AT,
        stage_entered_at: AT,
      });
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
    const page = (page_number = 1) => ({
      page_number,
      per_page: 2,
      sort_by: 'created_at' as const,
      sort_direction: 'asc' as const,
    });
    const ids = (items: { id: number }[]) => items.map((j) => j.id);
    // The statements that read the page. On SQLite a list filtered by a program (or another filter job_cube counts)
    // first reads its totals to choose its walk (job-lists.db.ts, walksFor): statements of a few microseconds in the
    // process; on PostgreSQL, where each is a round trip, the page and its total are the only statement.
    const sqlOf = (q: unknown) => (q as { sql: string }).sql;
    const statements = () =>
      backend === 'sqlite'
        ? reads.mock.calls.filter(([q]) => sqlOf(q).includes('"external_id"')).length
        : reads.mock.calls.length;
    try {
      // Two filters: a count of its own (no totals answer it); one filter: the per-stage totals summed in the page's
      // statement.
      for (const f of [{ contractor_id: r.c1, program_id: 'p1' }, { program_id: 'p1' }] as JobFilters[]) {
        lists.clearCountCache(db);
        const want = expectedIds(model, {}, f, 'created_at', 'asc');
        reads.mockClear();
        const first = await lists.listJobs(db, {}, f, page());
        expect({ f, statements: statements(), total: first.total, ids: ids(first.items) }).toEqual({
          f,
          statements: 1,
          total: want.length,
          ids: want.slice(0, 2),
        });
        // The rows hold the list's columns only (no total, no version).
        expect(Object.keys(first.items[0]).sort()).toEqual(
          Object.keys((await lists.listJobs(db, {}, f, page())).items[0]).sort(),
        );
        expect(Object.keys(first.items[0])).not.toContain('list_total');
        expect(Object.keys(first.items[0]).filter((k) => k.startsWith('jobs_'))).toEqual([]);
        reads.mockClear();
        expect((await lists.listJobs(db, {}, f, page(2))).total).toBe(want.length);
        expect(statements()).toBe(1);
        // Past the last page: no row carries the total, which is read on its own.
        expect(await lists.listJobs(db, {}, f, page(1000))).toEqual({ items: [], total: want.length, keys: [] });
        // In a transaction: the same answer, nothing cached.
        expect(await db.transaction().execute((trx) => lists.listJobs(trx, {}, f, page()))).toEqual(first);
      }
      // Another instance's write: the cached total is older than the version read with the page, so it is counted
      // again.
      const f: JobFilters = { contractor_id: r.c1, program_id: 'p1' };
      const before = (await lists.listJobs(db, {}, f, page())).total;
      const other = await fresh.another();
      const id = await jobs.insertJob(other.kysely, {
        code: 'ONE-1',
        first_name: 'O',
        last_name: 'O',
        full_name: 'O O',
        address: 'A',
        program_id: 'p1',
        contractor_id: r.c1,
        created_at: AT,
        updated_at: AT,
        stage_entered_at: AT,
      });
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before + 1);
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before + 1);
      await db.deleteFrom('jobs').where('id', '=', id).execute();
      expect((await lists.listJobs(db, {}, f, page())).total).toBe(before);
    } finally {
      reads.mockRestore();
    }
  });

  it('SQLite walks a page of common low-cardinality filters; a filter no job matches reads no page', async () => {
    const reads = vi.spyOn(db.getExecutor(), 'executeQuery');
    const pageSql = () =>
      reads.mock.calls.map(([q]) => (q as { sql: string }).sql).filter((q) => q.includes('"external_id"'));
    // 25 a page: the fewest matches of these (claimed jobs of p1) are rare enough to be left to the planner.
    const page = { page_number: 1, per_page: 25, sort_by: 'created_at' as const, sort_direction: 'asc' as const };
    try {
      const all = expectedIds(model, {}, {}, 'created_at', 'asc').length;
      for (const f of [
        { program_id: 'p1', is_claimed_jobs: true },
        { program_id: 'p1' },
        { is_eligible: true, has_ops_task_exception: false },
        { contractor_id: r.c1, eligibility: 'eligible' },
      ] as JobFilters[]) {
        lists.clearCountCache(db);
        const want = expectedIds(model, {}, f, 'created_at', 'asc');
        reads.mockClear();
        const got = await lists.listJobs(db, {}, f, page);
        expect(got.items.map((j) => j.id)).toEqual(want.slice(0, 25));
        expect(got.total).toBe(want.length);
        const walk = f.contractor_id
          ? expectedIds(model, {}, { contractor_id: r.c1 }, 'created_at', 'asc').length
          : all;
        const walked = pageSql().some((q) => q.includes('+"jobs".'));
        expect({ f, walked }).toEqual({ f, walked: backend === 'sqlite' && lists.walksFor(want.length, walk, 25) });
      }
      lists.clearCountCache(db);
      reads.mockClear();
      const none: JobFilters = { program_id: 'no-such-program', is_eligible: true };
      expect(await lists.listJobs(db, {}, none, page)).toEqual({ items: [], total: 0, keys: [] });
      expect(pageSql().length).toBe(backend === 'sqlite' ? 0 : 1);
      if (backend === 'postgres') {
        // PostgreSQL's one statement: the totals' sum is a one-time filter of the walk, which reads no entry of the
        // jobs or their indexes (a company's page of a program and status it has none of walked all its jobs' entries).
        const scans = async (trx: typeof db) =>
          Number(
            (
              await sql<{ n: string }>`SELECT pg_stat_get_xact_numscans('jobs'::regclass)
                + (SELECT coalesce(sum(pg_stat_get_xact_numscans(indexrelid)), 0) FROM pg_index
                   WHERE indrelid = 'jobs'::regclass) AS n`.execute(trx)
            ).rows[0].n,
          );
        const counted = await db.transaction().execute(async (trx) => {
          const before = await scans(trx);
          const none = await lists.listJobs(trx, {}, { contractor_id: r.c1, program_id: 'no-such-program' }, page);
          const between = await scans(trx);
          const some = await lists.listJobs(trx, {}, { contractor_id: r.c1, program_id: 'p1' }, page);
          return {
            none: none.total,
            noneRead: between - before,
            some: some.total,
            someRead: (await scans(trx)) - between,
          };
        });
        expect(counted).toEqual({ none: 0, noneRead: 0, some: expect.any(Number), someRead: expect.any(Number) });
        // The same list with matches reads them (the count of scans sees a walk).
        expect(counted.some).toBeGreaterThan(0);
        expect(counted.someRead).toBeGreaterThan(0);
      }
    } finally {
      reads.mockRestore();
    }
  });

  it('the version check: calls arriving together share a read, and a call after a write always sees it', async () => {
    const reads = vi.spyOn(db, 'executeQuery');
    const versionReads = () =>
      reads.mock.calls.filter(([q]) => ('sql' in q ? q.sql : q.compile().sql).includes('jobs_version')).length;
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
    const at = (now: number) =>
      lists.cachedUntil(db, 'timed-probe', now, async () => ({ value: ++computed, until: 1_000 }));
    expect(await at(0)).toBe(1);
    expect(await at(999)).toBe(1);
    expect(await at(1_000)).toBe(2);
  });
});
