/**
 * Who waits for money is promoted whenever money comes free or the line moves (issue 41), found by the budget's
 * property test: a waiting job whose payment is approved leaves the line, and a rejected payable gives its commitment
 * back; in both the next job in line that fits takes the money at once. Runs on SQLite and PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitJob, reserveOrWait, uncommitJob } from '../../server/workflows/budget/ledger.service.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { API_BACKEND } from './harness.ts';
import { insertJobs, ledgerDeps, ledgerOf, move, testBudget } from '../support/budget-ledger.ts';

let fresh: Fresh;
beforeAll(async () => {
  fresh = await freshDatabase(API_BACKEND);
});
afterAll(() => fresh.drop());
const now = () => new Date('2026-06-01T12:00:00.000Z');
const waitingIds = async (deps: Parameters<typeof ledgerOf>[0], programId: string) =>
  (await ledgerOf(deps, programId))!.waiting.map((w) => w.job_id);

describe('promotion when the line moves', () => {
  it('a waiting job approved for payment leaves the line; the next that fits is promoted', async () => {
    const deps = ledgerDeps(fresh.store, 'prom1', testBudget(10_000), now);
    const [a, b, c] = await insertJobs(deps, 'prom1', 3, 'PA');
    await move(deps, (d) => reserveOrWait(d, a, 6_000)); // reserved; 4,000 left
    await move(deps, (d) => reserveOrWait(d, b, 5_000)); // waits (first in line)
    await move(deps, (d) => reserveOrWait(d, c, 1_000)); // waits behind b, though it would fit
    expect(await waitingIds(deps, 'prom1')).toEqual([b.id, c.id]);
    // b's payment is approved for 3,000 of the 4,000 left: b leaves the line, and c (1,000) fits in what is left.
    await move(deps, (d) => commitJob(d, b, 3_000));
    expect(await waitingIds(deps, 'prom1')).toEqual([]);
    const l = (await ledgerOf(deps, 'prom1'))!;
    expect(l.jobs.get(c.id)?.reserved_cents).toBe(1_000);
    expect(l.summed.available_cents).toBe(0);
  });

  it('a rejected payable gives its commitment back: the job holds it again and who waits behind takes the rest', async () => {
    const deps = ledgerDeps(fresh.store, 'prom2', testBudget(10_000), now);
    const [a, b] = await insertJobs(deps, 'prom2', 2, 'PB');
    await move(deps, (d) => reserveOrWait(d, a, 4_000));
    await move(deps, (d) => commitJob(d, a, 9_000)); // committed 9,000: 1,000 left
    await move(deps, (d) => reserveOrWait(d, b, 2_000)); // waits
    expect(await waitingIds(deps, 'prom2')).toEqual([b.id]);
    await move(deps, (d) => uncommitJob(d, a)); // 9,000 back: 10,000 available
    const l = (await ledgerOf(deps, 'prom2'))!;
    // a waited behind b (b was first in line), so b took its 2,000 and a waits for its 9,000 (8,000 left).
    expect(l.jobs.get(b.id)?.reserved_cents).toBe(2_000);
    expect(l.waiting.map((w) => w.job_id)).toEqual([a.id]);
    expect(Number(l.waiting[0].amount_cents)).toBeGreaterThan(l.summed.available_cents);
  });
});
