/**
 * One evaluation per write: the engine runs once for a draft save or a submission (after the write);
 * the check before it, the answer and the reads that follow use that result. Counted, not timed.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRuns } from '../../server/services/evaluation.ts';
import { startServer, type TestServer } from './harness.ts';
import { createJob, filled } from './fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function runsOf(f: () => Promise<unknown>): Promise<number> {
  const before = engineRuns.count;
  await f();
  return engineRuns.count - before;
}

describe('engine runs per call', () => {
  it('a draft save runs the engine once; reading the task and the job after it runs it no more', async () => {
    const job = await createJob(s);
    await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    const task = job.tasks.find((t) => t.id === 'provide_homeowner_details')!;
    let saved: { status: number; body: { version: number } } | undefined;
    expect(
      await runsOf(
        async () =>
          (saved = await s.api('PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
            as: 'contractor_a',
            body: { data: { number_of_occupants: 3 }, version: task.version },
          })),
      ),
    ).toBe(1);
    expect(saved!.status).toBe(200);
    expect(await runsOf(() => s.api('GET', `/api/jobs/${job.id}/tasks/${task.id}`, { as: 'contractor_a' }))).toBe(0);
    expect(await runsOf(() => s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' }))).toBe(0);

    // A submission: validated against the facts of that same evaluation, then evaluated once after.
    let submitted: { status: number } | undefined;
    const data = filled('home_details', { the_site_building_type: 'SINGLE_FAMILY_DETACHED', renter_or_owner: 'owner' });
    expect(
      await runsOf(
        async () =>
          (submitted = await s.api('POST', `/api/jobs/${job.id}/tasks/${task.id}/submit`, {
            as: 'contractor_a',
            body: { data, version: saved!.body.version },
          })),
      ),
    ).toBe(1);
    expect(submitted!.status).toBe(200);
  });

  it('a refused save (stale version) runs the engine no more than the check before it', async () => {
    const job = await createJob(s);
    await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    const task = job.tasks.find((t) => t.id === 'provide_homeowner_details')!;
    const r = { status: 0 };
    expect(
      await runsOf(async () =>
        Object.assign(
          r,
          await s.api('PUT', `/api/jobs/${job.id}/tasks/${task.id}/draft`, {
            as: 'contractor_a',
            body: { data: {}, version: task.version + 5 },
          }),
        ),
      ),
    ).toBe(0);
    expect(r.status).toBe(409);
  });
});
