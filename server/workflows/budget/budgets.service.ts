/**
 * What ops see of budgets (GET /api/budgets): each program's money per territory, summed from its ledger, its
 * waitlist in order and its allocation's history; and an adjustment with a reason (POST
 * /api/programs/{program_id}/budget-adjustments). The job detail's `budget`: what the budget holds for one job.
 */

import type { Program } from '../../../engine/index.ts';
import { BUDGET_MESSAGES, type Budget, type BudgetAdjustment, type JobBudget } from '../../../engine/api/budgets.ts';
import { MESSAGES } from '../../../engine/forms/messages.ts';
import { assertMay } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { notFound, validationError } from '../../errors.ts';
import * as db from './budget.db.ts';
import { budgetDefOf } from './budget-def.ts';
import { balancesOf } from './ledger.ts';
import { adjustAllocation, openBudget } from './ledger.service.ts';

/** The territories a program's budget has: those program.yaml allocates to, and any a job drew on besides. */
async function territoriesOf(deps: Deps, p: Program): Promise<string[]> {
  const named = Object.keys(p.budget!.allocations);
  const used = (await db.budgetsOf(deps.db, p.id)).map((b) => b.territory);
  return [...named, ...used.filter((t) => !named.includes(t)).sort()];
}

/** The budget of a program's territory, its allocation entries in line with program.yaml (appended under the lock). */
async function budgetRow(deps: Deps, p: Program, territory: string): Promise<db.BudgetRow> {
  const def = p.budget!;
  const existing = (await db.budgetsOf(deps.db, p.id)).find((b) => b.territory === territory);
  const want = def.allocations[territory] ?? 0;
  if (existing && ((await db.budgetSums(deps.db, existing.id)).allocate ?? 0) === want) return existing;
  return (await inTransaction(deps, (d) => openBudget(d, def, p.id, territory))).budget;
}

/** One budget as ops read it. */
export async function presentBudget(deps: Deps, p: Program, territory: string): Promise<Budget> {
  const b = await budgetRow(deps, p, territory);
  const balances = balancesOf(await db.budgetSums(deps.db, b.id));
  const line = await db.waiting(deps.db, b.id);
  const changes = await db.allocationEntries(deps.db, b.id);
  return {
    program_id: p.id,
    program_name: p.name,
    per: p.budget!.per,
    territory,
    ...balances,
    hold_days: p.budget!.hold_days,
    waitlist: line.map((w, i) => ({
      position: i + 1,
      job_id: w.job_id,
      job_code: w.code,
      amount_cents: Number(w.amount_cents),
      queued_at: w.queued_at,
    })),
    changes: changes.map((c) => ({
      kind: c.kind as 'allocate' | 'adjust',
      amount_cents: Number(c.amount_cents),
      reason: c.reason,
      by: c.user_name ?? null,
      at: c.at,
    })),
  };
}

/** GET /api/budgets: every program's budgets, by program and territory. */
export async function listBudgets(deps: Deps, user: AuthUser): Promise<{ budgets: Budget[] }> {
  assertMay(user, 'budget.view');
  const out: Budget[] = [];
  const programs = Object.values(deps.defs.programs)
    .filter((p) => p.budget)
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const p of programs) for (const t of await territoriesOf(deps, p)) out.push(await presentBudget(deps, p, t));
  return { budgets: out };
}

/** POST /api/programs/{program_id}/budget-adjustments: one territory's allocation up or down, with a reason. */
export async function adjustBudget(
  deps: Deps,
  user: AuthUser,
  programId: string,
  body: BudgetAdjustment,
): Promise<Budget> {
  assertMay(user, 'budget.adjust');
  const p = deps.defs.programs[programId];
  if (!p) throw notFound();
  if (!p.budget)
    throw validationError([{ path: 'territory', message: BUDGET_MESSAGES.no_budget }], BUDGET_MESSAGES.no_budget);
  const reason = body.reason.trim();
  if (!reason) throw validationError([{ path: 'reason', message: MESSAGES.required }], BUDGET_MESSAGES.reason_required);
  if (!(await territoriesOf(deps, p)).includes(body.territory)) {
    const message = BUDGET_MESSAGES.unknown_territory(body.territory);
    throw validationError([{ path: 'territory', message }], message);
  }
  await inTransaction(deps, (d) =>
    adjustAllocation(d, user, p.id, p.budget!, body.territory, body.amount_cents, reason),
  );
  return presentBudget(deps, p, body.territory);
}

/** The job detail's `budget` (null when its program has none). */
export async function jobBudget(deps: Deps, job: JobRow): Promise<JobBudget> {
  const def = budgetDefOf(deps, job.program_id);
  if (!def) return null;
  const entries = await db.entriesOfJob(deps.db, job.id);
  const sums: Record<string, number> = {};
  for (const e of entries) sums[e.kind] = (sums[e.kind] ?? 0) + Number(e.amount_cents);
  const mine = balancesOf(sums);
  const wait = await db.openWait(deps.db, job.id);
  const budgetId = entries[0]?.budget_id ?? wait?.budget_id;
  const b = budgetId === undefined ? undefined : await db.budgetById(deps.db, budgetId);
  const reserve = entries.filter((e) => e.kind === 'reserve').at(-1);
  const status: NonNullable<JobBudget>['status'] = wait
    ? 'waitlisted'
    : mine.paid_cents > 0
      ? 'paid'
      : mine.committed_cents > 0
        ? 'committed'
        : mine.reserved_cents > 0
          ? 'reserved'
          : entries.length
            ? 'released'
            : 'none';
  return {
    territory: b?.territory ?? '',
    status,
    reserved_cents: mine.reserved_cents,
    committed_cents: mine.committed_cents,
    paid_cents: mine.paid_cents,
    expires_at: status === 'reserved' ? (reserve?.expires_at ?? null) : null,
    waitlist_position: wait ? await db.positionOf(deps.db, wait) : null,
    waiting_cents: wait ? Number(wait.amount_cents) : null,
  };
}
