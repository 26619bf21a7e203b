/**
 * The re-evaluation bench's evaluated copy (bench/evaluated-db.ts, issue 47: the million's timed runs reached in
 * minutes) holds what the worker's own first run stores: every job's outcome columns, hash, day and pin, its action
 * owners, the totals the triggers keep, and the indexes the migrations make.
 */

import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluatedDatabase, evaluatedPath } from '../../bench/evaluated-db.ts';
import { BENCH_NOW, benchDatabase } from '../../bench/generate-db.ts';
import { loadConfig } from '../../server/config.ts';
import { openStore } from '../../server/db/database.ts';
import { depsOf, repoDefinitions } from '../../server/deps.ts';
import { queueDefinitionsRefresh, refreshHandlers } from '../../server/services/refresh-work.ts';
import { createWorker } from '../../server/worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-evaluated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const JOB_COLUMNS = `id, stage, stage_key, tab, eligibility, is_eligible, action_owners, has_contractor_task_exception,
  has_ops_task_exception, rebate_min_cents, rebate_max_cents, rebate_final_cents, rebate_lines, next_steps,
  exception_notes, definition_hash, evaluated_on, stage_entered_at, pinned_version`;

/** What a test compares of a database: the jobs' stored outcome, their owners, the totals, the indexes. */
function contents(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const all = (s: string) => db.prepare(s).all();
    return {
      jobs: all(`SELECT ${JOB_COLUMNS} FROM jobs ORDER BY id`),
      owners: all('SELECT * FROM job_action_owners ORDER BY job_id, role'),
      totals: all('SELECT * FROM job_totals WHERE n <> 0 ORDER BY is_canceled, stage'),
      facets: all('SELECT * FROM job_facet_totals WHERE n <> 0 ORDER BY facet, value, is_canceled, stage'),
      cube: all('SELECT * FROM job_cube WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10'),
      indexes: all("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name"),
    };
  } finally {
    db.close();
  }
}

describe("the re-evaluation bench's evaluated copy", () => {
  it("stores what the worker's first run stores, and is cached per definitions", async () => {
    const defs = repoDefinitions();
    const bench = benchDatabase(defs.programs, { size: 400, dir });
    const at = new Date(BENCH_NOW.getTime() + 60_000);

    // The worker's first run over a copy of the generated jobs, at the same instant.
    const byWorker = join(dir, 'worker.db');
    copyFileSync(bench.path, byWorker);
    const store = await openStore(`sqlite:${byWorker}`);
    try {
      const deps = depsOf(store, loadConfig({}), { now: () => at, log: () => {}, defs });
      await queueDefinitionsRefresh(deps);
      await createWorker(deps.db, { handlers: refreshHandlers(deps), now: () => at }).drain();
    } finally {
      await store.close();
    }

    const copy = await evaluatedDatabase(bench, defs, at);
    expect(copy.path).toBe(evaluatedPath(bench, defs));
    const mine = contents(copy.path);
    const theirs = contents(byWorker);
    // The generated jobs were never evaluated: the copy differs from them.
    expect(mine.jobs).not.toEqual(contents(bench.path).jobs);
    expect(mine.jobs.length).toBe(400);
    expect(mine).toEqual(theirs);

    // Built once: a second call finds the file.
    const before = readdirSync(dir).sort();
    expect((await evaluatedDatabase(bench, defs, at)).path).toBe(copy.path);
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
