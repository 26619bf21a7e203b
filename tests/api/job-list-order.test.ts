/**
 * The contractor's jobs list starts with their work (issue 42 point 3): jobs waiting on the contractor, then
 * on others, then ineligible, then those with nothing open; the server orders and pages them (on both
 * backends), and each job names its next step and whose it is. Ops' list keeps its sort alone.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import { dbRun } from '../support/db.ts';

let s: TestServer;
/** The jobs by what the test makes of them, created in this order. */
let ids: Record<'ineligible' | 'others' | 'closed' | 'mine', number>;
let firstStep: { contractor: string; homeowner: string };

interface Item {
  id: number;
  full_name: string;
  next_step: { task_id: string; title: string; owner: string; yours: boolean } | null;
}
const list = async (as: 'contractor_a' | 'ops', query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams({ q: 'Workfirst', ...query } as Record<string, string>);
  const r = await s.api('GET', `${as === 'ops' ? '/api/jobs/internal' : '/api/jobs'}?${search}`, { as });
  expect(r.status).toBe(200);
  return r.body as { items: Item[]; total: number };
};
const names = (items: Item[]) => items.map((i) => i.id);

beforeAll(async () => {
  s = await startServer();
  const made = [];
  for (const first of ['Ina', 'Otto', 'Cleo', 'Mina'])
    made.push(await createJob(s, 'contractor_a', { first_name: first, last_name: 'Workfirst' }));
  const [ineligible, others, closed, mine] = made.map((j) => j.id);
  ids = { ineligible, others, closed, mine };
  // A fresh job waits on both the contractor and the homeowner: its first open task of each, in order.
  const open = made[3].tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS');
  firstStep = {
    contractor: open.find((t) => t.owner === 'contractor')!.id,
    homeowner: open.find((t) => t.owner === 'homeowner')!.id,
  };
  // The other groups, as the stored outcome columns would hold them after their workflows.
  await dbRun(s.deps, `UPDATE jobs SET eligibility = 'ineligible', is_eligible = 0 WHERE id = ?`, ineligible);
  const homeownerOnly = JSON.stringify([['homeowner', firstStep.homeowner]]);
  await dbRun(
    s.deps,
    `UPDATE jobs SET action_owners = ',homeowner,', next_steps = ? WHERE id = ?`,
    homeownerOnly,
    others,
  );
  await dbRun(s.deps, `UPDATE jobs SET action_owners = '', next_steps = NULL WHERE id = ?`, closed);
});
afterAll(() => s.close());

describe('GET /api/jobs as a contractor', () => {
  it('lists the jobs waiting on the contractor first, then on others, then ineligible, then with nothing open', async () => {
    const { items, total } = await list('contractor_a');
    expect(total).toBe(4);
    expect(names(items)).toEqual([ids.mine, ids.others, ids.ineligible, ids.closed]);
  });

  it('orders before paging: page 2 of 2-job pages holds the ineligible and the closed job', async () => {
    const p1 = await list('contractor_a', { per_page: 2, page_number: 1 });
    const p2 = await list('contractor_a', { per_page: 2, page_number: 2 });
    expect(names(p1.items)).toEqual([ids.mine, ids.others]);
    expect(names(p2.items)).toEqual([ids.ineligible, ids.closed]);
  });

  it('keeps the chosen sort within each group (job name, descending)', async () => {
    // Two jobs waiting on the contractor: Mina and the ineligible Ina made eligible again.
    await dbRun(s.deps, `UPDATE jobs SET eligibility = 'eligible', is_eligible = 1 WHERE id = ?`, ids.ineligible);
    const { items } = await list('contractor_a', { sort_by: 'full_name', sort_direction: 'desc' });
    expect(names(items)).toEqual([ids.mine, ids.ineligible, ids.others, ids.closed]);
    await dbRun(s.deps, `UPDATE jobs SET eligibility = 'ineligible', is_eligible = 0 WHERE id = ?`, ids.ineligible);
  });

  it('names each card’s next step and its owner: the contractor’s own task, else whom the job waits on', async () => {
    const { items } = await list('contractor_a');
    const byId = new Map(items.map((i) => [i.id, i.next_step]));
    expect(byId.get(ids.mine)).toMatchObject({ task_id: firstStep.contractor, owner: 'contractor', yours: true });
    expect(byId.get(ids.mine)!.title).not.toBe('');
    expect(byId.get(ids.others)).toMatchObject({ task_id: firstStep.homeowner, owner: 'homeowner', yours: false });
    expect(byId.get(ids.closed)).toBeNull();
  });
});

describe('GET /api/jobs/internal as ops', () => {
  it('keeps the sort alone (created_at ascending: the order the jobs were made)', async () => {
    const { items } = await list('ops');
    expect(names(items)).toEqual([ids.ineligible, ids.others, ids.closed, ids.mine]);
  });
});
