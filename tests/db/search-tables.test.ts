/**
 * The search tables: on both backends a trigram across a space ('4 o' of '1234 oak st') finds exactly the fields
 * containing it (SQLite's FTS5 indexes it as it is; PostgreSQL reads it from migration 022's index). PostgreSQL's
 * tables (migrations 009 and 022): one (key, text) table per index, kept in step with jobs and contractors by
 * triggers, under a pg_trgm GIN index, and one over the fields holding a space, which the lookups of a pattern
 * holding a space read (server/db/search.db.ts, pgLike) with exactly the keys of a plain LIKE.
 */

import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import { KEY_SPAN, containingKeys, matchingKeys, wholeQueryKeys } from '../../server/db/search.db.ts';
import { AT, backends, PG_URL, storesOfFile } from './backends.ts';

const { fresh } = storesOfFile();
const sorted = (keys: number[]) => [...keys].sort((a, b) => a - b);

describe.each(backends())('search lookups on %s', (backend) => {
  it('find a trigram across a space, and a text holding spaces, in exactly the fields containing them', async () => {
    const db = (await fresh(backend)).kysely;
    const addresses = ['1234 Oak St', '34 Olive Ave', '1234Oak Rd', 'Oakland 4', '4 O St', '99 Elm St'];
    const ids: number[] = [];
    for (const [i, address] of addresses.entries()) {
      const j = await db
        .insertInto('jobs')
        .values({
          code: `SP${i}`,
          first_name: 'Ann',
          last_name: 'Lee',
          full_name: `Ann Lee ${i}`,
          address,
          program_id: 'wi-hear',
          stage_entered_at: AT,
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(j.id);
    }
    const address = (i: number) => ids[i] * KEY_SPAN + 1;
    expect(sorted(await matchingKeys(db, 'jobs', ['4 o'], {}, 100))).toEqual([address(0), address(1), address(4)]);
    expect(sorted(await matchingKeys(db, 'jobs', ['k s'], {}, 100))).toEqual([address(0)]);
    expect(sorted(await containingKeys(db, 'jobs', '4 oak', ['4 o', ' oa', 'oak'], {}, 100))).toEqual([address(0)]);
    // A name holding a space (full_name is field 0).
    expect(sorted(await matchingKeys(db, 'jobs', ['e 3'], {}, 100))).toEqual([ids[3] * KEY_SPAN]);
  });
});

if (PG_URL) {
  describe('PostgreSQL search tables', () => {
    it('have one search table per index, under a pg_trgm GIN index written at once (no pending list)', async () => {
      const pgStore = await fresh('postgres');
      const r = await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`.execute(
        pgStore.kysely,
      );
      expect(r.rows.map((x) => x.indexname)).toEqual([
        'contractors_search_spaced',
        'contractors_search_trgm',
        'jobs_search_spaced',
        'jobs_search_trgm',
      ]);
      for (const x of r.rows.filter((x) => x.indexname.endsWith('_trgm')))
        expect(x.indexdef).toMatch(/USING gin \(text (public\.)?gin_trgm_ops\) WITH \(fastupdate='?off'?\)$/);
      // The fields holding a space, their spaces read as a letter (migration 022): a trigram across a space is a key.
      for (const x of r.rows.filter((x) => x.indexname.endsWith('_spaced'))) {
        expect(x.indexdef).toMatch(
          /USING gin \(translate\(text, ' '::text, 'ǂ'::text\) (public\.)?gin_trgm_ops\) WITH \(fastupdate='?off'?\) WHERE \(strpos\(text, ' '::text\) > 0\)$/,
        );
      }
    });

    it('look a pattern holding a space up in the index of spaced fields, with exactly the keys of a plain LIKE', async () => {
      const db = (await fresh('postgres')).kysely;
      // Fields with spaces, one-word fields, and fields holding the index's space mark themselves.
      await sql`INSERT INTO jobs_search (key, text) SELECT g * 8, 'name ' || g || ' oak st' FROM generate_series(1, 3000) g`.execute(
        db,
      );
      await sql`INSERT INTO jobs_search (key, text) VALUES (30001 * 8, 'name3ǂoak'), (30002 * 8 + 1, '3 oakǂst'), (30003 * 8 + 2, 'oakville'), (30004 * 8 + 2, '3ǂo 3 o'), (30005 * 8 + 1, 'x3ǂoak st')`.execute(
        db,
      );
      await sql`ANALYZE jobs_search`.execute(db);
      const plain = async (pattern: string) =>
        (
          await sql<{ key: string }>`SELECT key FROM jobs_search WHERE text LIKE ${pattern} ORDER BY key`.execute(db)
        ).rows.map((r) => Number(r.key));
      /** The keys a lookup finds, and whether it read the index of spaced fields (scans counted in its transaction; seq
       * scans off, so an index that fits is used). */
      const lookup = (fn: (q: Kysely<DB>) => Promise<number[]>) =>
        db.transaction().execute(async (trx) => {
          // Counts not yet flushed to the shared statistics (they may hold the connection's earlier transactions too).
          const scans = async () =>
            Number(
              (
                await sql<{ n: string }>`SELECT pg_stat_get_xact_numscans('jobs_search_spaced'::regclass) AS n`.execute(
                  trx,
                )
              ).rows[0].n,
            );
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          const before = await scans();
          const keys = await fn(trx);
          return { keys: sorted(keys), spaced: (await scans()) > before };
        });
      expect(await lookup((q) => matchingKeys(q, 'jobs', ['3 o'], {}, 10_000))).toEqual({
        keys: await plain('%3 o%'),
        spaced: true,
      });
      expect(await lookup((q) => containingKeys(q, 'jobs', '3 oak', [], {}, 10_000))).toEqual({
        keys: await plain('%3 oak%'),
        spaced: true,
      });
      expect(await lookup((q) => containingKeys(q, 'jobs', 'name 12 oak st', [], {}, 10_000, true))).toEqual({
        keys: await plain('name 12 oak st'),
        spaced: true,
      });
      expect(
        (await lookup((q) => wholeQueryKeys(q, 'jobs', 'e 2999 o', [], {}, 10_000).then((r) => r.containing))).keys,
      ).toEqual(await plain('%e 2999 o%'));
      // Neither the field nor the pattern may stand for the other's space: 'name3ǂoak' is not 'name3 oak', nor '3ǂo' '3
      // o'.
      expect((await plain('%3 o%')).filter((k) => k === 30001 * 8 || k === 30005 * 8 + 1)).toEqual([]);
      expect((await lookup((q) => matchingKeys(q, 'jobs', ['3ǂo'], {}, 10_000))).keys).toEqual(await plain('%3ǂo%'));
      expect(await plain('%3ǂo%')).toEqual([30001 * 8, 30004 * 8 + 2, 30005 * 8 + 1]);
      // No space in the pattern: the plain index.
      expect(await lookup((q) => matchingKeys(q, 'jobs', ['oak'], {}, 10_000))).toEqual({
        keys: await plain('%oak%'),
        spaced: false,
      });
    });

    it('keep the search tables in step with jobs and contractors: key = id * 8 + field, text folded', async () => {
      const db = (await fresh('postgres')).kysely;
      const rows = async (table: 'jobs_search' | 'contractors_search') =>
        (
          await sql<{ key: number; text: string }>`SELECT key, text FROM ${sql.table(table)} ORDER BY key`.execute(db)
        ).rows.map((x) => [Number(x.key), x.text]);
      const c = await db
        .insertInto('contractors')
        .values({ name: 'Élan Heat', city: 'Madison', created_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await rows('contractors_search')).toEqual([
        [c.id * 8, 'élan heat'],
        [c.id * 8 + 3, 'madison'],
      ]);
      const job = await db
        .insertInto('jobs')
        .values({
          code: 'AB12',
          first_name: 'Ann',
          last_name: 'Lee',
          full_name: 'Ann Lee',
          address: '1 Main St',
          city: '',
          program_id: 'wi-hear',
          contractor_id: c.id,
          stage_entered_at: AT,
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const k = job.id * 8;
      expect(await rows('jobs_search')).toEqual([
        [k, 'ann lee'],
        [k + 1, '1 main st'],
        [k + 3, 'élan heat'],
        [k + 4, 'ab12'],
      ]);
      await db
        .updateTable('jobs')
        .set({ address: '2 Oak Ave', external_id: 'WI-9' })
        .where('id', '=', job.id)
        .execute();
      await db.updateTable('contractors').set({ name: 'Bright Air' }).where('id', '=', c.id).execute();
      expect(await rows('jobs_search')).toEqual([
        [k, 'ann lee'],
        [k + 1, '2 oak ave'],
        [k + 3, 'bright air'],
        [k + 4, 'ab12'],
        [k + 5, 'wi-9'],
      ]);
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
      await db.deleteFrom('contractors').where('id', '=', c.id).execute();
      expect(await rows('jobs_search')).toEqual([]);
      expect(await rows('contractors_search')).toEqual([]);
    });
  });
}
