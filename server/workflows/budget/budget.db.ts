/** Budgets, their ledger entries and waitlists (migration 030): named queries only. */

import type { Insertable, Selectable } from 'kysely';
import { isPostgres, type Q } from '../../db/portable.ts';
import type { BudgetEntriesTable, BudgetEntryKind } from '../../db/schema-budget.ts';
import type { KindSums } from './ledger.ts';

export type BudgetRow = Selectable<import('../../db/schema-budget.ts').BudgetsTable>;
export type EntryRow = Selectable<BudgetEntriesTable>;
export type WaitRow = Selectable<import('../../db/schema-budget.ts').BudgetWaitlistTable>;

/** The budget of a program's territory, made on first use. */
export async function ensureBudget(db: Q, programId: string, territory: string, at: string): Promise<BudgetRow> {
  await db
    .insertInto('budgets')
    .values({ program_id: programId, territory, created_at: at })
    .onConflict((oc) => oc.columns(['program_id', 'territory']).doNothing())
    .execute();
  return (await db
    .selectFrom('budgets')
    .selectAll()
    .where('program_id', '=', programId)
    .where('territory', '=', territory)
    .executeTakeFirst())!;
}

/**
 * Holds the budget's row until the transaction ends: every write to one budget runs one at a time (FOR UPDATE on
 * PostgreSQL; SQLite has one writer).
 */
export async function lockBudget(db: Q, id: number): Promise<void> {
  let q = db.selectFrom('budgets').select('id').where('id', '=', id);
  if (isPostgres(db)) q = q.forUpdate();
  await q.executeTakeFirst();
}

export function budgetById(db: Q, id: number): Promise<BudgetRow | undefined> {
  return db.selectFrom('budgets').selectAll().where('id', '=', id).executeTakeFirst();
}

export function budgetsOf(db: Q, programId?: string): Promise<BudgetRow[]> {
  let q = db.selectFrom('budgets').selectAll();
  if (programId) q = q.where('program_id', '=', programId);
  return q.orderBy('program_id').orderBy('territory').execute();
}

const toSums = (rows: { kind: string; total: unknown }[]): KindSums =>
  Object.fromEntries(rows.map((r) => [r.kind as BudgetEntryKind, Number(r.total ?? 0)]));

/** A budget's entries summed by kind. */
export async function budgetSums(db: Q, budgetId: number): Promise<KindSums> {
  const rows = await db
    .selectFrom('budget_entries')
    .select((eb) => ['kind', eb.fn.sum<string>('amount_cents').as('total')])
    .where('budget_id', '=', budgetId)
    .groupBy('kind')
    .execute();
  return toSums(rows);
}

/** A job's entries summed by kind, with the budget they are in (a job draws on one budget). */
export async function jobSums(db: Q, jobId: number): Promise<{ budget_id: number | null; sums: KindSums }> {
  const rows = await db
    .selectFrom('budget_entries')
    .select((eb) => ['budget_id', 'kind', eb.fn.sum<string>('amount_cents').as('total')])
    .where('job_id', '=', jobId)
    .groupBy(['budget_id', 'kind'])
    .execute();
  return { budget_id: rows[0]?.budget_id ?? null, sums: toSums(rows) };
}

/** Appends one entry; its id. */
export async function appendEntry(db: Q, e: Insertable<BudgetEntriesTable>): Promise<number> {
  const r = await db.insertInto('budget_entries').values(e).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The job's entries, oldest first. */
export function entriesOfJob(db: Q, jobId: number): Promise<EntryRow[]> {
  return db.selectFrom('budget_entries').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

export function entryById(db: Q, id: number): Promise<EntryRow | undefined> {
  return db.selectFrom('budget_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A budget's allocation entries with who made them (the adjustments' history), newest first. */
export function allocationEntries(db: Q, budgetId: number) {
  return db
    .selectFrom('budget_entries as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.kind', 'e.amount_cents', 'e.reason', 'e.at', 'u.name as user_name'])
    .where('e.budget_id', '=', budgetId)
    .where('e.kind', 'in', ['allocate', 'adjust'])
    .orderBy('e.id', 'desc')
    .execute();
}

/** The jobs waiting on a budget, in order. */
export function waiting(db: Q, budgetId: number): Promise<(WaitRow & { code: string })[]> {
  return db
    .selectFrom('budget_waitlist as w')
    .innerJoin('jobs as j', 'j.id', 'w.job_id')
    .selectAll('w')
    .select('j.code')
    .where('w.budget_id', '=', budgetId)
    .where('w.left_at', 'is', null)
    .orderBy('w.id')
    .execute();
}

/** How many jobs wait on a budget. */
export async function lineLength(db: Q, budgetId: number): Promise<number> {
  const r = await db
    .selectFrom('budget_waitlist')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('budget_id', '=', budgetId)
    .where('left_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The job's open place on a waitlist, if any. */
export function openWait(db: Q, jobId: number): Promise<WaitRow | undefined> {
  return db
    .selectFrom('budget_waitlist')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
}

/** Its position (1 first) among the budget's open places. */
export async function positionOf(db: Q, w: WaitRow): Promise<number> {
  const r = await db
    .selectFrom('budget_waitlist')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('budget_id', '=', w.budget_id)
    .where('left_at', 'is', null)
    .where('id', '<=', w.id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function addWait(db: Q, w: { budget_id: number; job_id: number; amount_cents: number; at: string }) {
  await db
    .insertInto('budget_waitlist')
    .values({ budget_id: w.budget_id, job_id: w.job_id, amount_cents: w.amount_cents, queued_at: w.at })
    .execute();
}

export async function leaveWait(db: Q, id: number, outcome: string, at: string): Promise<void> {
  await db
    .updateTable('budget_waitlist')
    .set({ left_at: at, outcome })
    .where('id', '=', id)
    .where('left_at', 'is', null)
    .execute();
}
