// Ad-hoc: scoped multi-filter pages at a size (DB = a copy of the bench file). Deleted after use.
import { openStore } from '../server/db/database.ts';
import { clearCountCache, listJobs, stageCounts, type JobFilters, type SortBy } from '../server/db/job-lists.db.ts';
import type { JobScope } from '../server/db/jobs.db.ts';

const store = await openStore(`sqlite:${process.env.DB}`);
const db = store.kysely;
const one = (s: string) => (db as any).executeQuery({ sql: s, parameters: [], query: { kind: 'RawNode' } } as never);
const ids = async (s: string) => ((await (await import('kysely')).sql.raw(s).execute(db)).rows as any[]).map((r) => Object.values(r)[0]);
const companies = await ids('SELECT contractor_id FROM jobs GROUP BY contractor_id ORDER BY count(*) DESC LIMIT 3');
const ops = await ids("SELECT ops_owner FROM jobs WHERE ops_owner IS NOT NULL GROUP BY ops_owner ORDER BY count(*) DESC LIMIT 2");
const creators = await ids('SELECT created_by FROM jobs WHERE created_by IS NOT NULL GROUP BY created_by ORDER BY count(*) DESC LIMIT 2');
const elig = await ids('SELECT eligibility FROM jobs GROUP BY eligibility ORDER BY count(*) ASC');
console.log({ companies, ops, creators, elig });
void one;
const page = (sort_by: SortBy = 'created_at', sort_direction: 'asc' | 'desc' = 'asc') => ({ page_number: 1, per_page: 25, sort_by, sort_direction });
const combos: [string, JobScope, JobFilters, ReturnType<typeof page>][] = [
  ['company + program + eligibility', { contractor_id: companies[0] }, { program_id: 'ca-heehra', eligibility: 'eligible' }, page()],
  ['company + program + rare eligibility', { contractor_id: companies[1] }, { program_id: 'pce', eligibility: elig[0] }, page()],
  ['company + eligible by name', { contractor_id: companies[0] }, { is_eligible: true }, page('full_name')],
  ['company + program by name', { contractor_id: companies[2] }, { program_id: 'wi-hear' }, page('full_name')],
  ['company + program days in stage', { contractor_id: companies[2] }, { program_id: 'wi-hear' }, page('days_in_stage', 'desc')],
  ['company + claimed', { contractor_id: companies[0] }, { is_claimed_jobs: true }, page()],
  ['ops owner + program + eligibility', {}, { ops_user: ops[0], program_id: 'ca-heehra', eligibility: 'eligible' }, page()],
  ['ops owner + rare eligibility', {}, { ops_user: ops[0], eligibility: elig[0] }, page()],
  ['creator + program', {}, { contractor_user: creators[0], program_id: 'pce' }, page()],
  ['creator + program (none?)', {}, { contractor_user: creators[0], program_id: 'udve' }, page()],
  ['company: creator + eligible', { contractor_id: companies[0] }, { contractor_user: creators[0], is_eligible: true }, page()],
];
const RUNS = Number(process.env.RUNS ?? 30);
for (const [name, scope, f, p] of combos) {
  const l: number[] = [];
  const c: number[] = [];
  let total = 0;
  for (let i = -2; i < RUNS; i++) {
    clearCountCache(db);
    let t = performance.now();
    const r = await listJobs(db, scope, { ...f, me: ops[0] }, p);
    if (i >= 0) l.push(performance.now() - t);
    total = r.total;
    clearCountCache(db);
    t = performance.now();
    await stageCounts(db, scope, { ...f, me: ops[0] });
    if (i >= 0) c.push(performance.now() - t);
  }
  const p95 = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length * 0.95)].toFixed(2);
  console.log(`${name.padEnd(40)} total ${String(total).padStart(7)}  list p95 ${p95(l).padStart(7)} ms  counts p95 ${p95(c).padStart(6)} ms`);
}
await store.close();
