/**
 * The numbered migrations of both dialects build the same database: the same tables, columns and
 * NOT NULL-ness, the same list indexes, the jobs version counter bumped by the same changes, emails
 * unique whatever their case; applied once, and by instances starting together without a clash. A SQLite file
 * gets planner statistics at open (sqlite_stat1) once it holds jobs.
 * PostgreSQL (TEST_DATABASE_URL) also: a jobs version function and triggers of each schema's own, in schemas
 * side by side in one database. The totals triggers: totals-triggers.test.ts; PostgreSQL's search tables:
 * pg-search-tables.test.ts.
 */

import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrationFiles, openStore, postgresPool, type Store } from '../../server/db/database.ts';
import type { DB } from '../../server/db/schema.ts';
import { AT, backends, dropSchema, jobRow, PG_URL, schemaOf, storesOfFile } from './backends.ts';

const { fresh, atEnd } = storesOfFile({ migrating: true });

/** Opens a store on an existing (or new) schema, closed in afterAll. */
async function reopen(schema: string): Promise<Store> {
  const store = await openStore(PG_URL!, { schema, max: 2 });
  atEnd(() => store.close(), true); // closed before any schema is dropped
  return store;
}

/** The search tables (SQLite: FTS5 and its shadow tables; PostgreSQL: key/text tables with a pg_trgm index) and
 * SQLite's own. */
const NOT_COMPARED = /^(jobs_search|contractors_search|sqlite_)/;

async function columns(store: Store): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (store.backend === 'sqlite') {
    const tables = store.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables.filter((t) => !NOT_COMPARED.test(t.name))) {
      const cols = store.sqlite!.prepare(`PRAGMA table_info(${name})`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      // A single-column INTEGER PRIMARY KEY is NOT NULL in effect (PostgreSQL says so).
      out[name] = cols.map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`).sort();
    }
    return out;
  }
  const r = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`.execute(
    store.kysely,
  );
  for (const c of r.rows.filter((x) => !NOT_COMPARED.test(x.table_name)))
    (out[c.table_name] ??= []).push(`${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

async function indexes(store: Store): Promise<string[]> {
  if (store.backend === 'sqlite') {
    return (
      store
        .sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[]
    )
      .map((r) => r.name)
      .sort();
  }
  // Keys and UNIQUE columns have indexes of their own name on PostgreSQL (sqlite_autoindex_* on SQLite);
  // the trigram indexes of the search tables (plain and spaced) stand for SQLite's FTS5 tables.
  const r = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
    AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)
    AND indexname NOT LIKE '%\\_trgm' AND indexname NOT LIKE '%\\_search\\_spaced'`.execute(store.kysely);
  return r.rows.map((x) => x.indexname).sort();
}

/** The named indexes both backends have (keys and UNIQUE columns aside): the list indexes and lookups. */
const INDEXES = [
  'attachments_job',
  'budget_entries_budget',
  'budget_entries_job',
  'budget_waitlist_job',
  'budget_waitlist_open',
  'contractor_standing_changes_contractor',
  'definition_versions_program',
  'documents_job',
  'equipment_ahri',
  'equipment_type_manufacturer',
  'history_job',
  'homeowner_invites_job',
  'job_action_owners_created',
  'job_action_owners_job',
  'job_action_owners_stage',
  'jobs_by_contractor_created',
  'jobs_by_contractor_name',
  'jobs_by_created',
  'jobs_by_creator',
  'jobs_by_eligibility',
  'jobs_by_homeowner_created',
  'jobs_by_homeowner_stage',
  'jobs_by_name',
  'jobs_by_ops_owner',
  'jobs_by_ops_owner_created',
  'jobs_by_program',
  'jobs_by_stage_entered',
  'jobs_by_submitter',
  'jobs_by_updated',
  'jobs_claimed',
  'jobs_contractor',
  'jobs_counts',
  'jobs_dup',
  'jobs_dup_lower',
  'jobs_homeowner',
  'jobs_list',
  'jobs_pinned_version',
  'jobs_summary',
  'jobs_zip',
  'login_failures_key',
  'payment_overrides_job',
  'quality_decisions_contractor',
  'quality_outcomes_contractor',
  'quality_outcomes_job',
  'quality_corrective_actions_job',
  'quality_corrective_actions_contractor',
  'quality_assignments_inspector',
  'quality_visits_token',
  'completion_records_sha256',
  'tracking_records_moment',
  'document_signatures_copy_token',
  'terms_one_current',
  'users_email_lower',
  'work_items_due',
];

const version = async (db: Kysely<DB>) =>
  (await db.selectFrom('jobs_version').select('v').where('id', '=', 1).executeTakeFirstOrThrow()).v;

describe.each(backends())('migrations on %s', (backend) => {
  it('apply every numbered migration once, in order', async () => {
    const store = await fresh(backend);
    const applied = await store.kysely
      .selectFrom('schema_migrations')
      .select(['version', 'name'])
      .orderBy('version')
      .execute();
    expect(applied.map((m) => m.version)).toEqual(migrationFiles(backend).map((m) => m.version));
    expect(applied.map((m) => m.name)).toEqual(migrationFiles('sqlite').map((m) => m.name));
  });

  it('have the named list and lookup indexes', async () => {
    expect(await indexes(await fresh(backend))).toEqual([...INDEXES].sort());
  });

  it('bump the jobs version on every change to jobs and on a contractor rename', async () => {
    const { kysely: db } = await fresh(backend);
    const c = await db
      .insertInto('contractors')
      .values({ name: 'A', created_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    let v = await version(db);
    const job = await db
      .insertInto('jobs')
      .values({
        code: 'AB12',
        first_name: 'Ann',
        last_name: 'Lee',
        full_name: 'Ann Lee',
        address: '1 Main St',
        program_id: 'wi-hear',
        contractor_id: c.id,
        stage_entered_at: AT,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await version(db)).toBeGreaterThan(v);
    v = await version(db);
    await db.updateTable('jobs').set({ stage: 3 }).where('id', '=', job.id).execute();
    expect(await version(db)).toBeGreaterThan(v);
    v = await version(db);
    await db.updateTable('contractors').set({ name: 'B' }).where('id', '=', c.id).execute();
    expect(await version(db)).toBeGreaterThan(v);
    v = await version(db);
    await db.updateTable('contractors').set({ city: 'Madison' }).where('id', '=', c.id).execute();
    expect(await version(db)).toBe(v);
    await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    expect(await version(db)).toBeGreaterThan(v);
  });

  it('refuse a second user whose email differs only in case', async () => {
    const { kysely: db } = await fresh(backend);
    await db
      .insertInto('users')
      .values({ email: 'Ann@Example.test', name: 'Ann', role: 'ops', created_at: AT })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ email: 'ann@example.TEST', name: 'Ann 2', role: 'ops', created_at: AT })
        .execute(),
    ).rejects.toThrow();
  });

  it('keep flags as 0/1 integers and ids as numbers', async () => {
    const { kysely: db } = await fresh(backend);
    const row = await db
      .insertInto('feature_flags')
      .values({ name: 'x', enabled: 1 })
      .returning(['name', 'enabled'])
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
    const u = await db
      .insertInto('users')
      .values({ email: 'a@b.test', name: 'A', role: 'ops', created_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof u.id).toBe('number');
    const n = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(1);
  });
});

describe('the SQLite file', () => {
  it('is migrated once: opening it again applies nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-migrate-'));
    try {
      const a = await openStore(`sqlite:${join(dir, 'x.db')}`);
      await a.close();
      const b = await openStore(`sqlite:${join(dir, 'x.db')}`);
      const n = await b.kysely
        .selectFrom('schema_migrations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n.n).toBe(migrationFiles('sqlite').length);
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gets planner statistics at the open after it holds jobs, and a list filtered by two columns then counts through the selective index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-analyze-'));
    try {
      const a = await openStore(`sqlite:${join(dir, 'x.db')}`);
      const row = (i: number) => jobRow('AN', i, { is_eligible: i % 2, submitted_by: null });
      await a.kysely
        .insertInto('users')
        .values({ email: 's@b.test', name: 'S', role: 'contractor', created_at: AT })
        .execute();
      for (let i = 0; i < 2000; i += 500)
        await a.kysely
          .insertInto('jobs')
          .values(Array.from({ length: 500 }, (_, k) => row(i + k)))
          .execute();
      await a.kysely.updateTable('jobs').set({ submitted_by: 1 }).where('id', '<=', 20).execute();
      // The jobs the last analysis saw (a stat row's first number).
      const jobStats = (s: Store) =>
        s.sqlite!.prepare("SELECT max(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1 WHERE tbl = 'jobs'").get() as {
          n: number | null;
        };
      expect(jobStats(a).n ?? 0).toBe(0); // a new database: no jobs when it was opened
      await a.close();
      const b = await openStore(`sqlite:${join(dir, 'x.db')}`);
      expect(jobStats(b)).toEqual({ n: 2000 });
      const plan = b
        .sqlite!.prepare(
          'EXPLAIN QUERY PLAN SELECT count(*) FROM jobs WHERE is_canceled = 0 AND is_eligible = 1 AND submitted_by = 1',
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('jobs_by_submitter');
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds a company's, an ops owner's or a contractor user's page under further filters on index entries alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-walks-'));
    try {
      const a = await openStore(`sqlite:${join(dir, 'x.db')}`);
      for (const name of ['A', 'B', 'C', 'D'])
        await a.kysely.insertInto('contractors').values({ name, created_at: AT }).execute();
      for (const [i, role] of (['contractor', 'contractor', 'ops', 'ops'] as const).entries())
        await a.kysely
          .insertInto('users')
          .values({ email: `u${i}@b.test`, name: `U${i}`, role, created_at: AT })
          .execute();
      const programs = ['wi-hear', 'pce', 'reco'];
      const statuses = ['eligible', 'ineligible', 'pending_more_information'];
      const row = (i: number) => ({
        code: `WK${i}`,
        first_name: 'Ann',
        last_name: `Lee${i % 97}`,
        full_name: `Ann Lee${i % 97}`,
        address: `${i} Main St`,
        contractor_id: 1 + (i % 4),
        program_id: programs[i % 3],
        eligibility: statuses[i % 5 === 0 ? 0 : (i % 7) % 3],
        is_eligible: i % 5 === 0 ? 1 : 0,
        created_by: 1 + (i % 2),
        submitted_by: i % 3 === 0 ? 1 + (i % 2) : null,
        ops_owner: 3 + (i % 2),
        stage_entered_at: AT,
        created_at: new Date(Date.parse(AT) + i * 1000).toISOString(),
        updated_at: AT,
      });
      for (let i = 0; i < 4000; i += 500)
        await a.kysely
          .insertInto('jobs')
          .values(Array.from({ length: 500 }, (_, k) => row(i + k)))
          .execute();
      await a.close();
      // Reopened: analyzed (as a database holding jobs is), so the plans are those a real database gets.
      const b = await openStore(`sqlite:${join(dir, 'x.db')}`);
      const page = (where: string, order = 'created_at, id') =>
        (
          b
            .sqlite!.prepare(
              `EXPLAIN QUERY PLAN SELECT id FROM jobs WHERE is_canceled = 0 AND ${where} ORDER BY ${order} LIMIT 25`,
            )
            .all() as { detail: string }[]
        )
          .map((p) => p.detail)
          .join(' | ');
      const plans = [
        page("contractor_id = 2 AND program_id = 'pce' AND eligibility = 'ineligible'"),
        page("contractor_id = 2 AND program_id = 'pce'", 'full_name, id'),
        page("contractor_id = 3 AND program_id = 'reco'", 'stage_entered_at DESC, id DESC'),
        page('contractor_id = 2 AND is_eligible = 1', 'full_name, id'),
        page('contractor_id = 1 AND claimed_by IS NOT NULL'),
        page("ops_owner = 3 AND program_id = 'wi-hear' AND eligibility = 'eligible'"),
        page("created_by = 1 AND program_id = 'reco'"),
        page('submitted_by = 2 AND is_eligible = 1'),
      ];
      for (const plan of plans) expect(plan).toMatch(/^SEARCH jobs USING COVERING INDEX jobs_/);
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

if (PG_URL) {
  describe('PostgreSQL and SQLite', () => {
    it('have the same tables, columns, NOT NULL-ness and list indexes', async () => {
      const [lite, pgStore] = [await fresh('sqlite'), await fresh('postgres')];
      expect(await columns(pgStore)).toEqual(await columns(lite));
      expect(await indexes(pgStore)).toEqual(await indexes(lite));
    });

    it('instances starting together migrate one after the other, and again is a no-op', async () => {
      const all = migrationFiles('postgres').map((m) => m.version);
      const [a, b] = await Promise.all([fresh('postgres'), fresh('postgres')]);
      for (const s of [a, b]) {
        expect(s.migrated).toEqual(all);
        expect(
          (await s.kysely.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map(
            (m) => m.version,
          ),
        ).toEqual(all);
      }
      const again = await reopen(await schemaOf(a));
      expect(again.migrated).toEqual([]);
      expect((await again.kysely.selectFrom('schema_migrations').selectAll().execute()).length).toBe(all.length);
    });

    it("keep room on the jobs table's pages, so a re-evaluation's stamp is written without new index entries", async () => {
      const s = await fresh('postgres');
      const opts = await sql<{ reloptions: string[] | null }>`SELECT reloptions FROM pg_class
        WHERE oid = to_regclass('jobs')`.execute(s.kysely);
      expect(opts.rows[0].reloptions).toEqual(['fillfactor=70']);
      const [user] = await s.kysely
        .insertInto('users')
        .values({ email: 'ff@b.test', name: 'F', role: 'contractor', created_at: AT })
        .returning('id')
        .execute();
      const job = (i: number) => jobRow('FF', i, { created_by: user.id });
      await s.kysely
        .insertInto('jobs')
        .values(Array.from({ length: 200 }, (_, i) => job(i)))
        .execute();
      // The stamp (refresh.db.ts stampEvaluated) of every tenth job, counted within its transaction: each a heap-only
      // update, as its page has room (full pages, the default, left none but the last's).
      const hot = await s.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('jobs')
          .set({ evaluated_on: '2026-06-02', definition_hash: 'h' })
          .where(sql<boolean>`id % 10 = 0`)
          .execute();
        return (
          await sql<{ upd: string; hot: string }>`SELECT pg_stat_get_xact_tuples_updated(to_regclass('jobs')) AS upd,
            pg_stat_get_xact_tuples_hot_updated(to_regclass('jobs')) AS hot`.execute(trx)
        ).rows[0];
      });
      expect({ upd: Number(hot.upd), hot: Number(hot.hot) }).toEqual({ upd: 20, hot: 20 });
    });

    it('two opens of one new schema at once: one migrates, the other applies nothing', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      atEnd(() => dropSchema(schema));
      const both = await Promise.all([reopen(schema), reopen(schema)]);
      expect(both.map((s) => s.migrated.length).sort((x, y) => x - y)).toEqual([0, migrationFiles('postgres').length]);
    });

    it('each schema has its own jobs version function, and its triggers bump its own counter', async () => {
      const [a, b] = await Promise.all([fresh('postgres'), fresh('postgres')]);
      const [sa, sb] = [await schemaOf(a), await schemaOf(b)];
      for (const [store, schema] of [
        [a, sa],
        [b, sb],
      ] as const) {
        // Every trigger on jobs and contractors runs the function of the store's own schema.
        const t = await sql<{
          tgname: string;
          fn_schema: string;
        }>`SELECT t.tgname, n.nspname AS fn_schema FROM pg_trigger t
          JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE NOT t.tgisinternal AND t.tgrelid IN (to_regclass('jobs'), to_regclass('contractors')) ORDER BY t.tgname`.execute(
          store.kysely,
        );
        expect(t.rows.map((x) => x.tgname)).toEqual(
          expect.arrayContaining([
            'jobs_version_change',
            'jobs_version_contractor',
            'jobs_search_insert',
            'contractors_search_update',
          ]),
        );
        expect(new Set(t.rows.map((x) => x.fn_schema))).toEqual(new Set([schema]));
      }
      const [va, vb] = [await version(a.kysely), await version(b.kysely)];
      const c = await a.kysely
        .insertInto('contractors')
        .values({ name: 'A', created_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();
      await a.kysely
        .insertInto('jobs')
        .values({
          code: 'AB12',
          first_name: 'Ann',
          last_name: 'Lee',
          full_name: 'Ann Lee',
          address: '1 Main St',
          program_id: 'wi-hear',
          contractor_id: c.id,
          stage_entered_at: AT,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      await a.kysely.updateTable('contractors').set({ name: 'B' }).execute();
      expect(await version(a.kysely)).toBeGreaterThan(va);
      expect(await version(b.kysely)).toBe(vb);
      // The same from a connection whose search path is not the store's: the function names its own schema.
      const other = new pg.Client({ connectionString: PG_URL });
      await other.connect();
      try {
        await other.query(`UPDATE ${sb}.jobs SET stage = 2`); // no rows, but a statement: the trigger fires
        const v = async (schema: string) =>
          (await other.query<{ v: number }>(`SELECT v FROM ${schema}.jobs_version`)).rows[0].v;
        expect(await v(sb)).toBe(vb + 1);
        expect(await v(sa)).toBe(await version(a.kysely));
      } finally {
        await other.end();
      }
    });
  });
}

// A PostgreSQL pool outlives its idle connections: one the server ends (a restart, an administrator, a dropped
// database) is discarded and the next query opens another; the process goes on (an unheard pool 'error' ended it, in a
// test's cleanup in CI). SQLite has no pool.
if (PG_URL) {
  describe('the PostgreSQL pool', () => {
    it('survives the server ending an idle connection, and answers the next query', async () => {
      const pool = postgresPool(PG_URL!, { max: 1 });
      const uncaught: unknown[] = [];
      const onUncaught = (e: unknown) => uncaught.push(e);
      process.on('uncaughtException', onUncaught);
      try {
        const first = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const pid = first.rows[0].pid;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await admin.end();
        // The pool hears the end of its idle connection (its 'error'), then opens another for the next query.
        await expect.poll(() => pool.idleCount, { timeout: 10_000 }).toBe(0);
        const next = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        expect(next.rows[0].pid).not.toBe(pid);
        expect(uncaught).toEqual([]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await pool.end();
      }
    });
  });
}
