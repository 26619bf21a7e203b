/**
 * The budget's ledger under random sequences of moves (fast-check), on the API suite's backend: reserve, expire,
 * cancel, approve (commit), pay (spend) and adjust, in any order on a handful of jobs. After every move: the budget is
 * never overspent, every balance the SQL sums give equals the sum of the raw entries and the sum over its jobs, a
 * job on the waitlist holds nothing, and nobody waits while the first in line would fit (promotion is automatic).
 */

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../server/context.ts';
import {
  adjustAllocation,
  commitJob,
  expireReservation,
  releaseJob,
  reserveOrWait,
  spendJob,
  type JobRef,
} from '../../server/workflows/budget/ledger.service.ts';
import { entriesOfJob } from '../../server/workflows/budget/budget.db.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { API_BACKEND } from './harness.ts';
import { insertJobs, ledgerDeps, ledgerOf, move, testBudget } from '../support/budget-ledger.ts';

let fresh: Fresh;
let run = 0;
const clock = new Date('2026-06-01T12:00:00.000Z');
const OPS_USER = { id: 1, name: 'Olive Ops', email: 'ops@ledger.test', role: 'ops' } as never;

beforeAll(async () => {
  fresh = await freshDatabase(API_BACKEND);
  await fresh.store.kysely
    .insertInto('users')
    .values({
      id: 1,
      email: 'ops@ledger.test',
      name: 'Olive Ops',
      role: 'ops',
      password_hash: 'x',
      created_at: clock.toISOString(),
    } as never)
    .execute();
});
afterAll(() => fresh.drop());

const JOBS = 5;
type Op =
  | { op: 'reserve'; job: number; amount: number }
  | { op: 'expire' | 'cancel' | 'pay'; job: number }
  | { op: 'approve'; job: number; amount: number }
  | { op: 'adjust'; amount: number };

const job = fc.integer({ min: 0, max: JOBS - 1 });
const cents = fc.integer({ min: 1, max: 60 }).map((x) => x * 1000);
const OP: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('reserve' as const), job, amount: cents }),
  fc.record({ op: fc.constantFrom('expire' as const, 'cancel' as const, 'pay' as const), job }),
  fc.record({ op: fc.constant('approve' as const), job, amount: cents }),
  fc.record({ op: fc.constant('adjust' as const), amount: fc.integer({ min: -80, max: 80 }).map((x) => x * 1000) }),
);

async function apply(deps: Deps, programId: string, jobs: JobRef[], o: Op) {
  const j = 'job' in o ? jobs[o.job] : undefined;
  switch (o.op) {
    case 'reserve':
      return move(deps, (d) => reserveOrWait(d, j!, o.amount));
    case 'cancel':
      return move(deps, (d) => releaseJob(d, j!, 'cancel'));
    case 'approve':
      return move(deps, (d) => commitJob(d, j!, o.amount));
    case 'pay':
      return move(deps, (d) => spendJob(d, j!, null));
    case 'adjust':
      return move(deps, (d) =>
        adjustAllocation(d, OPS_USER, programId, d.defs.programs[programId].budget!, '', o.amount, 'test'),
      );
    case 'expire': {
      // The worker's run at the hold's end: the job's first reserve entry since its last full release.
      const entries = await entriesOfJob(deps.db, j!.id);
      const fulls = entries.map((e) => e.kind === 'release' && e.reason !== 'rebate lowered').lastIndexOf(true);
      const first = entries.slice(fulls + 1).find((e) => e.kind === 'reserve');
      return first ? move(deps, (d) => expireReservation(d, first.id, j!)) : undefined;
    }
  }
}

async function invariants(deps: Deps, programId: string) {
  const l = await ledgerOf(deps, programId);
  if (!l) return;
  expect(l.summed).toEqual(l.recomputed);
  expect(l.summed.available_cents).toBeGreaterThanOrEqual(0);
  const total = { reserved: 0, committed: 0, paid: 0 };
  for (const b of l.jobs.values()) {
    expect(b.reserved_cents).toBeGreaterThanOrEqual(0);
    expect(b.committed_cents).toBeGreaterThanOrEqual(0);
    total.reserved += b.reserved_cents;
    total.committed += b.committed_cents;
    total.paid += b.paid_cents;
  }
  expect(total).toEqual({
    reserved: l.summed.reserved_cents,
    committed: l.summed.committed_cents,
    paid: l.summed.paid_cents,
  });
  for (const w of l.waiting) {
    const mine = l.jobs.get(w.job_id);
    expect(mine?.reserved_cents ?? 0).toBe(0);
  }
  if (l.waiting.length) expect(Number(l.waiting[0].amount_cents)).toBeGreaterThan(l.summed.available_cents);
  const ids = l.waiting.map((w) => w.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
}

describe('budget ledger properties', () => {
  it('random reserve / expire / cancel / approve / pay / adjust: never overspent, every balance the sum of its entries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 200 }),
        fc.array(OP, { minLength: 1, maxLength: 25 }),
        async (start, ops) => {
          run += 1;
          const programId = `prop${run}`;
          const deps = ledgerDeps(fresh.store, programId, testBudget(start * 1000), () => clock);
          const jobs = await insertJobs(deps, programId, JOBS, `P${run}-`);
          for (const o of ops) {
            await apply(deps, programId, jobs, o);
            await invariants(deps, programId);
          }
        },
      ),
      { numRuns: API_BACKEND === 'postgres' ? 25 : 60 },
    );
  });
});
