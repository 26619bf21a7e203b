/**
 * Stored outcomes never stale (issue 19): the jobs list (stored columns) and the job detail (evaluated
 * live) agree after the background re-evaluation, the daily one (a submission window passes) and the one
 * at start (definitions changed), and only the jobs whose outcome changed are written.
 */

import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOW, PASSWORD, PEOPLE, startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import { depsOf, REPO_ROOT } from '../../server/deps.ts';
import { loadRepoDefinitions, readDefinitionSources } from '../../server/definitions.ts';
import { createWorker } from '../../server/worker.ts';
import type { Deps } from '../../server/context.ts';
import type { Definitions } from '../../engine/index.ts';
import { queueDailyRefresh, queueDefinitionsRefresh, refreshHandlers } from '../../server/services/refresh-work.ts';

let s: TestServer;
let clock: Date;
/** WI HEAR with its window closing on 2026-06-30, opening on 2026-07-01, and opened earlier than in the repository. */
let closing: Definitions, notYetOpen: Definitions, openedEarlier: Definitions;

// Loaded before any server starts: a long pause between requests could outlast a kept-alive connection.
beforeAll(() => {
  closing = withWindow('{ from: "2025-01-01", until: "2026-06-30" }');
  notYetOpen = withWindow('{ from: "2026-07-01", until: null }');
  openedEarlier = withWindow('{ from: "2024-01-01", until: null }');
});

beforeEach(async () => {
  clock = NOW;
  s = await startServer({ now: () => clock });
});
afterEach(() => s.close());

/** The repository's definitions with WI HEAR's submission window changed. */
function withWindow(window: string): Definitions {
  const files = readDefinitionSources(REPO_ROOT).map((f) => {
    if (f.path.replaceAll('\\', '/') !== 'program-defs/wi-hear/program.yaml') return f;
    const text = f.text.replace(/accept_submissions: \{[^}]*\}/, `accept_submissions: ${window}`);
    expect(text).not.toBe(f.text);
    return { ...f, text };
  });
  return loadRepoDefinitions(files);
}

/** A Rockland Electric (NJ) job of company A, created by ops: a job of another program than WI HEAR. */
const createRecoJob = () =>
  createJob(s, 'ops', {
    first_name: 'Paula',
    address: '9 Ramapo Valley Rd',
    city: 'Mahwah',
    county: 'Bergen',
    state: 'NJ',
    zip: '07430',
    lat: 41.08,
    lon: -74.14,
    electric_utility: 'Rockland Electric Company',
    gas_utility: 'Public Service Electric and Gas',
    program_id: 'reco',
  });

const drain = (deps: Deps, o: { batch_size?: number; owner?: string } = {}) =>
  createWorker(s.deps.db, { handlers: refreshHandlers(deps, o), now: () => clock, owner: o.owner }).drain();

/** What the jobs list (stored columns) and the job detail's evaluation (live) say of a job. */
async function views(id: number) {
  // Signed in afresh: the clock may have moved past a cached session.
  const login = await s.api<{ token: string }>('POST', '/api/auth/login', {
    body: { email: PEOPLE.contractor_a, password: PASSWORD },
  });
  const token = login.body.token;
  const list = await s.api('GET', '/api/jobs?per_page=100', { token });
  const item = (list.body.items as { id: number; eligibility: string; stage: { number: number } }[]).find(
    (j) => j.id === id,
  )!;
  const detail = await s.api('GET', `/api/jobs/${id}`, { token });
  expect(detail.status).toBe(200);
  return {
    list: { eligibility: item.eligibility, stage: item.stage.number },
    detail: {
      eligibility: detail.body.evaluation.eligibility.status as string,
      stage: detail.body.evaluation.stage.number as number,
    },
  };
}

const row = (id: number) => s.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const keysLike = async (prefix: string) =>
  await s.deps.db
    .selectFrom('work_items')
    .select(['idempotency_key', 'state', 'run_at'])
    .where('idempotency_key', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();

describe('the daily re-evaluation', () => {
  it('brings the list in line with the detail once a submission window has passed, and leaves the rest untouched', async () => {
    s.deps.defs = closing;
    const job = await createJob(s);
    const other = await createRecoJob();
    expect((await row(job.id)).evaluated_on).toBe('2026-06-01');
    const before = await views(job.id);
    expect(before.list).toEqual(before.detail);
    expect(before.detail.eligibility).toBe('pending_more_information');
    const otherBefore = await row(other.id);

    clock = new Date('2026-07-01T09:00:00.000Z');
    // Stale until the daily run: the detail sees the closed window, the list does not.
    const stale = await views(job.id);
    expect(stale.detail.eligibility).toBe('ineligible');
    expect(stale.list.eligibility).toBe('pending_more_information');

    expect((await queueDailyRefresh(s.deps)).created).toBe(true);
    expect(await drain(s.deps)).toBe(1);
    const after = await views(job.id);
    expect(after.list).toEqual(after.detail);
    expect(after.list.eligibility).toBe('ineligible');
    const changed = await row(job.id);
    expect(changed.evaluated_on).toBe('2026-07-01');
    expect(changed.updated_at).toBe(clock.toISOString());
    // The other job's outcome holds: stamped with the day, its updated_at and outcome unchanged.
    const otherAfter = await row(other.id);
    expect(otherAfter.evaluated_on).toBe('2026-07-01');
    expect({ ...otherAfter, evaluated_on: null }).toEqual({ ...otherBefore, evaluated_on: null });
    // The next day's run waits for its midnight.
    expect(await keysLike('definitions.refresh:2026-07-02')).toEqual([
      { idempotency_key: 'definitions.refresh:2026-07-02', state: 'ready', run_at: '2026-07-02T00:00:00.000Z' },
    ]);
  });

  it('is queued once per day, however many instances and workers', async () => {
    const job = await createJob(s);
    clock = new Date('2026-06-02T00:00:05.000Z');
    const other = depsOf(s.database.store, s.deps.config, { now: () => clock, log: () => {} });
    const queued = [await queueDailyRefresh(s.deps), await queueDailyRefresh(other), await queueDailyRefresh(s.deps)];
    expect(queued.map((q) => q.created)).toEqual([true, false, false]);
    const ran = await Promise.all([drain(s.deps, { owner: 'w1' }), drain(other, { owner: 'w2' })]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(await keysLike('definitions.refresh:2026-06-02')).toHaveLength(1);
    expect((await row(job.id)).evaluated_on).toBe('2026-06-02');
    // The day's run is done: queueing it again changes nothing.
    expect((await queueDailyRefresh(other)).created).toBe(false);
    expect(await drain(s.deps)).toBe(0);
  });

  it('continues batch after batch to the last job', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createJob(s)).id);
    const before = await Promise.all(ids.map(row));
    clock = new Date('2026-06-03T08:00:00.000Z');
    await queueDailyRefresh(s.deps);
    expect(await drain(s.deps, { batch_size: 3 })).toBe(3);
    const items = await keysLike('definitions.refresh:2026-06-03');
    expect(items.map((i) => [i.idempotency_key, i.state])).toEqual([
      ['definitions.refresh:2026-06-03', 'done'],
      [`definitions.refresh:2026-06-03:after:${ids[2]}`, 'done'],
      [`definitions.refresh:2026-06-03:after:${ids[5]}`, 'done'],
    ]);
    const after = await Promise.all(ids.map(row));
    expect(after.map((r) => r.evaluated_on)).toEqual(ids.map(() => '2026-06-03'));
    expect(after.map((r) => r.updated_at)).toEqual(before.map((r) => r.updated_at));
  });
});

describe('the re-evaluation at start', () => {
  it('re-evaluates the jobs of changed definitions and leaves the others untouched', async () => {
    const job = await createJob(s);
    const other = await createRecoJob();
    // Nothing differs from the loaded definitions: nothing to queue.
    expect(await queueDefinitionsRefresh(s.deps)).toBeUndefined();
    const jobBefore = await row(job.id);
    const otherBefore = await row(other.id);

    // A restart with WI HEAR's window not open yet: the same database, new definitions.
    clock = new Date(NOW.getTime() + 3_600_000);
    const restarted = depsOf(s.database.store, s.deps.config, { now: () => clock, log: () => {}, defs: notYetOpen });
    const hash = restarted.defs.programs['wi-hear'].hash;
    expect(hash).not.toBe(jobBefore.definition_hash);
    const q = await queueDefinitionsRefresh(restarted);
    expect(q?.created).toBe(true);
    expect((await queueDefinitionsRefresh(restarted))?.created).toBe(false);
    expect(await drain(restarted)).toBe(1);

    const jobAfter = await row(job.id);
    expect(jobAfter.definition_hash).toBe(hash);
    expect(jobAfter.eligibility).toBe('ineligible');
    expect(jobAfter.updated_at).toBe(clock.toISOString());
    expect(await row(other.id)).toEqual(otherBefore);
    // The server answering with the new definitions: list and detail agree; nothing is stale any more.
    s.deps.defs = restarted.defs;
    const v = await views(job.id);
    expect(v.list).toEqual(v.detail);
    expect(v.list.eligibility).toBe('ineligible');
    expect(await queueDefinitionsRefresh(restarted)).toBeUndefined();
  });

  it('stamps a job whose outcome the new definitions do not change, leaving its updated_at', async () => {
    const job = await createJob(s);
    const before = await row(job.id);
    clock = new Date(NOW.getTime() + 3_600_000);
    // A window still open on the day: a new hash, the same outcome.
    const restarted = depsOf(s.database.store, s.deps.config, { now: () => clock, log: () => {}, defs: openedEarlier });
    await queueDefinitionsRefresh(restarted);
    expect(await drain(restarted)).toBe(1);
    const after = await row(job.id);
    expect(after.definition_hash).toBe(restarted.defs.programs['wi-hear'].hash);
    expect({ ...after, definition_hash: null }).toEqual({ ...before, definition_hash: null });
  });
});
