/**
 * Two portal instances on one database reserving against one almost-spent budget at once (issue 41): each instance
 * has two callers, each running its reservation attempts one after another, all four at the same time. Every budget
 * write locks the budget's row (FOR UPDATE on PostgreSQL), so: not a cent overspent, exactly as many reserved as the
 * money allows, the rest on the waitlist at positions 1..n, each caller's waiting jobs in the order it asked, and none
 * reserved after one of its own waited (first come, first served). On the API suite's backend; the race is
 * PostgreSQL's.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveOrWait } from '../../server/workflows/budget/ledger.service.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { API_BACKEND } from './harness.ts';
import { insertJobs, ledgerDeps, ledgerOf, move, testBudget } from '../support/budget-ledger.ts';

let fresh: Fresh;
beforeAll(async () => {
  fresh = await freshDatabase(API_BACKEND);
});
afterAll(() => fresh.drop());

const UNIT = 12_345;
const ALLOWS = 17;
const PER_CALLER = 12;

describe('budget between two instances', () => {
  it('concurrent reservations against an almost-spent budget: none overspent, the rest waitlisted in order', async () => {
    const now = () => new Date('2026-06-01T12:00:00.000Z');
    const budget = testBudget(ALLOWS * UNIT);
    const a = ledgerDeps(fresh.store, 'race', budget, now);
    // On SQLite the second "instance" shares the first's connection: better-sqlite3 waits for a lock synchronously, so
    // two connections in one process would block each other's event loop (instances.test.ts runs SQLite's apart).
    const b = API_BACKEND === 'postgres' ? ledgerDeps(await fresh.another(), 'race', budget, now) : a;
    // Two callers per instance (as two requests at once), each asking for its own jobs one after another.
    // On SQLite one caller per instance: its one writer at a time would starve a third caller past the busy timeout.
    const names = API_BACKEND === 'postgres' ? ['A1', 'A2', 'B1', 'B2'] : ['A1', 'B1'];
    const callers = [];
    for (const name of names)
      callers.push({ deps: name.startsWith('A') ? a : b, jobs: await insertJobs(a, 'race', PER_CALLER, name) });
    const outcomes = await Promise.all(
      callers.map(async ({ deps, jobs }) => {
        const out: string[] = [];
        for (const j of jobs) out.push(String(await move(deps, (d) => reserveOrWait(d, j, UNIT))));
        return out;
      }),
    );
    const l = (await ledgerOf(a, 'race'))!;
    const all = outcomes.flat();
    expect(l.summed).toEqual(l.recomputed);
    expect(l.summed.reserved_cents).toBe(ALLOWS * UNIT);
    expect(l.summed.available_cents).toBe(0);
    expect(all.filter((x) => x === 'reserved')).toHaveLength(ALLOWS);
    expect(all.filter((x) => x === 'waitlisted')).toHaveLength(all.length - ALLOWS);
    expect(l.waiting.map((w, i) => [i + 1, w.job_id])).toHaveLength(all.length - ALLOWS);
    callers.forEach(({ jobs }, c) => {
      const out = outcomes[c];
      // First come, first served: once one of a caller's jobs waits, none after it is reserved.
      const firstWait = out.indexOf('waitlisted');
      if (firstWait >= 0) expect(out.slice(firstWait).every((x) => x === 'waitlisted')).toBe(true);
      // Its waiting jobs are in the line in the order it asked.
      const mine = l.waiting.filter((w) => jobs.some((j) => j.id === w.job_id)).map((w) => w.job_id);
      expect(mine).toEqual(jobs.filter((_, i) => out[i] === 'waitlisted').map((j) => j.id));
    });
  });
});
