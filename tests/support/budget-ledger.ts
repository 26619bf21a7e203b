/**
 * A budget's ledger driven directly (no HTTP): portal dependencies over a store whose definitions carry one test
 * program with a budget of a given allocation, jobs inserted for it, and the ledger's moves each in a transaction of
 * its own, as an instance runs them. Used by the property tests, the two-instance test and the bench.
 */

import { loadConfig } from '../../server/config.ts';
import { inTransaction, type Deps } from '../../server/context.ts';
import { depsOf } from '../../server/deps.ts';
import type { Store } from '../../server/db/database.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import type { BudgetDef, Program } from '../../engine/index.ts';
import * as db from '../../server/workflows/budget/budget.db.ts';
import { balancesOf, type Balances } from '../../server/workflows/budget/ledger.ts';
import type { JobRef } from '../../server/workflows/budget/ledger.service.ts';

/** A budget for the whole program: `allocation` cents, held `hold_days`. */
export const testBudget = (allocation: number, hold_days = 30): BudgetDef => ({
  per: 'program',
  allocations: { '': allocation },
  reserves: { stage_reached: 3, amount: 'estimate_max' },
  hold_days,
  releases: ['cancel', 'expiry', 'ineligible'],
  commits: 'payment_approval',
  spends: 'payment_sent',
  source: { file: 'test', line: 1, col: 1, end_line: 1, end_col: 1 },
});

/** An instance's dependencies over `store`, its definitions holding program `programId` with `budget`. */
export function ledgerDeps(store: Store, programId: string, budget: BudgetDef, now: () => Date): Deps {
  const base = depsOf(store, loadConfig({}), { now, log: () => {} });
  const program = { ...base.defs.programs.reco, id: programId, name: `Test ${programId}`, budget } as Program;
  return { ...base, defs: { ...base.defs, programs: { ...base.defs.programs, [programId]: program } } };
}

/** Inserts `n` jobs of the program; their refs in order. */
export async function insertJobs(deps: Deps, programId: string, n: number, prefix = 'J'): Promise<JobRef[]> {
  const at = deps.now().toISOString();
  const out: JobRef[] = [];
  for (let i = 0; i < n; i++) {
    const code = `${prefix}${i}-${programId}`.slice(0, 40);
    const id = await insertJob(deps.db, {
      code,
      first_name: 'Lee',
      last_name: `Ledger ${i}`,
      full_name: `Lee Ledger ${i}`,
      address: `${i} Ledger Way`,
      program_id: programId,
      created_at: at,
      updated_at: at,
      stage_entered_at: at,
    });
    out.push({ id, code, program_id: programId, contractor_id: null });
  }
  return out;
}

/** Runs a move in a transaction of its own; a refusal (a thrown ApiError) rolls it back and is answered. */
export async function move<T>(deps: Deps, fn: (d: Deps) => Promise<T>): Promise<T | { refused: string }> {
  try {
    return await inTransaction(deps, fn);
  } catch (e) {
    if (e && typeof e === 'object' && 'status' in e) return { refused: String((e as unknown as Error).message) };
    throw e;
  }
}

/** The program's budget balances summed by SQL, and recomputed from its raw entries one by one. */
export async function ledgerOf(deps: Deps, programId: string) {
  const b = (await db.budgetsOf(deps.db, programId))[0];
  if (!b) return undefined;
  const entries = await deps.db.selectFrom('budget_entries').selectAll().where('budget_id', '=', b.id).execute();
  const byHand: Record<string, number> = {};
  const perJob = new Map<number, Record<string, number>>();
  for (const e of entries) {
    byHand[e.kind] = (byHand[e.kind] ?? 0) + Number(e.amount_cents);
    if (e.job_id === null) continue;
    const j = perJob.get(e.job_id) ?? {};
    j[e.kind] = (j[e.kind] ?? 0) + Number(e.amount_cents);
    perJob.set(e.job_id, j);
  }
  const jobs: [number, Balances][] = [...perJob].map(([id, s]) => [id, balancesOf(s)]);
  return {
    budget: b,
    summed: balancesOf(await db.budgetSums(deps.db, b.id)),
    recomputed: balancesOf(byHand),
    jobs: new Map(jobs),
    waiting: await db.waiting(deps.db, b.id),
  };
}
