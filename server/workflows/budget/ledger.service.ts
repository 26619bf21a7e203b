/**
 * The budget's moves (issue 41), each inside the caller's transaction and with the budget's row locked first, so two
 * instances on one database take turns per budget and never overspend: reserve (or wait in line), release, commit at
 * payment approval, spend at payment sent, adjust the allocation, and promote waiting jobs when money comes free.
 * Every move appends ledger entries; nothing is ever updated but a waitlist place being left.
 */

import type { BudgetDef } from '../../../engine/index.ts';
import { BUDGET_MESSAGES } from '../../../engine/api/budgets.ts';
import type { AuthUser, Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { conflict, validationError } from '../../errors.ts';
import * as db from './budget.db.ts';
import { budgetDefOf, territoryOf } from './budget-def.ts';
import { balancesOf, holdsAnything, type Balances } from './ledger.ts';
import { mailPromotion } from './promotion-mail.ts';
import { BUDGET_WORK } from './work-kinds.ts';

/** A locked budget with its definition and balances. */
export interface OpenBudget {
  budget: db.BudgetRow;
  def: BudgetDef;
  balances: Balances;
}

const DAY_MS = 86_400_000;

/** Appends what program.yaml allocates beyond what the ledger holds (a changed figure is one more entry). */
async function syncAllocation(deps: Deps, b: db.BudgetRow, def: BudgetDef): Promise<void> {
  const want = def.allocations[b.territory] ?? 0;
  const have = (await db.budgetSums(deps.db, b.id)).allocate ?? 0;
  if (want === have) return;
  await db.appendEntry(deps.db, {
    budget_id: b.id,
    job_id: null,
    kind: 'allocate',
    amount_cents: want - have,
    reason: 'program.yaml',
    user_id: null,
    expires_at: null,
    at: deps.now().toISOString(),
  });
}

/** Locks a program's territory's budget (made on first use) and reads its balances. */
export async function openBudget(deps: Deps, def: BudgetDef, programId: string, territory: string) {
  const budget = await db.ensureBudget(deps.db, programId, territory, deps.now().toISOString());
  await db.lockBudget(deps.db, budget.id);
  await syncAllocation(deps, budget, def);
  return { budget, def, balances: balancesOf(await db.budgetSums(deps.db, budget.id)) };
}

/** The job's budget, locked: the one its entries or waitlist place are in, else its territory's. */
async function openJobBudget(deps: Deps, job: JobRef): Promise<OpenBudget | undefined> {
  const def = budgetDefOf(deps, job.program_id);
  if (!def) return undefined;
  const { budget_id } = await db.jobSums(deps.db, job.id);
  const wait = await db.openWait(deps.db, job.id);
  const id = budget_id ?? wait?.budget_id;
  const known = id === undefined || id === null ? undefined : await db.budgetById(deps.db, id);
  return openBudget(deps, def, job.program_id, known?.territory ?? territoryOf(def, job));
}

/** What the ledger moves need of a job. */
export interface JobRef {
  id: number;
  code: string;
  program_id: string;
  contractor_id: number | null;
  county?: string | null;
  electric_utility?: string | null;
  gas_utility?: string | null;
}

/** The job's own balances (what the budget holds for it). */
export async function jobBalances(deps: Deps, jobId: number): Promise<Balances> {
  return balancesOf((await db.jobSums(deps.db, jobId)).sums);
}

async function reserveFor(deps: Deps, ob: OpenBudget, jobId: number, amount: number, reason: string) {
  const at = deps.now();
  const expires = new Date(at.getTime() + ob.def.hold_days * DAY_MS).toISOString();
  const id = await db.appendEntry(deps.db, {
    budget_id: ob.budget.id,
    job_id: jobId,
    kind: 'reserve',
    amount_cents: amount,
    reason,
    user_id: null,
    expires_at: expires,
    at: at.toISOString(),
  });
  await enqueueWork(deps.db, {
    kind: BUDGET_WORK.expire,
    key: `budget:expire:${id}`,
    payload: { entry_id: id },
    now: at,
    run_at: new Date(expires),
  });
  ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
  return expires;
}

/**
 * Reserves `amount` for the job, or puts it on the budget's waitlist when the money is not there or others wait
 * before it (first come, first served). Nothing when the budget holds something for the job already.
 */
export async function reserveOrWait(
  deps: Deps,
  job: JobRef,
  amount: number,
): Promise<'reserved' | 'waitlisted' | 'held'> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return 'held';
  if (holdsAnything(await jobBalances(deps, job.id)) || (await db.openWait(deps.db, job.id))) return 'held';
  const at = deps.now().toISOString();
  const waiting = await db.lineLength(deps.db, ob.budget.id);
  if (waiting === 0 && amount <= ob.balances.available_cents) {
    const expires = await reserveFor(deps, ob, job.id, amount, 'reserved');
    await history(deps, job.id, 'budget_reserved', {
      amount_cents: amount,
      territory: ob.budget.territory,
      expires_at: expires,
    });
    return 'reserved';
  }
  await db.addWait(deps.db, { budget_id: ob.budget.id, job_id: job.id, amount_cents: amount, at });
  await history(deps, job.id, 'budget_waitlisted', {
    amount_cents: amount,
    territory: ob.budget.territory,
    position: waiting + 1,
    available_cents: ob.balances.available_cents,
  });
  return 'waitlisted';
}

/** Waiting jobs take the money that came free, in order; the first that does not fit stops the line. */
export async function promote(deps: Deps, ob: OpenBudget): Promise<number[]> {
  const promoted: number[] = [];
  for (const w of await db.waiting(deps.db, ob.budget.id)) {
    if (w.amount_cents > ob.balances.available_cents) break;
    const expires = await reserveFor(deps, ob, w.job_id, w.amount_cents, 'promoted');
    await db.leaveWait(deps.db, w.id, 'promoted', deps.now().toISOString());
    await history(deps, w.job_id, 'budget_promoted', {
      amount_cents: w.amount_cents,
      territory: ob.budget.territory,
      expires_at: expires,
    });
    await mailPromotion(deps, w.job_id, w.amount_cents, expires);
    promoted.push(w.job_id);
  }
  return promoted;
}

/** Gives the job's reservation and waitlist place back (cancel, expiry, ineligible), then promotes who waits. */
export async function releaseJob(deps: Deps, job: JobRef, why: 'cancel' | 'expiry' | 'ineligible'): Promise<boolean> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return false;
  const mine = await jobBalances(deps, job.id);
  const wait = await db.openWait(deps.db, job.id);
  const at = deps.now().toISOString();
  if (wait) {
    await db.leaveWait(deps.db, wait.id, why, at);
    await history(deps, job.id, 'budget_released', { amount_cents: 0, left_waitlist: true, why });
  }
  if (mine.reserved_cents > 0) {
    await entry(deps, ob, job.id, 'release', mine.reserved_cents, why);
    await history(deps, job.id, why === 'expiry' ? 'budget_reservation_expired' : 'budget_released', {
      amount_cents: mine.reserved_cents,
      why,
    });
  }
  if (!wait && mine.reserved_cents === 0) return false;
  ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
  await promote(deps, ob);
  return true;
}

async function entry(
  deps: Deps,
  ob: OpenBudget,
  jobId: number | null,
  kind: db.EntryRow['kind'],
  amount: number,
  reason: string,
  userId: number | null = null,
) {
  await db.appendEntry(deps.db, {
    budget_id: ob.budget.id,
    job_id: jobId,
    kind,
    amount_cents: amount,
    reason,
    user_id: userId,
    expires_at: null,
    at: deps.now().toISOString(),
  });
}

/**
 * Payment approved: the job's reservation becomes a commitment of the payable's amount. Above the reservation, only
 * what is available may be added (an override asked for it); more would overspend and is refused.
 */
export async function commitJob(deps: Deps, job: JobRef, amount: number): Promise<void> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return;
  const mine = await jobBalances(deps, job.id);
  if (mine.committed_cents > 0 || mine.paid_cents > 0) return;
  const extra = amount - mine.reserved_cents;
  if (extra > ob.balances.available_cents)
    throw conflict(BUDGET_MESSAGES.budget_short(amount, mine.reserved_cents, ob.balances.available_cents));
  const wait = await db.openWait(deps.db, job.id);
  if (wait) await db.leaveWait(deps.db, wait.id, 'committed', deps.now().toISOString());
  if (mine.reserved_cents > 0) await entry(deps, ob, job.id, 'release', mine.reserved_cents, 'committed');
  await entry(deps, ob, job.id, 'commit', amount, 'payment approved');
  await history(deps, job.id, 'budget_committed', { amount_cents: amount, reserved_cents: mine.reserved_cents });
  ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
  // Money came free (less than was reserved), or the job left the line: who waits behind may fit now.
  if (extra < 0 || wait) await promote(deps, ob);
}

/** The payable was rejected: its commitment goes back, and the job holds the same amount again if it is there. */
export async function uncommitJob(deps: Deps, job: JobRef): Promise<void> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return;
  const mine = await jobBalances(deps, job.id);
  if (mine.committed_cents <= 0) return;
  await entry(deps, ob, job.id, 'uncommit', mine.committed_cents, 'payment rejected');
  await history(deps, job.id, 'budget_released', { amount_cents: mine.committed_cents, why: 'payment_rejected' });
  await reserveOrWait(deps, job, mine.committed_cents);
  // The commitment came back: jobs already waiting may fit in what the job did not take again.
  const after = await openJobBudget(deps, job);
  if (after) await promote(deps, after);
}

/**
 * Payment sent: the commitment is paid. A payment recorded by hand without an approval first commits what was paid
 * (it was paid: the ledger records it as it happened).
 */
export async function spendJob(deps: Deps, job: JobRef, paidCents: number | null): Promise<void> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return;
  const mine = await jobBalances(deps, job.id);
  if (mine.paid_cents > 0) return;
  let amount = mine.committed_cents;
  if (amount <= 0) {
    amount = paidCents ?? mine.reserved_cents;
    if (amount <= 0) return;
    if (mine.reserved_cents > 0) await entry(deps, ob, job.id, 'release', mine.reserved_cents, 'paid by hand');
    await entry(deps, ob, job.id, 'commit', amount, 'paid by hand');
  }
  await entry(deps, ob, job.id, 'spend', amount, 'payment sent');
  await history(deps, job.id, 'budget_spent', { amount_cents: amount });
  ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
  await promote(deps, ob);
}

/** Ops move a territory's allocation up or down with a reason; never below what it holds for jobs. */
export async function adjustAllocation(
  deps: Deps,
  user: AuthUser,
  programId: string,
  def: BudgetDef,
  territory: string,
  amount: number,
  reason: string,
): Promise<void> {
  const ob = await openBudget(deps, def, programId, territory);
  if (amount === 0)
    throw validationError([{ path: 'amount_cents', message: BUDGET_MESSAGES.zero }], BUDGET_MESSAGES.zero);
  if (-amount > ob.balances.available_cents) {
    const message = BUDGET_MESSAGES.below_held(Math.max(0, ob.balances.available_cents));
    throw validationError([{ path: 'amount_cents', message }], message);
  }
  await entry(deps, ob, null, 'adjust', amount, reason, user.id);
  ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
  if (amount > 0) await promote(deps, ob);
}

/** The job's reserve entries since its last release: its current reservation, first entry first. */
function currentReservation(entries: db.EntryRow[]): db.EntryRow[] {
  const full = entries.map((e) => e.kind === 'release' && e.reason !== 'rebate lowered');
  const last = full.lastIndexOf(true);
  return entries.slice(last + 1).filter((e) => e.kind === 'reserve');
}

/** Worker: a reservation that still holds at its expiry is released, and who waits is promoted. */
export async function expireReservation(deps: Deps, entryId: number, job: JobRef): Promise<boolean> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return false;
  const entries = await db.entriesOfJob(deps.db, job.id);
  const mine = await jobBalances(deps, job.id);
  if (currentReservation(entries)[0]?.id !== entryId || mine.reserved_cents <= 0) return false;
  if (mine.committed_cents > 0 || mine.paid_cents > 0) return false;
  return releaseJob(deps, job, 'expiry');
}

/**
 * The job's reservation follows its rebate while it is only reserved: up when the rules or ops raise it (as far as
 * the money that is available and nobody waits for allows), down when they lower it (what comes free promotes).
 */
export async function followRebate(deps: Deps, job: JobRef, want: number): Promise<void> {
  const ob = await openJobBudget(deps, job);
  if (!ob) return;
  const mine = await jobBalances(deps, job.id);
  if (mine.reserved_cents <= 0 || mine.committed_cents > 0 || mine.paid_cents > 0) return;
  const diff = want - mine.reserved_cents;
  if (diff < 0) {
    await entry(deps, ob, job.id, 'release', -diff, 'rebate lowered');
    ob.balances = balancesOf(await db.budgetSums(deps.db, ob.budget.id));
    await promote(deps, ob);
    return;
  }
  if (diff === 0 || diff > ob.balances.available_cents || (await db.lineLength(deps.db, ob.budget.id)) > 0) return;
  const first = currentReservation(await db.entriesOfJob(deps.db, job.id))[0];
  await db.appendEntry(deps.db, {
    budget_id: ob.budget.id,
    job_id: job.id,
    kind: 'reserve',
    amount_cents: diff,
    reason: 'rebate raised',
    user_id: null,
    expires_at: first?.expires_at ?? null,
    at: deps.now().toISOString(),
  });
}

async function history(deps: Deps, jobId: number, type: string, detail: Record<string, unknown>) {
  await addHistory(deps.db, { job_id: jobId, type, user_id: null, at: deps.now().toISOString(), detail });
}
