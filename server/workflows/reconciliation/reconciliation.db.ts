/** What reconciliation reads (issue 41): payments, payment tasks and budget entries by program and month. Named queries
 * only; months are the first seven characters of the stored ISO times (UTC), the same on both backends. */

import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { DB } from '../../db/schema.ts';

/** A job's rebate: the final amount, else the top of its range. */
const REBATE = sql<number>`coalesce(${sql.ref('jobs.rebate_final_cents')}, ${sql.ref('jobs.rebate_max_cents')}, 0)`;
/** Whether the job's rebate is final (1) or only the top of its range (0). */
const FINAL = sql<number>`case when ${sql.ref('jobs.rebate_final_cents')} is null then 0 else 1 end`;

const monthOf = (column: string): RawBuilder<string> => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/** Payment attempts per program and month of one of their times, counted and summed (amounts as numbers). */
export interface Tally {
  program_id: string;
  month: string;
  count: number;
  cents: number;
}

const tallies = (rows: { program_id: string; month: string | null; count: unknown; cents: unknown }[]): Tally[] =>
  rows
    .filter((r) => r.month)
    .map((r) => ({ program_id: r.program_id, month: r.month!, count: Number(r.count), cents: Number(r.cents ?? 0) }));

/**
 * Payment attempts by program and month: `approved` every attempt by the month it was approved, `created` those the
 * accounts-payment system made a payable of, `paid` and `rejected` by the month the system decided.
 */
export async function paymentTallies(db: Q, which: 'approved' | 'created' | 'paid' | 'rejected'): Promise<Tally[]> {
  const column =
    which === 'paid' ? 'payments.paid_at' : which === 'rejected' ? 'payments.decided_at' : 'payments.created_at';
  const month = monthOf(column);
  let q = db
    .selectFrom('payments')
    .innerJoin('jobs', 'jobs.id', 'payments.job_id')
    .select((eb) => [
      'jobs.program_id as program_id',
      month.as('month'),
      eb.fn.countAll<string>().as('count'),
      eb.fn.sum<string>('payments.amount_cents').as('cents'),
    ]);
  if (which === 'created') q = q.where('payments.payable_id', 'is not', null);
  if (which === 'paid') q = q.where('payments.status', '=', 'paid');
  if (which === 'rejected') q = q.where('payments.status', '=', 'rejected');
  return tallies(await q.groupBy(['jobs.program_id', month]).execute());
}

/** A job paid by the accounts-payment system for other than its stored rebate. */
export interface PaidRow {
  job_id: number;
  code: string;
  program_id: string;
  paid_at: string;
  amount_cents: number;
  rebate_cents: number;
  rebate_final: boolean;
}

/** Payments paid other than the job's final rebate, or above the top of its range while it is not final. */
export async function paidOffRebate(db: Q): Promise<PaidRow[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('jobs', 'jobs.id', 'payments.job_id')
    .select([
      'jobs.id as job_id',
      'jobs.code as code',
      'jobs.program_id as program_id',
      'payments.paid_at as paid_at',
      'payments.amount_cents as amount_cents',
      REBATE.as('rebate_cents'),
      FINAL.as('rebate_final'),
    ])
    .where('payments.status', '=', 'paid')
    .where((eb) =>
      eb.or([
        eb.and([eb('jobs.rebate_final_cents', 'is not', null), eb('payments.amount_cents', '<>', REBATE)]),
        eb.and([eb('jobs.rebate_final_cents', 'is', null), eb('payments.amount_cents', '>', REBATE)]),
      ]),
    )
    .orderBy('jobs.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    paid_at: r.paid_at ?? '',
    amount_cents: Number(r.amount_cents),
    rebate_cents: Number(r.rebate_cents),
    rebate_final: Number(r.rebate_final) === 1,
  }));
}

/** A payment recorded by hand (or a completed payment task of a program without accounts payment), with the job's
 * latest payment attempt (if any). */
export interface ByHandRow {
  job_id: number;
  code: string;
  program_id: string;
  /** The history row's detail, or the task's data (JSON). */
  data: string | null;
  rebate_cents: number;
  rebate_final: boolean;
  latest_status: string | null;
  latest_cents: number | null;
}

/**
 * Payments recorded by hand: the `payment_recorded_by_hand` history rows (programs paying through accounts payment), or
 * for a program that pays only by hand (`noPayable`: its id and payment task) its completed payment tasks.
 */
export async function paymentsByHand(
  db: Q,
  noPayable: { program_id: string; task_id: string }[],
): Promise<ByHandRow[]> {
  const latest = (eb: ExpressionBuilder<DB, 'jobs'>) =>
    eb
      .selectFrom('payments as p')
      .select((e) => e.fn.max('p.attempt').as('a'))
      .whereRef('p.job_id', '=', 'jobs.id');
  const withLatest = <T extends { rebate_cents: unknown; rebate_final: unknown; latest_cents: unknown }>(rows: T[]) =>
    rows.map((r) => ({
      ...r,
      rebate_cents: Number(r.rebate_cents),
      rebate_final: Number(r.rebate_final) === 1,
      latest_cents: r.latest_cents === null ? null : Number(r.latest_cents),
    }));
  const history = await db
    .selectFrom('history')
    .innerJoin('jobs', 'jobs.id', 'history.job_id')
    .leftJoin('payments', (j) =>
      j.onRef('payments.job_id', '=', 'jobs.id').on((eb) => eb('payments.attempt', '=', latest(eb))),
    )
    .select([
      'jobs.id as job_id',
      'jobs.code as code',
      'jobs.program_id as program_id',
      'history.detail as data',
      REBATE.as('rebate_cents'),
      FINAL.as('rebate_final'),
      'payments.status as latest_status',
      'payments.amount_cents as latest_cents',
    ])
    .where('history.type', '=', 'payment_recorded_by_hand')
    .orderBy('history.id')
    .execute();
  const tasks = noPayable.length
    ? await db
        .selectFrom('job_tasks')
        .innerJoin('jobs', 'jobs.id', 'job_tasks.job_id')
        .select([
          'jobs.id as job_id',
          'jobs.code as code',
          'jobs.program_id as program_id',
          'job_tasks.data as data',
          REBATE.as('rebate_cents'),
          FINAL.as('rebate_final'),
          sql<string | null>`null`.as('latest_status'),
          sql<number | null>`null`.as('latest_cents'),
        ])
        .where('job_tasks.status', '=', 'COMPLETE')
        .where((eb) =>
          eb.or(
            noPayable.map((x) =>
              eb.and([eb('jobs.program_id', '=', x.program_id), eb('job_tasks.task_id', '=', x.task_id)]),
            ),
          ),
        )
        .orderBy('jobs.id')
        .execute()
    : [];
  return withLatest([...history, ...tasks]);
}

/** A budget's entries summed by program, month and kind. */
export interface MovementRow {
  program_id: string;
  month: string;
  kind: string;
  cents: number;
}

export async function budgetMovements(db: Q): Promise<MovementRow[]> {
  const month = monthOf('budget_entries.at');
  const rows = await db
    .selectFrom('budget_entries')
    .innerJoin('budgets', 'budgets.id', 'budget_entries.budget_id')
    .select((eb) => [
      'budgets.program_id as program_id',
      month.as('month'),
      'budget_entries.kind as kind',
      eb.fn.sum<string>('budget_entries.amount_cents').as('cents'),
    ])
    .groupBy(['budgets.program_id', month, 'budget_entries.kind'])
    .execute();
  return rows.map((r) => ({ program_id: r.program_id, month: r.month, kind: r.kind, cents: Number(r.cents ?? 0) }));
}
