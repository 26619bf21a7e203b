/**
 * Household limits and exclusions over HTTP, on both backends (issue 41): two WI HEAR jobs at one address (written
 * differently) together never pass the 14,000.00 HEAR household limit, the later one's rebate says what the household
 * took and ops' explanation names the earlier job, another company's contractor does not read its code; canceling
 * the earlier job frees the limit; a third heat pump at one address gets no CA TECH heat pump line.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

type Line = { id: string; kind: string; amount_cents: number; description?: string; explanation?: string };
type Incentive = { final_cents: number | null; range: { max_cents: number }; lines: Line[] };

/** Writes a task's answers as the engine reads them, then evaluates the job (and the household after it). */
async function answer(jobId: number, taskId: string, data: Record<string, unknown>) {
  await tasksDb.writeTask(
    s.deps.db,
    {
      job_id: jobId,
      task_id: taskId,
      status: 'COMPLETE',
      data,
      draft: null,
      owner_override: null,
      exceptions: null,
      updated_at: new Date().toISOString(),
      updated_by: null,
    },
    (await tasksDb.getTask(s.deps.db, jobId, taskId))?.version ?? 0,
  );
  await refreshJob(s.deps, jobId);
}

/** A low-income WI HEAR job at `address` installing a heat pump and a panel, its final costs given. */
async function hearJob(
  address: string,
  as: 'contractor_a' | 'contractor_b',
  costs: Record<string, number>,
  site: { zip?: string } = {},
) {
  const job = await createJob(s, as, { address, ...site });
  await answer(job.id, 'review_income_qualification', { income_level: 'below_ami_80' });
  await answer(job.id, 'provide_services', { services_being_installed: Object.keys(costs) });
  await answer(job.id, 'confirm_project_final_costs', { total_measure_costs: costs });
  return job;
}
const incentiveOf = async (id: number, as: 'ops' | 'contractor_a' | 'contractor_b' = 'ops') =>
  (await s.api('GET', `/api/jobs/${id}`, { as })).body.evaluation.incentive as Incentive;

describe('household limits', () => {
  it('two HEAR jobs at one address never pass 14,000.00 together; the later one says so; canceling frees it', async () => {
    const first = await hearJob('77 Lake Drive', 'contractor_a', { heat_pump: 800_000, panel: 400_000 });
    expect((await incentiveOf(first.id)).final_cents).toBe(1_200_000);
    // The same house written another way, by another company.
    const second = await hearJob('77 LAKE DR.', 'contractor_b', { heat_pump: 800_000, panel: 400_000 });
    const later = await incentiveOf(second.id);
    expect(later.final_cents).toBe(200_000);
    expect(1_200_000 + later.final_cents!).toBeLessThanOrEqual(1_400_000);
    const cut = later.lines.find((l) => l.id === 'hear_household_limit')!;
    expect(cut).toMatchObject({ kind: 'household_limit', amount_cents: -1_000_000 });
    expect(cut.description).toBe(
      '14,000.00 per household; other rebates at this address took 12,000.00, 2,000.00 is left for this job.',
    );
    // Ops read which job used the limit; the other company's contractor does not read its code.
    expect(cut.explanation).toContain(`job ${first.code} (WI HEAR) 12,000.00`);
    const theirs = await s.api('GET', `/api/jobs/${second.id}`, { as: 'contractor_b' });
    expect(JSON.stringify(theirs.body)).not.toContain(first.code);
    expect(theirs.body.rebate.final_cents).toBe(200_000);
    // The list reads the same figure.
    const listed = (await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items.find(
      (j: { id: number }) => j.id === second.id,
    );
    expect(listed.rebate.final_cents).toBe(200_000);

    // Another unit is another household.
    const flat = await hearJob('77 Lake Drive Apt 2', 'contractor_a', { heat_pump: 800_000, panel: 400_000 });
    expect((await incentiveOf(flat.id)).final_cents).toBe(1_200_000);

    // The earlier job canceled: its share is the later one's again, without anyone touching the later job.
    expect(
      (await s.api('PATCH', `/api/jobs/${first.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } })).status,
    ).toBe(200);
    expect((await incentiveOf(second.id)).final_cents).toBe(1_200_000);
    const relisted = (await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items.find(
      (j: { id: number }) => j.id === second.id,
    );
    expect(relisted.rebate.final_cents).toBe(1_200_000);
  });

  it('a ZIP+4 is the same household as its five digits; the next postal code is another', async () => {
    const costs = { heat_pump: 800_000, panel: 400_000 };
    const plusFour = await hearJob('9 Birch Ct', 'contractor_a', costs, { zip: '53209-4411' });
    expect((await incentiveOf(plusFour.id)).final_cents).toBe(1_200_000);
    const five = await hearJob('9 Birch Court', 'contractor_a', costs, { zip: '53209' });
    expect((await incentiveOf(five.id)).final_cents).toBe(200_000);
    const nextCode = await hearJob('9 Birch Ct', 'contractor_a', costs, { zip: '53210' });
    expect((await incentiveOf(nextCode.id)).final_cents).toBe(1_200_000);
  });

  it('CA TECH: a third heat pump at one address gets no heat pump line, and says why', async () => {
    const site = {
      program_id: 'ca-tech',
      address: '12 Olive Ave',
      city: 'Fresno',
      county: 'Fresno',
      state: 'CA',
      zip: '93701',
      lat: 36.74,
      lon: -119.78,
      electric_utility: 'Pacific Gas and Electric',
      gas_utility: 'Pacific Gas and Electric',
    };
    const jobs = [];
    for (let i = 0; i < 3; i++) {
      const job = await createJob(s, 'contractor_a', site);
      await answer(job.id, 'provide_services', {
        services_being_installed: ['heat_pump'],
        services_being_removed: ['gas_furnace'],
        existing_heating_plan: 'remove',
        estimated_total_project_cost: 18000,
      });
      jobs.push(job);
    }
    const lineOf = async (id: number) => (await incentiveOf(id)).lines.find((l) => l.id === 'heat_pump')!;
    expect((await lineOf(jobs[0].id)).amount_cents).toBeGreaterThan(0);
    expect((await lineOf(jobs[1].id)).amount_cents).toBeGreaterThan(0);
    const third = await lineOf(jobs[2].id);
    expect(third.amount_cents).toBe(0);
    expect((third as Line & { not_qualified?: string }).not_qualified).toBe(
      'Heat pumps per household: 2 other jobs at this address already have this rebate (at most 2 per household).',
    );
    expect(third.explanation).toContain(`job ${jobs[0].code} (CA TECH), job ${jobs[1].code} (CA TECH)`);
  });
});
