/**
 * Budget reservations at volume (`node --import tsx bench/budget.bench.ts`): BENCH_RESERVATIONS (1,000) reservation
 * attempts from two portal instances (two connection pools, two callers each) on one PostgreSQL database against a
 * budget that holds half of them. Every attempt is one transaction that locks the budget's row. Prints the time, the
 * cost per attempt and the outcome: how many reserved and waitlisted, the budget's balances, whether the line is in
 * each caller's order. Figures are printed, never asserted; a wrong outcome (overspent, out of order) exits 1.
 */

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore } from '../server/db/database.ts';
import { reserveOrWait } from '../server/workflows/budget/ledger.service.ts';
import { insertJobs, ledgerDeps, ledgerOf, move, testBudget } from '../tests/support/budget-ledger.ts';
import { benchPostgres } from './postgres-url.ts';

const ATTEMPTS = Number(process.env.BENCH_RESERVATIONS ?? 1000);
const UNIT = 250_000;
const CALLERS = 4;
const NOW = new Date('2026-06-01T15:00:00.000Z');
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  const target = await benchPostgres();
  if (!target.url) {
    console.log(`budget bench: skipped, no PostgreSQL (${target.from})`);
    return;
  }
  const schema = `bench_budget_${randomBytes(4).toString('hex')}`;
  const storeA = await openStore(target.url, { schema, max: 4 });
  const storeB = await openStore(target.url, { schema, max: 4 });
  try {
    const budget = testBudget((ATTEMPTS / 2) * UNIT, 90);
    const a = ledgerDeps(storeA, 'bench', budget, () => NOW);
    const b = ledgerDeps(storeB, 'bench', budget, () => NOW);
    const per = Math.ceil(ATTEMPTS / CALLERS);
    const callers = [];
    for (let c = 0; c < CALLERS; c++)
      callers.push({
        deps: c % 2 ? b : a,
        jobs: await insertJobs(a, 'bench', Math.min(per, ATTEMPTS - c * per), `C${c}`),
      });
    const started = performance.now();
    const outcomes = await Promise.all(
      callers.map(async ({ deps, jobs }) => {
        const out: string[] = [];
        for (const j of jobs) out.push(String(await move(deps, (d) => reserveOrWait(d, j, UNIT))));
        return out;
      }),
    );
    const ms = performance.now() - started;
    const l = (await ledgerOf(a, 'bench'))!;
    const all = outcomes.flat();
    const reserved = all.filter((x) => x === 'reserved').length;
    const waitlisted = all.filter((x) => x === 'waitlisted').length;
    const inOrder = callers.every(({ jobs }, c) => {
      const out = outcomes[c];
      const first = out.indexOf('waitlisted');
      const fcfs = first < 0 || out.slice(first).every((x) => x === 'waitlisted');
      const mine = l.waiting.filter((w) => jobs.some((j) => j.id === w.job_id)).map((w) => w.job_id);
      const asked = jobs.filter((_, i) => out[i] === 'waitlisted').map((j) => j.id);
      return fcfs && JSON.stringify(mine) === JSON.stringify(asked);
    });
    const sumsAgree = JSON.stringify(l.summed) === JSON.stringify(l.recomputed);
    console.log(
      `budget bench (PostgreSQL, ${target.from}): ${fmt(ATTEMPTS, 0)} reservation attempts, 2 instances x 2 callers`,
    );
    console.log(`  budget for ${fmt(ATTEMPTS / 2, 0)} at $${fmt(UNIT / 100, 2)} each`);
    console.log(
      `  reserved ${reserved}, waitlisted ${waitlisted} (line of ${l.waiting.length}, in each caller's order: ${inOrder})`,
    );
    console.log(
      `  balances: allocation ${l.summed.allocation_cents}, reserved ${l.summed.reserved_cents}, available ${l.summed.available_cents} (sums equal the entries: ${sumsAgree})`,
    );
    console.log(
      `  time ${fmt(ms, 0)} ms, ${fmt(ms / ATTEMPTS, 2)} ms per attempt, ${fmt((ATTEMPTS / ms) * 1000, 0)} attempts/s`,
    );
    const ok =
      reserved === ATTEMPTS / 2 &&
      waitlisted === ATTEMPTS / 2 &&
      l.summed.available_cents === 0 &&
      inOrder &&
      sumsAgree;
    if (!ok) {
      console.log('  WRONG OUTCOME: the budget must hold exactly half and waitlist the rest in order');
      process.exitCode = 1;
    }
  } finally {
    await storeA.close();
    await storeB.close();
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
