/**
 * Reconciliation (issue 41): per program and month (UTC), the payment approvals, the payables created, what accounts
 * payment paid and rejected, what finance recorded as paid by hand, the budget's movements and the jobs whose money
 * does not add up; with the ledger check's findings (`rebate db check-ledger`). One computation feeds the screen, the
 * CSV download and the API.
 */

import { stringify } from 'csv-stringify/sync';
import {
  RECONCILIATION_CSV_COLUMNS,
  type BudgetMovements,
  type Reconciliation,
  type ReconciliationDifference,
  type ReconciliationMonth,
} from '../../../engine/api/reconciliation.ts';
import { formatCents } from '../../../engine/explain.ts';
import type { Program } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import { checkLedger } from '../budget/check-ledger.ts';
import * as db from './reconciliation.db.ts';

/** What the caller narrows the report to (both optional). */
export interface ReconciliationFilter {
  program_id?: string;
  /** YYYY-MM. */
  month?: string;
}

const MOVED: Record<string, keyof BudgetMovements> = {
  allocate: 'allocated',
  adjust: 'adjusted',
  reserve: 'reserved',
  release: 'released',
  commit: 'committed',
  uncommit: 'uncommitted',
  spend: 'spent',
};

const $ = (cents: number) => `$${formatCents(cents)}`;
/** The job's rebate as the difference states it: final, or only the top of its range. */
const rebateWords = (r: { rebate_cents: number; rebate_final: boolean }) =>
  r.rebate_final ? `the rebate is ${$(r.rebate_cents)}` : `the rebate is at most ${$(r.rebate_cents)} (not final yet)`;
const tally = () => ({ count: 0, cents: 0 });
const noMovements = (): BudgetMovements => ({
  allocated: 0,
  adjusted: 0,
  reserved: 0,
  released: 0,
  committed: 0,
  uncommitted: 0,
  spent: 0,
});

/**
 * A payment recorded by hand: its amount and month, from the history row's detail (amount_cents, paid_on) or the
 * payment task's data (the fields the program's `incentives.payment` names).
 */
function recordedByHand(p: Program, data: string | null): { cents: number; month: string } | null {
  const pay = p.incentives.payment;
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(data ?? '{}') as Record<string, unknown>;
  } catch {
    return null;
  }
  const cents = d.amount_cents ?? (pay && d[pay.amount_field]);
  const date = d.paid_on ?? (pay && d[pay.date_field]);
  if (typeof cents !== 'number' || typeof date !== 'string' || !/^\d{4}-\d{2}/.test(date)) return null;
  return { cents, month: date.slice(0, 7) };
}

/** Every program's months with any payment or budget activity, newest month first, programs in their order. */
export async function reconcile(deps: Deps, filter: ReconciliationFilter = {}): Promise<Reconciliation> {
  const programs = Object.values(deps.defs.programs).filter((p) => !filter.program_id || p.id === filter.program_id);
  const known = new Map(programs.map((p) => [p.id, p]));
  const rows = new Map<string, ReconciliationMonth>();
  const monthRow = (programId: string, month: string): ReconciliationMonth | null => {
    const p = known.get(programId);
    if (!p || (filter.month && month !== filter.month)) return null;
    const key = `${month}|${programId}`;
    let r = rows.get(key);
    if (!r) {
      r = {
        program_id: p.id,
        program_name: p.name,
        month,
        approved: tally(),
        payables_created: tally(),
        paid: tally(),
        rejected: tally(),
        paid_by_hand: tally(),
        budget: p.budget ? noMovements() : null,
        differences: [],
      };
      rows.set(key, r);
    }
    return r;
  };
  const fields = { approved: 'approved', created: 'payables_created', paid: 'paid', rejected: 'rejected' } as const;
  for (const [which, field] of Object.entries(fields) as [keyof typeof fields, (typeof fields)[keyof typeof fields]][])
    for (const t of await db.paymentTallies(deps.db, which)) {
      const r = monthRow(t.program_id, t.month);
      if (r) r[field] = { count: t.count, cents: t.cents };
    }
  const differ = (programId: string, month: string, d: ReconciliationDifference) =>
    monthRow(programId, month)?.differences.push(d);
  for (const x of await db.paidOffRebate(deps.db))
    differ(x.program_id, x.paid_at.slice(0, 7), {
      job_id: x.job_id,
      job_code: x.code,
      kind: 'paid_other_than_rebate',
      expected_cents: x.rebate_cents,
      actual_cents: x.amount_cents,
      message: `Paid ${$(x.amount_cents)} through accounts payment; ${rebateWords(x)}.`,
    });
  const noPayable = programs.flatMap((p) => {
    const pay = p.incentives.payment;
    return pay && !pay.payable ? [{ program_id: p.id, task_id: pay.task }] : [];
  });
  for (const t of await db.paymentsByHand(deps.db, noPayable)) {
    const p = known.get(t.program_id);
    const hand = p && recordedByHand(p, t.data);
    const r = hand && monthRow(t.program_id, hand.month);
    if (!hand || !r) continue;
    r.paid_by_hand.count += 1;
    r.paid_by_hand.cents += hand.cents;
    const base = { job_id: t.job_id, job_code: t.code };
    if (t.latest_status === 'paid')
      r.differences.push({
        ...base,
        kind: 'paid_twice',
        expected_cents: t.latest_cents ?? 0,
        actual_cents: (t.latest_cents ?? 0) + hand.cents,
        message: `Paid ${$(t.latest_cents ?? 0)} through accounts payment and ${$(hand.cents)} recorded by hand.`,
      });
    else if (t.latest_status && ['creating', 'pending', 'approved'].includes(t.latest_status))
      r.differences.push({
        ...base,
        kind: 'paid_by_hand_with_payable',
        expected_cents: 0,
        actual_cents: hand.cents,
        message: `Recorded as paid by hand (${$(hand.cents)}) while accounts payment still holds a payable for it (${t.latest_status}): it may be paid twice.`,
      });
    if (t.rebate_final ? hand.cents !== t.rebate_cents : hand.cents > t.rebate_cents)
      r.differences.push({
        ...base,
        kind: 'paid_other_than_rebate',
        expected_cents: t.rebate_cents,
        actual_cents: hand.cents,
        message: `Paid ${$(hand.cents)} by hand; the rebate is ${$(t.rebate_cents)}.`,
      });
  }
  for (const m of await db.budgetMovements(deps.db)) {
    const r = monthRow(m.program_id, m.month);
    const field = MOVED[m.kind];
    if (r?.budget && field) r.budget[field] += m.cents;
  }
  const months = [...rows.values()].sort(
    (a, b) => b.month.localeCompare(a.month) || a.program_id.localeCompare(b.program_id),
  );
  return { months, ledger_differences: await checkLedger(deps) };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The report as CSV: one row per program and month, amounts in dollars with two decimals. */
export function reconciliationCsv(r: Reconciliation): string {
  const rows = r.months.map((m) => {
    const b = m.budget ?? noMovements();
    const cells: Record<(typeof RECONCILIATION_CSV_COLUMNS)[number], string | number> = {
      program_id: m.program_id,
      program_name: m.program_name,
      month: m.month,
      approved_count: m.approved.count,
      approved: money(m.approved.cents),
      payables_created_count: m.payables_created.count,
      payables_created: money(m.payables_created.cents),
      paid_count: m.paid.count,
      paid: money(m.paid.cents),
      rejected_count: m.rejected.count,
      rejected: money(m.rejected.cents),
      paid_by_hand_count: m.paid_by_hand.count,
      paid_by_hand: money(m.paid_by_hand.cents),
      budget_allocated: m.budget ? money(b.allocated) : '',
      budget_adjusted: m.budget ? money(b.adjusted) : '',
      budget_reserved: m.budget ? money(b.reserved) : '',
      budget_released: m.budget ? money(b.released) : '',
      budget_committed: m.budget ? money(b.committed) : '',
      budget_uncommitted: m.budget ? money(b.uncommitted) : '',
      budget_spent: m.budget ? money(b.spent) : '',
      differences: m.differences.map((d) => `${d.job_code}: ${d.message}`).join(' | '),
    };
    return RECONCILIATION_CSV_COLUMNS.map((c) => cells[c]);
  });
  return stringify([[...RECONCILIATION_CSV_COLUMNS], ...rows]);
}
