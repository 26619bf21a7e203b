/**
 * The numbered migrations of both dialects build the same database: the same tables, columns and
 * NOT NULL-ness, the same list indexes, the jobs version counter bumped by the same changes, emails
 * unique whatever their case; applied once, and by instances starting together without a clash.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrationFiles, openStore, type Backend, type Store } from '../../server/db/database.ts';
import type { DB } from '../../server/db/schema.ts';
import { backends, freshStore, PG_URL } from './backends.ts';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d();
});

async function fresh(backend: Backend): Promise<Store> {
  const f = await freshStore(backend);
  drops.push(f.drop);
  return f.store;
}

/** SQLite's full-text tables and views, which PostgreSQL does with trigram indexes instead. */
const SQLITE_ONLY = /^(jobs_search|contractors_search|sqlite_)/;

async function columns(store: Store): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (store.backend === 'sqlite') {
    const tables = store.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables.filter((t) => !SQLITE_ONLY.test(t.name))) {
      const cols = store.sqlite!.prepare(`PRAGMA table_info(${name})`).all() as { name: string; notnull: number; pk: number }[];
      // A single-column INTEGER PRIMARY KEY is NOT NULL in effect (PostgreSQL says so).
      out[name] = cols.map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`).sort();
    }
    return out;
  }
  const r = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`.execute(store.kysely);
  for (const c of r.rows) (out[c.table_name] ??= []).push(`${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

async function indexes(store: Store): Promise<string[]> {
  if (store.backend === 'sqlite') {
    return (store.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name).sort();
  }
  // Keys and UNIQUE columns have indexes of their own name on PostgreSQL (sqlite_autoindex_* on SQLite);
  // the trigram indexes stand for SQLite's FTS5 tables.
  const r = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
    AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)
    AND indexname NOT LIKE '%_trgm_%'`.execute(store.kysely);
  return r.rows.map((x) => x.indexname).sort();
}

const version = async (db: Kysely<DB>) => (await db.selectFrom('jobs_version').select('v').where('id', '=', 1).executeTakeFirstOrThrow()).v;

const AT = '2026-06-01T00:00:00.000Z';

describe.each(backends())('migrations on %s', (backend) => {
  it('apply every numbered migration once, in order', async () => {
    const store = await fresh(backend);
    const applied = await store.kysely.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
    expect(applied.map((m) => m.version)).toEqual(migrationFiles(backend).map((m) => m.version));
    expect(applied.map((m) => m.name)).toEqual(migrationFiles('sqlite').map((m) => m.name));
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
      const [a, b] = await Promise.all([fresh('postgres'), fresh('postgres')]);
      for (const s of [a, b]) expect((await s.kysely.selectFrom('schema_migrations').selectAll().execute()).length).toBe(migrationFiles('postgres').length);
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(a.kysely)).rows[0].s;
      const again = await openStore(PG_URL!, { schema });
      expect((await again.kysely.selectFrom('schema_migrations').selectAll().execute()).length).toBe(migrationFiles('postgres').length);
      await again.close();
    });
  });
}
