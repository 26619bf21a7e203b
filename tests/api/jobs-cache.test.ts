/**
 * The jobs list's cached pages (server/services/jobs.service.ts listJobsJson): a page is served again
 * only to a caller who would get the same answer (same role, user and company: never another company's
 * jobs, never ops' internal fields to anyone else), only while the shared jobs version has not moved
 * (a write here or through another instance is seen by the next read), and only until one of its
 * days-in-stage figures would change.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, startServer, type Person, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import { insertJob, updateJob } from '../../server/db/jobs.db.ts';
import { updateContractor } from '../../server/db/contractors.db.ts';

interface Item {
  id: number;
  full_name: string;
  contractor_id: number | null;
  contractor: string | null;
  days_in_stage: number;
}
interface Page {
  items: Item[];
  total: number;
}

describe('GET /api/jobs: cached pages', () => {
  let s: TestServer;
  const list = async (as: Person, query = '') => (await s.api<Page>('GET', `/api/jobs${query}`, { as })).body;
  beforeAll(async () => {
    s = await startServer();
    const a = await createJob(s, 'contractor_a', { first_name: 'Ada', last_name: 'Cached' });
    await createJob(s, 'contractor_b', { first_name: 'Ben', last_name: 'Cached' });
    await updateJob(s.deps.db, a.id, { exception_notes: 'ops only', ops_owner: s.ids.users.ops });
  });
  afterAll(() => s.close());

  it("never serves one caller's page to another: each company its own jobs, internal fields to ops only", async () => {
    // The same query by everyone, twice over, so each answer could have come from another's cached page.
    for (let round = 0; round < 2; round++) {
      const ops = await list('ops');
      const a = await list('contractor_a');
      const b = await list('contractor_b');
      const homeowner = await list('homeowner');
      expect(ops.total).toBe(2);
      expect(ops.items.find((i) => i.contractor_id === s.ids.contractor_a)).toMatchObject({
        exception_notes: 'ops only',
        ops_owner: s.ids.users.ops,
      });
      expect(a.items.map((i) => i.full_name)).toEqual(['Ada Cached']);
      expect(b.items.map((i) => i.full_name)).toEqual(['Ben Cached']);
      for (const item of [...a.items, ...b.items]) {
        expect(item).not.toHaveProperty('exception_notes');
        expect(item).not.toHaveProperty('ops_owner');
      }
      expect(homeowner.total).toBe(0);
    }
  });

  it('a write moves the version: the next read is fresh, whether the write came through this instance or another', async () => {
    const before = await list('contractor_a', '?q=Cached');
    const made = await createJob(s, 'contractor_a', { first_name: 'Cy', last_name: 'Cached' });
    const after = await list('contractor_a', '?q=Cached');
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((i) => i.id)).toContain(made.id);
    // Another instance on the same database renames the job, then the company.
    const other = await s.database.another();
    await updateJob(other.kysely, made.id, { full_name: 'Cy Renamed-Cached' });
    expect((await list('contractor_a', '?q=Cached')).items.find((i) => i.id === made.id)?.full_name).toBe(
      'Cy Renamed-Cached',
    );
    await updateContractor(other.kysely, s.ids.contractor_a, { name: 'Company A Renamed' });
    expect((await list('contractor_a', '?q=Cached')).items.every((i) => i.contractor === 'Company A Renamed')).toBe(
      true,
    );
  });
});

describe('GET /api/jobs: a cached page and the clock', () => {
  let s: TestServer;
  let now = NOW;
  beforeAll(async () => {
    s = await startServer({ now: () => now });
  });
  afterAll(() => s.close());

  it('is presented again once a days-in-stage figure would change, within the same day', async () => {
    // Entered its stage 20 hours before NOW (15:00 UTC): 0 days now, 1 day from 19:00 the same day.
    const entered = new Date(NOW.getTime() - 20 * 3_600_000).toISOString();
    const id = await insertJob(s.deps.db, {
      code: 'CLOCK1',
      first_name: 'Tim',
      last_name: 'Clockwork',
      full_name: 'Tim Clockwork',
      address: '1 Dial St',
      program_id: 'wi-hear',
      contractor_id: s.ids.contractor_a,
      created_at: entered,
      updated_at: entered,
      stage_entered_at: entered,
    });
    const days = async () =>
      (await s.api<Page>('GET', '/api/jobs?q=Clockwork', { as: 'ops' })).body.items.find((i) => i.id === id)
        ?.days_in_stage;
    expect(await days()).toBe(0);
    now = new Date(NOW.getTime() + 3_999_000);
    expect(await days()).toBe(0);
    now = new Date(NOW.getTime() + 4 * 3_600_000);
    expect(await days()).toBe(1);
    expect(now.toISOString().slice(0, 10)).toBe(NOW.toISOString().slice(0, 10));
  });
});
