/**
 * The bench's generator (bench/generate-db.ts) loads jobs with the search trigger and the jobs' indexes set aside and
 * puts them back after (issue 47: a million jobs in minutes): the database it leaves has the portal's own search rows,
 * triggers and indexes, as the row-by-row load had.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { benchDatabase } from '../../bench/generate-db.ts';
import { openSqlite } from '../../server/db/database.ts';
import { repoDefinitions } from '../../server/deps.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-gen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bench database generator', () => {
  it('leaves the search rows, triggers and indexes the migrations make', () => {
    const bench = benchDatabase(repoDefinitions().programs, { size: 300, dir });
    const db = new Database(bench.path, { readonly: true });
    const fresh = openSqlite(`sqlite:${join(dir, 'fresh.db')}`);
    try {
      const schema = (d: Database.Database) =>
        d.prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name").all();
      // The same triggers and indexes as a database the migrations alone made, word for word.
      expect(schema(db)).toEqual(schema(fresh));
      // Every job's search rows, as the trigger writes them (the view it reads), and no other.
      const rows = db.prepare('SELECT rowid AS key, text FROM jobs_search ORDER BY rowid').all();
      const wanted = db
        .prepare(
          "SELECT key, char(2) || value || char(3) || company AS text FROM jobs_search_fields WHERE value IS NOT NULL AND value <> '' ORDER BY key",
        )
        .all();
      expect(rows.length).toBeGreaterThan(300 * 4);
      expect(rows).toEqual(wanted);
      expect(db.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 300 });
    } finally {
      db.close();
      fresh.close();
    }
  });
});
