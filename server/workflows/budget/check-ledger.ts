/**
 * `rebate db check-ledger` (issue 41): every budget's balances against the states of its jobs. A difference is a line
 * naming the budget (and the job): a balance below zero (overspent), money the ledger holds that no job accounts for,
 * a canceled job still holding a reservation or a waitlist place, a payment the accounts-payment system paid or an
 * approval that the ledger did not commit or spend, or a job on the waitlist that holds money besides.
 */

import type { Deps } from '../../context.ts';
import { latestPayment } from '../payments/payments.db.ts';
import * as db from './budget.db.ts';
import { balancesOf, type Balances } from './ledger.ts';

const $ = (cents: number) => (cents / 100).toFixed(2);

/** The differences found, one line each (none: the ledger agrees with its jobs). */
export async function checkLedger(deps: Deps): Promise<string[]> {
  const out: string[] = [];
  for (const b of await db.budgetsOf(deps.db)) {
    const name = `${b.program_id}${b.territory ? ` ${b.territory}` : ''}`;
    const total = balancesOf(await db.budgetSums(deps.db, b.id));
    const entries = await deps.db.selectFrom('budget_entries').selectAll().where('budget_id', '=', b.id).execute();
    const perJob = new Map<number, Record<string, number>>();
    for (const e of entries) {
      if (e.job_id === null) continue;
      const s = perJob.get(e.job_id) ?? {};
      s[e.kind] = (s[e.kind] ?? 0) + Number(e.amount_cents);
      perJob.set(e.job_id, s);
    }
    const sum = { reserved_cents: 0, committed_cents: 0, paid_cents: 0 };
    const jobs = new Map<number, Balances>();
    for (const [id, s] of perJob) {
      const j = balancesOf(s);
      jobs.set(id, j);
      sum.reserved_cents += j.reserved_cents;
      sum.committed_cents += j.committed_cents;
      sum.paid_cents += j.paid_cents;
    }
    if (total.available_cents < 0) out.push(`${name}: overspent by ${$(-total.available_cents)}`);
    for (const k of ['reserved_cents', 'committed_cents', 'paid_cents'] as const)
      if (total[k] !== sum[k])
        out.push(`${name}: ${k.replace('_cents', '')} ${$(total[k])}, its jobs' sum ${$(sum[k])}`);
    const waiting = new Set((await db.waiting(deps.db, b.id)).map((w) => w.job_id));
    const ids = [...new Set([...jobs.keys(), ...waiting])];
    if (!ids.length) continue;
    const rows = await deps.db
      .selectFrom('jobs')
      .select(['id', 'code', 'is_canceled'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      const j = jobs.get(r.id) ?? balancesOf({});
      const job = `${name}: job ${r.code}`;
      if (j.reserved_cents < 0 || j.committed_cents < 0) out.push(`${job}: a balance below zero`);
      if (r.is_canceled && (j.reserved_cents > 0 || waiting.has(r.id)))
        out.push(
          `${job}: canceled but still ${waiting.has(r.id) ? 'on the waitlist' : `holding ${$(j.reserved_cents)}`}`,
        );
      if (waiting.has(r.id) && (j.reserved_cents > 0 || j.committed_cents > 0))
        out.push(`${job}: on the waitlist while holding money`);
      const p = await latestPayment(deps.db, r.id);
      if (p?.status === 'paid' && j.paid_cents !== Number(p.amount_cents))
        out.push(`${job}: accounts payment paid ${$(Number(p.amount_cents))}, the ledger spent ${$(j.paid_cents)}`);
      else if (p && p.status !== 'rejected' && p.status !== 'paid' && j.committed_cents !== Number(p.amount_cents))
        out.push(
          `${job}: payment approved for ${$(Number(p.amount_cents))}, the ledger committed ${$(j.committed_cents)}`,
        );
    }
  }
  return out;
}
