/**
 * `rebate db check-ledger` (issue 41) on the API suite's backend: a ledger the portal wrote agrees with its jobs (exit
 * 0); an entry written behind its back (money reserved for no job, a canceled job still holding), or an overspent
 * budget, is a difference naming the budget and the job (exit 1).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/workflows/budget/check-ledger.ts';
import { releaseJob, reserveOrWait } from '../../server/workflows/budget/ledger.service.ts';
import { dbCommand } from '../../server/db-cli.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { API_BACKEND } from './harness.ts';
import { insertJobs, ledgerDeps, move, testBudget } from '../support/budget-ledger.ts';

let fresh: Fresh;
beforeAll(async () => {
  fresh = await freshDatabase(API_BACKEND);
});
afterAll(() => fresh.drop());

const now = () => new Date('2026-06-01T12:00:00.000Z');

describe('rebate db check-ledger', () => {
  it('agrees with a ledger the portal wrote; names every difference written behind its back', async () => {
    const deps = ledgerDeps(fresh.store, 'check', testBudget(30_000), now);
    const [a, b, c] = await insertJobs(deps, 'check', 3, 'K');
    await move(deps, (d) => reserveOrWait(d, a, 10_000));
    await move(deps, (d) => reserveOrWait(d, b, 10_000));
    await move(deps, (d) => reserveOrWait(d, c, 20_000));
    await move(deps, (d) => releaseJob(d, a, 'cancel'));
    await deps.db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', a.id).execute();
    expect(await checkLedger(deps)).toEqual([]);

    // The CLI over the same database: exit 0 and one line saying so.
    const env = { ...process.env, DATABASE_URL: fresh.url, ...(fresh.schema ? { DATABASE_SCHEMA: fresh.schema } : {}) };
    const lines: string[] = [];
    expect(await dbCommand(['check-ledger'], env, (s) => lines.push(s))).toBe(0);
    expect(lines.at(-1)).toMatch(/the budget ledger agrees with its jobs$/);

    // Behind the portal's back: b is canceled while it holds its reservation, and money is reserved for no job.
    const budgetId = (
      await deps.db.selectFrom('budgets').select('id').where('program_id', '=', 'check').executeTakeFirstOrThrow()
    ).id;
    await deps.db.updateTable('jobs').set({ is_canceled: 1 }).where('id', '=', b.id).execute();
    await deps.db
      .insertInto('budget_entries')
      .values({
        budget_id: budgetId,
        job_id: null,
        kind: 'reserve',
        amount_cents: 5_000,
        reason: 'by hand',
        user_id: null,
        expires_at: null,
        at: now().toISOString(),
      })
      .execute();
    expect(await checkLedger(deps)).toEqual([
      'check: overspent by 50.00',
      "check: reserved 350.00, its jobs' sum 300.00",
      `check: job ${b.code}: canceled but still holding 100.00`,
    ]);
    const out: string[] = [];
    expect(await dbCommand(['check-ledger'], env, (s) => out.push(s))).toBe(1);
    expect(out.at(-1)).toMatch(/: 3 difference\(s\) in the budget ledger$/);
  });
});
