/**
 * The totals the jobs lists and counts read instead of counting (migrations 010 and 021): jobs per (is_canceled, stage)
 * in job_totals, per (facet, value, is_canceled, stage) in job_facet_totals, kept by triggers on both backends through
 * every kind of job write; and on PostgreSQL, two transactions writing jobs in crossing orders both commit.
 */

import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Insertable } from 'kysely';
import type { JobsTable } from '../../server/db/schema.ts';
import { AT, backends, jobRow, PG_URL, schemaOf, storesOfFile, urlOf } from './backends.ts';

const { fresh, atEnd } = storesOfFile();

type Db = Awaited<ReturnType<typeof fresh>>['kysely'];
type NewJob = Insertable<JobsTable>;
/** An ops user (a claimer, ops owner, creator or submitter of the jobs below). */
const opsUser = (db: Db, email: string) =>
  db
    .insertInto('users')
    .values({ email, name: 'O', role: 'ops', created_at: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
/** A contractor company. */
const newCompany = (db: Db, name: string) =>
  db
    .insertInto('contractors')
    .values({
      name,
      address: '1 A St',
      city: 'Madison',
      phone: '608-555-0101',
      email: 'a@b.test',
      primary_contact: 'A',
      program_id: 'wi-hear',
      created_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
/** Jobs `code0`, `code1`, ... with the columns `of(i)` gives each (its id, in order). */
async function newJobs(db: Db, code: string, count: number, of: (i: number) => Partial<NewJob>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = await db
      .insertInto('jobs')
      .values(jobRow(code, i, of(i)) as NewJob)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(j.id);
  }
  return ids;
}

describe.each(backends())('totals triggers on %s', (backend) => {
  it('keep jobs per (is_canceled, stage) in job_totals through inserts, stage moves, cancels and deletes', async () => {
    const { kysely: db } = await fresh(backend);
    const totals = async () =>
      (
        await db
          .selectFrom('job_totals')
          .select(['is_canceled', 'stage', 'n'])
          .where('n', '>', 0)
          .orderBy('is_canceled')
          .orderBy('stage')
          .execute()
      ).map((r) => [r.is_canceled, r.stage, Number(r.n)]);
    const counted = async () =>
      (
        await db
          .selectFrom('jobs')
          .select(['is_canceled', 'stage', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy(['is_canceled', 'stage'])
          .orderBy('is_canceled')
          .orderBy('stage')
          .execute()
      ).map((r) => [r.is_canceled, r.stage, Number(r.n)]);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const j = await db
        .insertInto('jobs')
        .values(jobRow('AB1', i, {}))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(j.id);
    }
    expect(await totals()).toEqual([[0, 1, 5]]);
    await db.updateTable('jobs').set({ stage: 3 }).where('id', 'in', ids.slice(0, 2)).execute();
    await db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', ids[0]).execute();
    await db.updateTable('jobs').set({ full_name: 'Ann B. Lee' }).where('id', '=', ids[4]).execute();
    await db.deleteFrom('jobs').where('id', '=', ids[3]).execute();
    expect(await totals()).toEqual([
      [0, 1, 2],
      [0, 3, 1],
      [1, 3, 1],
    ]);
    expect(await totals()).toEqual(await counted());
  });

  it('keep jobs per combination of the low-cardinality filters in job_cube, of all jobs and of each company and person, through every kind of job write', async () => {
    const { kysely: db } = await fresh(backend);
    const DIMS = [
      'is_canceled',
      'stage',
      'program_id',
      'eligibility',
      'is_eligible',
      'has_ops_task_exception',
      'has_contractor_task_exception',
    ] as const;
    const cube = async () =>
      (await db.selectFrom('job_cube').selectAll().where('n', '>', 0).execute())
        .map((r) => JSON.stringify([r.facet, r.value, ...DIMS.map((d) => r[d]), r.claimed, Number(r.n)]))
        .sort();
    const counted = async () => {
      const n = new Map<string, number>();
      const owners = await db.selectFrom('job_action_owners').select(['job_id', 'role']).execute();
      for (const j of await db.selectFrom('jobs').selectAll().execute()) {
        const facets: [string, string][] = [['', '']];
        if (j.contractor_id !== null) facets.push(['contractor', String(j.contractor_id)]);
        if (j.ops_owner !== null) facets.push(['ops_owner', String(j.ops_owner)]);
        if (j.created_by !== null) facets.push(['creator', String(j.created_by)]);
        if (j.submitted_by !== null) facets.push(['submitter', String(j.submitted_by)]);
        for (const u of new Set([j.claimed_by, j.ops_owner, j.created_by]))
          if (u !== null) facets.push(['mine', String(u)]);
        for (const o of owners.filter((x) => x.job_id === j.id)) facets.push(['owner', o.role]);
        for (const [facet, value] of facets) {
          const k = JSON.stringify([facet, value, ...DIMS.map((d) => j[d]), j.claimed_by === null ? 0 : 1]);
          n.set(k, (n.get(k) ?? 0) + 1);
        }
      }
      return [...n].map(([k, c]) => JSON.stringify([...JSON.parse(k), c])).sort();
    };
    const [ops, ops2] = [await opsUser(db, 'c@b.test'), await opsUser(db, 'd@b.test')];
    const company = await newCompany(db, 'Cube Co');
    const ids = await newJobs(db, 'CU1', 8, (i) => ({
      program_id: i < 5 ? 'wi-hear' : 'pce',
      claimed_by: i % 3 ? ops.id : null,
      contractor_id: i < 4 ? company.id : null,
      ops_owner: i % 2 ? ops.id : null,
      created_by: i < 3 ? ops.id : i < 5 ? ops2.id : null,
      submitted_by: i === 0 ? ops2.id : null,
      is_eligible: i % 2,
      eligibility: i % 2 ? 'eligible' : 'pending_more_information',
      has_ops_task_exception: i === 1 ? 1 : 0,
    }));
    // Action owners' rows, written after the job's (as jobs.db writes them: the job's rows deleted and written again).
    const owners = async (id: number, roles: string[]) => {
      await db.deleteFrom('job_action_owners').where('job_id', '=', id).execute();
      if (roles.length)
        await db
          .insertInto('job_action_owners')
          .values(roles.map((role) => ({ role, job_id: id, is_canceled: 0, stage: 1, created_at: AT })))
          .execute();
    };
    await owners(ids[0], ['contractor', 'ops']);
    await owners(ids[1], ['ops']);
    await owners(ids[4], ['finance', 'contractor']);
    await owners(ids[3], ['ops']);
    expect(await cube()).toEqual(await counted());
    // Two jobs alike share a row; a person who claims, owns and created a job counts it once as theirs.
    expect((await cube()).some((r) => JSON.parse(r).at(-1) > 1)).toBe(true);
    await db.updateTable('jobs').set({ stage: 3 }).where('id', 'in', ids.slice(0, 3)).execute();
    await db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', ids[1]).execute();
    await db.updateTable('jobs').set({ program_id: 'pce' }).where('id', '=', ids[2]).execute();
    await db.updateTable('jobs').set({ claimed_by: ops.id }).where('id', '=', ids[0]).execute();
    await db.updateTable('jobs').set({ claimed_by: ops2.id }).where('id', '=', ids[1]).execute();
    await db.updateTable('jobs').set({ claimed_by: null }).where('id', '=', ids[4]).execute();
    await db
      .updateTable('jobs')
      .set({ eligibility: 'eligible', is_eligible: 1, has_contractor_task_exception: 1 })
      .where('id', '=', ids[6])
      .execute();
    await db.updateTable('jobs').set({ has_ops_task_exception: 1, stage: 2 }).where('id', '=', ids[7]).execute();
    await db.updateTable('jobs').set({ contractor_id: null, ops_owner: ops2.id }).where('id', '=', ids[3]).execute();
    await db
      .updateTable('jobs')
      .set({ contractor_id: company.id, submitted_by: ops.id })
      .where('id', '=', ids[5])
      .execute();
    await db.updateTable('jobs').set({ created_by: ops2.id }).where('id', '=', ids[0]).execute();
    // A job's roles change after its columns did; a role renamed in place.
    await db.updateTable('jobs').set({ stage: 4, eligibility: 'ineligible' }).where('id', '=', ids[0]).execute();
    await owners(ids[0], ['finance']);
    await owners(ids[1], []);
    await db
      .updateTable('job_action_owners')
      .set({ role: 'ops' })
      .where('job_id', '=', ids[4])
      .where('role', '=', 'finance')
      .execute();
    expect(await cube()).toEqual(await counted());
    // Writes that change none of the cube's columns, or set them to what they were.
    await db.updateTable('jobs').set({ full_name: 'Ann B. Lee', is_eligible: 1 }).where('id', '=', ids[5]).execute();
    await db.updateTable('jobs').set({ claimed_by: ops.id }).where('id', '=', ids[2]).execute();
    await owners(ids[3], []);
    await db.deleteFrom('jobs').where('id', '=', ids[3]).execute();
    expect(await cube()).toEqual(await counted());
    expect((await cube()).filter((r) => JSON.parse(r)[0] === 'mine').length).toBeGreaterThan(2);
    expect((await cube()).filter((r) => JSON.parse(r)[0] === 'owner').length).toBeGreaterThan(1);
  });

  it('keep jobs per (facet, value, is_canceled, stage) in job_facet_totals: programs, companies, ops owners, claimed-ness, eligibility statuses, eligible-ness, task exceptions, creators, submitters, whose jobs they are, action owners', async () => {
    const { kysely: db } = await fresh(backend);
    const facetTotals = async () =>
      (
        await db
          .selectFrom('job_facet_totals')
          .select(['facet', 'value', 'is_canceled', 'stage', 'n'])
          .where('n', '>', 0)
          .orderBy('facet')
          .orderBy('value')
          .orderBy('is_canceled')
          .orderBy('stage')
          .execute()
      ).map((r) => [r.facet, r.value, r.is_canceled, r.stage, Number(r.n)]);
    const counted = async () => {
      const jobs = await db
        .selectFrom('jobs')
        .select([
          'program_id',
          'claimed_by',
          'contractor_id',
          'ops_owner',
          'eligibility',
          'is_eligible',
          'has_ops_task_exception',
          'has_contractor_task_exception',
          'created_by',
          'submitted_by',
          'is_canceled',
          'stage',
        ])
        .execute();
      const owners = await db.selectFrom('job_action_owners').select(['role', 'is_canceled', 'stage']).execute();
      const n = new Map<string, number>();
      const add = (...k: (string | number)[]) => n.set(JSON.stringify(k), (n.get(JSON.stringify(k)) ?? 0) + 1);
      for (const j of jobs) {
        add('program', j.program_id, j.is_canceled, j.stage);
        if (j.claimed_by !== null) add('claimed', '1', j.is_canceled, j.stage);
        if (j.contractor_id !== null) add('contractor', String(j.contractor_id), j.is_canceled, j.stage);
        if (j.ops_owner !== null) add('ops_owner', String(j.ops_owner), j.is_canceled, j.stage);
        add('eligibility', j.eligibility, j.is_canceled, j.stage);
        add('eligible', String(j.is_eligible), j.is_canceled, j.stage);
        add('ops_exception', String(j.has_ops_task_exception), j.is_canceled, j.stage);
        add('contractor_exception', String(j.has_contractor_task_exception), j.is_canceled, j.stage);
        if (j.created_by !== null) add('creator', String(j.created_by), j.is_canceled, j.stage);
        if (j.submitted_by !== null) add('submitter', String(j.submitted_by), j.is_canceled, j.stage);
        for (const u of new Set([j.claimed_by, j.ops_owner, j.created_by]))
          if (u !== null) add('mine', String(u), j.is_canceled, j.stage);
      }
      for (const o of owners) add('owner', o.role, o.is_canceled, o.stage);
      return [...n]
        .map(([k, c]) => [...JSON.parse(k), c])
        .sort((a, b) => (JSON.stringify(a.slice(0, 4)) < JSON.stringify(b.slice(0, 4)) ? -1 : 1));
    };
    const [ops, ops2] = [await opsUser(db, 'o@b.test'), await opsUser(db, 'p@b.test')];
    const [c1, c2] = [await newCompany(db, 'One'), await newCompany(db, 'Two')];
    const ids = await newJobs(db, 'FT1', 6, (i) => ({
      program_id: i < 4 ? 'wi-hear' : 'pce',
      claimed_by: i % 2 ? ops.id : null,
      contractor_id: i < 3 ? c1.id : i < 5 ? c2.id : null,
      ops_owner: i % 3 ? ops.id : null,
      is_eligible: i % 2,
      has_ops_task_exception: i === 1 ? 1 : 0,
      created_by: i < 2 ? ops.id : null,
      submitted_by: i === 0 ? ops2.id : null,
    }));
    const owners = (id: number, roles: string[], stage = 1, is_canceled = 0) =>
      db
        .insertInto('job_action_owners')
        .values(roles.map((role) => ({ role, job_id: id, is_canceled, stage, created_at: AT })))
        .execute();
    await owners(ids[0], ['contractor', 'ops']);
    await owners(ids[1], ['ops']);
    await owners(ids[4], ['finance']);
    expect(await facetTotals()).toEqual(await counted());
    expect(await facetTotals()).toContainEqual(['program', 'wi-hear', 0, 1, 4]);
    // Stage moves, a cancel, a program change, claims taken and dropped, a write that changes none of them.
    await db.updateTable('jobs').set({ stage: 3 }).where('id', 'in', ids.slice(0, 3)).execute();
    await db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', ids[1]).execute();
    await db.updateTable('jobs').set({ program_id: 'pce' }).where('id', '=', ids[2]).execute();
    await db.updateTable('jobs').set({ claimed_by: ops.id }).where('id', '=', ids[0]).execute();
    await db.updateTable('jobs').set({ claimed_by: null }).where('id', '=', ids[3]).execute();
    await db.updateTable('jobs').set({ full_name: 'Ann B. Lee' }).where('id', '=', ids[5]).execute();
    await db.updateTable('jobs').set({ contractor_id: c2.id, ops_owner: ops2.id }).where('id', '=', ids[1]).execute();
    await db.updateTable('jobs').set({ contractor_id: null, ops_owner: null }).where('id', '=', ids[2]).execute();
    await db.updateTable('jobs').set({ contractor_id: c1.id, ops_owner: ops.id }).where('id', '=', ids[5]).execute();
    // Flags and contractor users flip alone, with a stage move, or are set to what they were.
    await db
      .updateTable('jobs')
      .set({ eligibility: 'eligible', is_eligible: 1, has_contractor_task_exception: 1 })
      .where('id', '=', ids[2])
      .execute();
    await db.updateTable('jobs').set({ eligibility: 'ineligible' }).where('id', '=', ids[5]).execute();
    await db
      .updateTable('jobs')
      .set({ has_ops_task_exception: 0, created_by: ops2.id })
      .where('id', '=', ids[1])
      .execute();
    await db
      .updateTable('jobs')
      .set({ has_ops_task_exception: 1, stage: 5, created_by: ops2.id })
      .where('id', '=', ids[3])
      .execute();
    await db.updateTable('jobs').set({ submitted_by: ops.id, created_by: null }).where('id', '=', ids[0]).execute();
    await db
      .updateTable('jobs')
      .set({ is_eligible: 0, submitted_by: null, has_ops_task_exception: 0 })
      .where('id', '=', ids[5])
      .execute();
    // The owner rows follow their job (the db module rewrites them), or change in place.
    await db.deleteFrom('job_action_owners').where('job_id', '=', ids[0]).execute();
    await owners(ids[0], ['finance'], 3);
    await db.updateTable('job_action_owners').set({ is_canceled: 1, stage: 3 }).where('job_id', '=', ids[1]).execute();
    await db.updateTable('job_action_owners').set({ role: 'contractor' }).where('job_id', '=', ids[4]).execute();
    await db.deleteFrom('job_action_owners').where('job_id', '=', ids[4]).execute();
    await db.deleteFrom('jobs').where('id', '=', ids[4]).execute();
    expect(await facetTotals()).toEqual(await counted());
    expect(await facetTotals()).toContainEqual(['owner', 'ops', 1, 3, 1]);
    expect(await facetTotals()).toContainEqual(['claimed', '1', 0, 3, 1]);
    expect(await facetTotals()).toContainEqual(['ops_owner', String(ops2.id), 1, 3, 1]);
    expect(await facetTotals()).toContainEqual(['contractor', String(c1.id), 0, 1, 1]);
    expect(await facetTotals()).toContainEqual(['creator', String(ops2.id), 0, 5, 1]);
    expect(await facetTotals()).toContainEqual(['creator', String(ops2.id), 1, 3, 1]);
    expect(await facetTotals()).toContainEqual(['ops_exception', '1', 0, 5, 1]);
    // ids[0] claimed, owned and created by ops at first; now claimed and owned by ops (once), created by no one.
    expect(await facetTotals()).toContainEqual(['mine', String(ops.id), 0, 3, 1]);
    expect(await facetTotals()).toContainEqual(['submitter', String(ops.id), 0, 3, 1]);
    expect(await facetTotals()).toContainEqual(['contractor_exception', '1', 0, 3, 1]);
    expect(await facetTotals()).toContainEqual(['eligibility', 'eligible', 0, 3, 1]);
  });
});

if (PG_URL) {
  describe('PostgreSQL', () => {
    it('two transactions each moving jobs twice, crossing stages, both commit: writes queue on the version counter before any totals row', async () => {
      const store = await fresh('postgres');
      const [url, schema] = [await urlOf(store), await schemaOf(store)];
      const ids: number[] = [];
      for (const stage of [2, 4]) {
        const j = await store.kysely
          .insertInto('jobs')
          .values({
            code: `DL${stage}`,
            first_name: 'Ann',
            last_name: 'Lee',
            full_name: 'Ann Lee',
            address: `${stage} Main St`,
            program_id: 'wi-hear',
            stage,
            stage_entered_at: AT,
            created_at: AT,
            updated_at: AT,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(j.id);
      }
      const client = async () => {
        const c = new pg.Client({
          connectionString: url,
          options: `-c search_path=${schema},public -c lock_timeout=20s`,
        });
        await c.connect();
        atEnd(() => c.end(), true);
        return c;
      };
      const [a, b] = [await client(), await client()];
      const move = (c: pg.Client, id: number, stage: number) =>
        c.query('UPDATE jobs SET stage = $1 WHERE id = $2', [stage, id]);
      await a.query('BEGIN');
      await b.query('BEGIN');
      const bPid = (await b.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await move(a, ids[0], 3); // a: rows of stages 2 and 3
      const bFirst = move(b, ids[1], 5); // b: stages 4 and 5, and the counter a holds
      // Until b waits on a lock (polled, not slept).
      const watcher = await client();
      let waited = false;
      for (let i = 0; i < 5000 && !waited; i++)
        waited = !!(
          await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [bPid])
        ).rowCount;
      expect(waited).toBe(true);
      await move(a, ids[0], 4); // a: stage 4's row, which b holds if b took its rows before the counter
      await a.query('COMMIT');
      await bFirst;
      await move(b, ids[1], 3);
      await b.query('COMMIT');
      const stages = await store.kysely
        .selectFrom('jobs')
        .select(['id', 'stage'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(stages.map((r) => r.stage)).toEqual([4, 3]);
      const totals = await store.kysely
        .selectFrom('job_facet_totals')
        .select(['stage', 'n'])
        .where('facet', '=', 'program')
        .where('n', '>', 0)
        .orderBy('stage')
        .execute();
      expect(totals.map((r) => [r.stage, Number(r.n)])).toEqual([
        [3, 1],
        [4, 1],
      ]);
    });
  });
}
