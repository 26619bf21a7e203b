/**
 * A two-character query's lookup (server/db/search-pairs.db.ts pairKeys): the fields containing the pair, at most
 * `limit`.
 * On PostgreSQL a common pair is read from the table in order (a sample of its pages says it is common) and a rare one
 * from the trigram index; either way only fields containing it come back.
 */

import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { pairKeys } from '../../server/db/search-pairs.db.ts';
import { PG_URL, storesOfFile } from './backends.ts';

const { fresh } = storesOfFile();
const sorted = (keys: number[]) => [...keys].sort((a, b) => a - b);

describe.skipIf(!PG_URL)('a two-character query on PostgreSQL', () => {
  it('reads a common pair from the table in order and a rare one from the index, with the fields containing it', async () => {
    const db = (await fresh('postgres')).kysely;
    // 3,000 fields, a third holding 'na'; 'zq' in three. The sample reads every page of so small a table (100%).
    await sql`INSERT INTO jobs_search (key, text)
      SELECT g * 8, CASE WHEN g % 3 = 0 THEN 'anna ' || g ELSE 'bob ' || g END FROM generate_series(1, 3000) g`.execute(
      db,
    );
    await sql`UPDATE jobs_search SET text = 'zq ' || key WHERE key IN (800, 16000, 20000)`.execute(db);
    await sql`ANALYZE jobs_search`.execute(db);
    const holding = async (pair: string) =>
      (await sql<{ key: string }>`SELECT key FROM jobs_search WHERE strpos(text, ${pair}) > 0`.execute(db)).rows.map(
        (r) => Number(r.key),
      );
    const reads = vi.spyOn(db.getExecutor(), 'executeQuery');
    const statements = () => reads.mock.calls.map(([q]) => (q as { sql: string }).sql);
    try {
      const common = await pairKeys(db, 'jobs', 'na', {}, 150, 100);
      expect(common.length).toBe(150);
      const all = new Set(await holding('na'));
      expect(common.every((k) => all.has(k))).toBe(true);
      // The sample, then the table in order: no lookup of the pair's trigrams.
      expect(statements().some((s) => s.includes('tablesample'))).toBe(true);
      expect(statements().some((s) => s.includes('like any'))).toBe(false);
      reads.mockClear();
      expect(sorted(await pairKeys(db, 'jobs', 'zq', {}, 150, 100))).toEqual(sorted(await holding('zq')));
      expect(statements().some((s) => s.includes('like any'))).toBe(true);
      // A company's search asks the index whatever the pair (the table in order would pass over every other company).
      reads.mockClear();
      expect(await pairKeys(db, 'jobs', 'na', { contractor_id: 1 }, 150, 100)).toEqual([]);
      expect(statements().some((s) => s.includes('tablesample'))).toBe(false);
    } finally {
      reads.mockRestore();
    }
  });
});
