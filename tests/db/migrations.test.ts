/**
 * The numbered migrations of both dialects build the same database: the same tables, columns and
 * NOT NULL-ness, the same list indexes, the jobs version counter bumped by the same changes, emails
 * unique whatever their case; applied once, and by instances starting together without a clash.
 * PostgreSQL (TEST_DATABASE_URL) also: trigram indexes for search, and a jobs version function and
 * triggers of each schema's own, in schemas side by side in one database.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrationFiles, openStore, type Backend, type Store } from '../../server/db/database.ts';
import type { DB } from '../../server/db/schema.ts';
import { containingKeys, matchingKeys, wholeQueryKeys } from '../../server/db/search.db.ts';
import { backends, dropSchema, freshStore, PG_URL } from './backends.ts';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d();
});

async function fresh(backend: Backend): Promise<Store> {
  const f = await freshStore(backend);
  drops.push(f.drop);
  return f.store;
}

/** The schema a PostgreSQL store lives in. */
const schemaOf = async (store: Store) => (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(store.kysely)).rows[0].s;

/** Opens a store on an existing (or new) schema, closed in afterAll. */
async function reopen(schema: string): Promise<Store> {
  const store = await openStore(PG_URL!, { schema, max: 2 });
  drops.unshift(() => store.close()); // closed before any schema is dropped
  return store;
}


/** The search tables (SQLite: FTS5 and its shadow tables; PostgreSQL: key/text tables with a pg_trgm index) and SQLite's own. */
const NOT_COMPARED = /^(jobs_search|contractors_search|sqlite_)/;

async function columns(store: Store): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (store.backend === 'sqlite') {
    const tables = store.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables.filter((t) => !NOT_COMPARED.test(t.name))) {
      const cols = store.sqlite!.prepare(`PRAGMA table_info(${name})`).all() as { name: string; notnull: number; pk: number }[];
      // A single-column INTEGER PRIMARY KEY is NOT NULL in effect (PostgreSQL says so).
      out[name] = cols.map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`).sort();
    }
    return out;
  }
  const r = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`.execute(store.kysely);
  for (const c of r.rows.filter((x) => !NOT_COMPARED.test(x.table_name))) (out[c.table_name] ??= []).push(`${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

async function indexes(store: Store): Promise<string[]> {
  if (store.backend === 'sqlite') {
    return (store.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name).sort();
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
  'attachments_job', 'definition_versions_program', 'documents_job', 'equipment_ahri', 'equipment_type_manufacturer', 'history_job', 'homeowner_invites_job',
  'job_action_owners_created', 'job_action_owners_job', 'job_action_owners_stage',
  'jobs_by_contractor_created', 'jobs_by_contractor_name', 'jobs_by_ops_owner_created', 'jobs_claimed', 'jobs_by_contractor_exception', 'jobs_by_created', 'jobs_by_eligibility', 'jobs_by_homeowner_created',
  'jobs_by_homeowner_stage', 'jobs_by_name', 'jobs_by_ops_exception', 'jobs_by_ops_owner', 'jobs_by_program', 'jobs_by_stage_entered',
  'jobs_contractor', 'jobs_counts', 'jobs_dup', 'jobs_dup_lower', 'jobs_homeowner', 'jobs_list', 'jobs_pinned_version', 'jobs_summary',
  'login_failures_key', 'terms_one_current', 'users_email_lower', 'work_items_due',
];


const version = async (db: Kysely<DB>) => (await db.selectFrom('jobs_version').select('v').where('id', '=', 1).executeTakeFirstOrThrow()).v;

const AT = '2026-06-01T00:00:00.000Z';

describe.each(backends())('migrations on %s', (backend) => {
  it('apply every numbered migration once, in order', async () => {
    const store = await fresh(backend);
    const applied = await store.kysely.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
    expect(applied.map((m) => m.version)).toEqual(migrationFiles(backend).map((m) => m.version));
    expect(applied.map((m) => m.name)).toEqual(migrationFiles('sqlite').map((m) => m.name));
  });

  it('have the named list and lookup indexes', async () => {
    expect(await indexes(await fresh(backend))).toEqual([...INDEXES].sort());
  });

  it('bump the jobs version on every change to jobs and on a contractor rename', async () => {
    const { kysely: db } = await fresh(backend);
    const c = await db.insertInto('contractors').values({ name: 'A', created_at: AT }).returning('id').executeTakeFirstOrThrow();
    let v = await version(db);
    const job = await db
      .insertInto('jobs')
      .values({ code: 'AB12', first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: '1 Main St', program_id: 'wi-hear', contractor_id: c.id, stage_entered_at: AT, created_at: AT, updated_at: AT })
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

  it('keep jobs per (is_canceled, stage) in job_totals through inserts, stage moves, cancels and deletes', async () => {
    const { kysely: db } = await fresh(backend);
    const totals = async () => (await db.selectFrom('job_totals').select(['is_canceled', 'stage', 'n']).where('n', '>', 0).orderBy('is_canceled').orderBy('stage').execute()).map((r) => [r.is_canceled, r.stage, Number(r.n)]);
    const counted = async () => (await db.selectFrom('jobs').select(['is_canceled', 'stage', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['is_canceled', 'stage']).orderBy('is_canceled').orderBy('stage').execute()).map((r) => [r.is_canceled, r.stage, Number(r.n)]);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const j = await db
        .insertInto('jobs')
        .values({ code: `AB1${i}`, first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: `${i} Main St`, program_id: 'wi-hear', stage_entered_at: AT, created_at: AT, updated_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(j.id);
    }
    expect(await totals()).toEqual([[0, 1, 5]]);
    await db.updateTable('jobs').set({ stage: 3 }).where('id', 'in', ids.slice(0, 2)).execute();
    await db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', ids[0]).execute();
    await db.updateTable('jobs').set({ full_name: 'Ann B. Lee' }).where('id', '=', ids[4]).execute();
    await db.deleteFrom('jobs').where('id', '=', ids[3]).execute();
    expect(await totals()).toEqual([[0, 1, 2], [0, 3, 1], [1, 3, 1]]);
    expect(await totals()).toEqual(await counted());
  });

  it('keep jobs per (facet, value, is_canceled, stage) in job_facet_totals: programs, companies, ops owners, claimed-ness, action owners', async () => {
    const { kysely: db } = await fresh(backend);
    const facetTotals = async () =>
      (await db.selectFrom('job_facet_totals').select(['facet', 'value', 'is_canceled', 'stage', 'n']).where('n', '>', 0).orderBy('facet').orderBy('value').orderBy('is_canceled').orderBy('stage').execute())
        .map((r) => [r.facet, r.value, r.is_canceled, r.stage, Number(r.n)]);
    const counted = async () => {
      const jobs = await db.selectFrom('jobs').select(['program_id', 'claimed_by', 'contractor_id', 'ops_owner', 'is_canceled', 'stage']).execute();
      const owners = await db.selectFrom('job_action_owners').select(['role', 'is_canceled', 'stage']).execute();
      const n = new Map<string, number>();
      const add = (...k: (string | number)[]) => n.set(JSON.stringify(k), (n.get(JSON.stringify(k)) ?? 0) + 1);
      for (const j of jobs) {
        add('program', j.program_id, j.is_canceled, j.stage);
        if (j.claimed_by !== null) add('claimed', '1', j.is_canceled, j.stage);
        if (j.contractor_id !== null) add('contractor', String(j.contractor_id), j.is_canceled, j.stage);
        if (j.ops_owner !== null) add('ops_owner', String(j.ops_owner), j.is_canceled, j.stage);
      }
      for (const o of owners) add('owner', o.role, o.is_canceled, o.stage);
      return [...n].map(([k, c]) => [...JSON.parse(k), c]).sort((a, b) => (JSON.stringify(a.slice(0, 4)) < JSON.stringify(b.slice(0, 4)) ? -1 : 1));
    };
    const ops = await db.insertInto('users').values({ email: 'o@b.test', name: 'O', role: 'ops', created_at: AT }).returning('id').executeTakeFirstOrThrow();
    const ops2 = await db.insertInto('users').values({ email: 'p@b.test', name: 'P', role: 'ops', created_at: AT }).returning('id').executeTakeFirstOrThrow();
    const company = (name: string) => db.insertInto('contractors').values({ name, address: '1 A St', city: 'Madison', phone: '608-555-0101', email: 'a@b.test', primary_contact: 'A', program_id: 'wi-hear', created_at: AT }).returning('id').executeTakeFirstOrThrow();
    const [c1, c2] = [await company('One'), await company('Two')];
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const j = await db
        .insertInto('jobs')
        .values({
          code: `FT1${i}`, first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: `${i} Main St`, program_id: i < 4 ? 'wi-hear' : 'pce', claimed_by: i % 2 ? ops.id : null,
          contractor_id: i < 3 ? c1.id : i < 5 ? c2.id : null, ops_owner: i % 3 ? ops.id : null, stage_entered_at: AT, created_at: AT, updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(j.id);
    }
    const owners = (id: number, roles: string[], stage = 1, is_canceled = 0) => db.insertInto('job_action_owners').values(roles.map((role) => ({ role, job_id: id, is_canceled, stage, created_at: AT }))).execute();
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
  });

  it('refuse a second user whose email differs only in case', async () => {
    const { kysely: db } = await fresh(backend);
    await db.insertInto('users').values({ email: 'Ann@Example.test', name: 'Ann', role: 'ops', created_at: AT }).execute();
    await expect(db.insertInto('users').values({ email: 'ann@example.TEST', name: 'Ann 2', role: 'ops', created_at: AT }).execute()).rejects.toThrow();
  });

  it('keep flags as 0/1 integers and ids as numbers', async () => {
    const { kysely: db } = await fresh(backend);
    const row = await db.insertInto('feature_flags').values({ name: 'x', enabled: 1 }).returning(['name', 'enabled']).executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
    const u = await db.insertInto('users').values({ email: 'a@b.test', name: 'A', role: 'ops', created_at: AT }).returning('id').executeTakeFirstOrThrow();
    expect(typeof u.id).toBe('number');
    const n = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
      const n = await b.kysely.selectFrom('schema_migrations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(n.n).toBe(migrationFiles('sqlite').length);
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
        expect((await s.kysely.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map((m) => m.version)).toEqual(all);
      }
      const again = await reopen(await schemaOf(a));
      expect(again.migrated).toEqual([]);
      expect((await again.kysely.selectFrom('schema_migrations').selectAll().execute()).length).toBe(all.length);
    });

    it('two opens of one new schema at once: one migrates, the other applies nothing', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      drops.push(() => dropSchema(schema));
      const both = await Promise.all([reopen(schema), reopen(schema)]);
      expect(both.map((s) => s.migrated.length).sort((x, y) => x - y)).toEqual([0, migrationFiles('postgres').length]);
    });

    it('two transactions each moving jobs twice, crossing stages, both commit: writes queue on the version counter before any totals row', async () => {
      const store = await fresh('postgres');
      const schema = await schemaOf(store);
      const ids: number[] = [];
      for (const stage of [2, 4]) {
        const j = await store.kysely
          .insertInto('jobs')
          .values({ code: `DL${stage}`, first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: `${stage} Main St`, program_id: 'wi-hear', stage, stage_entered_at: AT, created_at: AT, updated_at: AT })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(j.id);
      }
      const client = async () => {
        const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema},public -c lock_timeout=20s` });
        await c.connect();
        drops.unshift(() => c.end());
        return c;
      };
      const [a, b] = [await client(), await client()];
      const move = (c: pg.Client, id: number, stage: number) => c.query('UPDATE jobs SET stage = $1 WHERE id = $2', [stage, id]);
      await a.query('BEGIN');
      await b.query('BEGIN');
      const bPid = (await b.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await move(a, ids[0], 3); // a: rows of stages 2 and 3
      const bFirst = move(b, ids[1], 5); // b: stages 4 and 5, and the counter a holds
      // Until b waits on a lock (polled, not slept).
      const watcher = await client();
      let waited = false;
      for (let i = 0; i < 5000 && !waited; i++) waited = !!(await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [bPid])).rowCount;
      expect(waited).toBe(true);
      await move(a, ids[0], 4); // a: stage 4's row, which b holds if b took its rows before the counter
      await a.query('COMMIT');
      await bFirst;
      await move(b, ids[1], 3);
      await b.query('COMMIT');
      const stages = await store.kysely.selectFrom('jobs').select(['id', 'stage']).where('id', 'in', ids).orderBy('id').execute();
      expect(stages.map((r) => r.stage)).toEqual([4, 3]);
      const totals = await store.kysely.selectFrom('job_facet_totals').select(['stage', 'n']).where('facet', '=', 'program').where('n', '>', 0).orderBy('stage').execute();
      expect(totals.map((r) => [r.stage, Number(r.n)])).toEqual([[3, 1], [4, 1]]);
    });

    it('have one search table per index, under a pg_trgm GIN index written at once (no pending list)', async () => {
      const pgStore = await fresh('postgres');
      const r = await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`.execute(pgStore.kysely);
      expect(r.rows.map((x) => x.indexname)).toEqual(['contractors_search_spaced', 'contractors_search_trgm', 'jobs_search_spaced', 'jobs_search_trgm']);
      for (const x of r.rows.filter((x) => x.indexname.endsWith('_trgm'))) expect(x.indexdef).toMatch(/USING gin \(text (public\.)?gin_trgm_ops\) WITH \(fastupdate='?off'?\)$/);
      // The fields holding a space, their spaces read as a letter (migration 022): a trigram across a space is a key.
      for (const x of r.rows.filter((x) => x.indexname.endsWith('_spaced'))) {
        expect(x.indexdef).toMatch(/USING gin \(translate\(text, ' '::text, 'ǂ'::text\) (public\.)?gin_trgm_ops\) WITH \(fastupdate='?off'?\) WHERE \(strpos\(text, ' '::text\) > 0\)$/);
      }
    });

    it('look a pattern holding a space up in the index of spaced fields, with exactly the keys of a plain LIKE', async () => {
      const db = (await fresh('postgres')).kysely;
      // Fields with spaces, one-word fields, and fields holding the index's space mark themselves.
      await sql`INSERT INTO jobs_search (key, text) SELECT g * 8, 'name ' || g || ' oak st' FROM generate_series(1, 3000) g`.execute(db);
      await sql`INSERT INTO jobs_search (key, text) VALUES (30001 * 8, 'name3ǂoak'), (30002 * 8 + 1, '3 oakǂst'), (30003 * 8 + 2, 'oakville'), (30004 * 8 + 2, '3ǂo 3 o'), (30005 * 8 + 1, 'x3ǂoak st')`.execute(db);
      await sql`ANALYZE jobs_search`.execute(db);
      const plain = async (pattern: string) => (await sql<{ key: string }>`SELECT key FROM jobs_search WHERE text LIKE ${pattern} ORDER BY key`.execute(db)).rows.map((r) => Number(r.key));
      const sorted = (keys: number[]) => [...keys].sort((a, b) => a - b);
      /** The keys a lookup finds, and whether it read the index of spaced fields (scans counted in its transaction; seq scans off, so an index that fits is used). */
      const lookup = (fn: (q: Kysely<DB>) => Promise<number[]>) =>
        db.transaction().execute(async (trx) => {
          // Counts not yet flushed to the shared statistics (they may hold the connection's earlier transactions too).
          const scans = async () => Number((await sql<{ n: string }>`SELECT pg_stat_get_xact_numscans('jobs_search_spaced'::regclass) AS n`.execute(trx)).rows[0].n);
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          const before = await scans();
          const keys = await fn(trx);
          return { keys: sorted(keys), spaced: (await scans()) > before };
        });
      expect(await lookup((q) => matchingKeys(q, 'jobs', ['3 o'], {}, 10_000))).toEqual({ keys: await plain('%3 o%'), spaced: true });
      expect(await lookup((q) => containingKeys(q, 'jobs', '3 oak', [], {}, 10_000))).toEqual({ keys: await plain('%3 oak%'), spaced: true });
      expect(await lookup((q) => containingKeys(q, 'jobs', 'name 12 oak st', [], {}, 10_000, true))).toEqual({ keys: await plain('name 12 oak st'), spaced: true });
      expect((await lookup((q) => wholeQueryKeys(q, 'jobs', 'e 2999 o', [], {}, 10_000).then((r) => r.containing))).keys).toEqual(await plain('%e 2999 o%'));
      // Neither the field nor the pattern may stand for the other's space: 'name3ǂoak' is not 'name3 oak', nor '3ǂo' '3 o'.
      expect((await plain('%3 o%')).filter((k) => k === 30001 * 8 || k === 30005 * 8 + 1)).toEqual([]);
      expect((await lookup((q) => matchingKeys(q, 'jobs', ['3ǂo'], {}, 10_000))).keys).toEqual(await plain('%3ǂo%'));
      expect(await plain('%3ǂo%')).toEqual([30001 * 8, 30004 * 8 + 2, 30005 * 8 + 1]);
      // No space in the pattern: the plain index.
      expect(await lookup((q) => matchingKeys(q, 'jobs', ['oak'], {}, 10_000))).toEqual({ keys: await plain('%oak%'), spaced: false });
    });

    it('keep the search tables in step with jobs and contractors: key = id * 8 + field, text folded', async () => {
      const db = (await fresh('postgres')).kysely;
      const rows = async (table: 'jobs_search' | 'contractors_search') =>
        (await sql<{ key: number; text: string }>`SELECT key, text FROM ${sql.table(table)} ORDER BY key`.execute(db)).rows.map((x) => [Number(x.key), x.text]);
      const c = await db.insertInto('contractors').values({ name: 'Élan Heat', city: 'Madison', created_at: AT }).returning('id').executeTakeFirstOrThrow();
      expect(await rows('contractors_search')).toEqual([[c.id * 8, 'élan heat'], [c.id * 8 + 3, 'madison']]);
      const job = await db
        .insertInto('jobs')
        .values({ code: 'AB12', first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: '1 Main St', city: '', program_id: 'wi-hear', contractor_id: c.id, stage_entered_at: AT, created_at: AT, updated_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();
      const k = job.id * 8;
      expect(await rows('jobs_search')).toEqual([[k, 'ann lee'], [k + 1, '1 main st'], [k + 3, 'élan heat'], [k + 4, 'ab12']]);
      await db.updateTable('jobs').set({ address: '2 Oak Ave', external_id: 'WI-9' }).where('id', '=', job.id).execute();
      await db.updateTable('contractors').set({ name: 'Bright Air' }).where('id', '=', c.id).execute();
      expect(await rows('jobs_search')).toEqual([[k, 'ann lee'], [k + 1, '2 oak ave'], [k + 3, 'bright air'], [k + 4, 'ab12'], [k + 5, 'wi-9']]);
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
      await db.deleteFrom('contractors').where('id', '=', c.id).execute();
      expect(await rows('jobs_search')).toEqual([]);
      expect(await rows('contractors_search')).toEqual([]);
    });

    it('each schema has its own jobs version function, and its triggers bump its own counter', async () => {
      const [a, b] = await Promise.all([fresh('postgres'), fresh('postgres')]);
      const [sa, sb] = [await schemaOf(a), await schemaOf(b)];
      for (const [store, schema] of [[a, sa], [b, sb]] as const) {
        // Every trigger on jobs and contractors runs the function of the store's own schema.
        const t = await sql<{ tgname: string; fn_schema: string }>`SELECT t.tgname, n.nspname AS fn_schema FROM pg_trigger t
          JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE NOT t.tgisinternal AND t.tgrelid IN (to_regclass('jobs'), to_regclass('contractors')) ORDER BY t.tgname`.execute(store.kysely);
        expect(t.rows.map((x) => x.tgname)).toEqual(expect.arrayContaining(['jobs_version_change', 'jobs_version_contractor', 'jobs_search_insert', 'contractors_search_update']));
        expect(new Set(t.rows.map((x) => x.fn_schema))).toEqual(new Set([schema]));
      }
      const [va, vb] = [await version(a.kysely), await version(b.kysely)];
      const c = await a.kysely.insertInto('contractors').values({ name: 'A', created_at: AT }).returning('id').executeTakeFirstOrThrow();
      await a.kysely
        .insertInto('jobs')
        .values({ code: 'AB12', first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', address: '1 Main St', program_id: 'wi-hear', contractor_id: c.id, stage_entered_at: AT, created_at: AT, updated_at: AT })
        .execute();
      await a.kysely.updateTable('contractors').set({ name: 'B' }).execute();
      expect(await version(a.kysely)).toBeGreaterThan(va);
      expect(await version(b.kysely)).toBe(vb);
      // The same from a connection whose search path is not the store's: the function names its own schema.
      const other = new pg.Client({ connectionString: PG_URL });
      await other.connect();
      try {
        await other.query(`UPDATE ${sb}.jobs SET stage = 2`); // no rows, but a statement: the trigger fires
        const v = async (schema: string) => (await other.query<{ v: number }>(`SELECT v FROM ${schema}.jobs_version`)).rows[0].v;
        expect(await v(sb)).toBe(vb + 1);
        expect(await v(sa)).toBe(await version(a.kysely));
      } finally {
        await other.end();
      }
    });
  });
}
