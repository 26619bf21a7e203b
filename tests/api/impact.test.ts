/**
 * POST /api/programs/{id}/impact: proposed definition files evaluated against the program's live jobs.
 * A lowered cap changes the rebate of the jobs that reach it by the difference, and only theirs; a
 * canceled job is not evaluated; a proposal the loader refuses answers 422 at its line; only ops may ask;
 * nothing is written.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { repoDefinitionSources } from '../../server/deps.ts';
import { impactReport, type ImpactJob } from '../../engine/index.ts';
import { todayOf } from '../../server/context.ts';
import { impactJobPages, impactOfJobs, loadProposed, proposedSources } from '../../server/services/impact.service.ts';
import { impactInThreads, ThreadStartError } from '../../server/services/impact-threads.ts';

let s: TestServer;
const FILE = 'program-defs/wi-hear/program.yaml';
const source = repoDefinitionSources().find((f) => f.path === FILE)!.text;
const CAP_LINE = '    heat_pump: 800000';
/** The 1-based line of the heat pump cap in the server's program.yaml. */
const capLine = source.split('\n').indexOf(CAP_LINE) + 1;
const withCap = (line: string) => source.replace(CAP_LINE, line);
const impact = (text: string, as: 'ops' | 'contractor_a' | 'homeowner' = 'ops') =>
  s.api('POST', '/api/programs/wi-hear/impact', { as, body: { files: [{ path: FILE, text }] } });

/** A WI HEAR job with the Apply tasks answered (eligible, low income) and the given services. */
async function appliedJob(services: string[]) {
  const job = await createJob(s);
  for (const [task, form, data] of WI_HEAR_APPLY) {
    const r = await submit(
      s,
      'contractor_a',
      job.id,
      task,
      form,
      task === 'provide_services' ? { ...data, services_being_installed: services } : data,
    );
    expect(r.status, `${task}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  return job;
}

let heatPump: { id: number; code: string };
let canceled: { id: number; code: string };
beforeAll(async () => {
  s = await startServer();
  expect(capLine).toBeGreaterThan(0);
  heatPump = await appliedJob(['heat_pump', 'panel']);
  await appliedJob(['panel']);
  canceled = await appliedJob(['heat_pump']);
  expect(
    (await s.api('PATCH', `/api/jobs/${canceled.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } })).status,
  ).toBe(200);
});
afterAll(() => s.close());

const stored = (id: number) => s.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the impact of proposed definition files', () => {
  it('a lowered heat pump cap lowers the rebate of the job that reaches it by the difference, and says why', async () => {
    const before = await stored(heatPump.id);
    // The estimate (22,000.00 at 100%) is over the cap: the heat pump line is the cap.
    expect(before.rebate_max_cents).toBeGreaterThanOrEqual(800000);
    const r = await impact(withCap('    heat_pump: 650000'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The canceled job is not evaluated: two live jobs; the panel-only job reads no heat pump cap.
    expect(r.body.jobs_evaluated).toBe(2);
    expect(r.body.changed.rebate).toBe(1);
    expect(r.body.changed.eligibility.count).toBe(0);
    expect(r.body.jobs.map((j: { code: string }) => j.code)).toEqual([heatPump.code]);
    const [job] = r.body.jobs;
    expect(job.before.rebate_max_cents).toBe(before.rebate_max_cents);
    expect(job.after.rebate_max_cents).toBe(before.rebate_max_cents! - 150000);
    expect(job.county).toBe('Milwaukee');
    expect(job.because.join(' ')).toContain('heat_pump');
    expect(r.body.dollars).toEqual({
      total_cents: -150000,
      by_program: { 'wi-hear': -150000 },
      by_county: { Milwaukee: -150000 },
    });
    // Nothing written: the stored outcome is the current definition's.
    expect(await stored(heatPump.id)).toEqual(before);
  });

  it('the server’s own file unchanged: nothing changes', async () => {
    const r = await impact(source);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      jobs_evaluated: 2,
      changed: { stage: 0, tasks: 0, rebate: 0, eligibility: { count: 0 } },
      dollars: { total_cents: 0 },
      jobs: [],
    });
  });

  it('a file that is not YAML answers 422 with the error at its line', async () => {
    const r = await impact(withCap('    heat_pump: [800000'));
    expect(r.status).toBe(422);
    expect(r.body.diagnostics.length).toBeGreaterThan(0);
    expect(r.body.diagnostics[0]).toMatchObject({ file: FILE });
    expect(r.body.diagnostics[0].line).toBeGreaterThanOrEqual(capLine);
    expect(r.body.detail).toContain(FILE);
  });

  it('a cap that is not a number answers 422 at the cap’s line', async () => {
    const r = await impact(withCap('    heat_pump: lots'));
    expect(r.status).toBe(422);
    expect(r.body.diagnostics).toContainEqual(expect.objectContaining({ file: FILE, line: capLine }));
  });

  it('a path that is not a definition file, or an unknown program, changes nothing and says so', async () => {
    const bad = await s.api('POST', '/api/programs/wi-hear/impact', {
      as: 'ops',
      body: { files: [{ path: '../etc/passwd', text: 'x' }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('is not one of the definition files');
    const twice = await s.api('POST', '/api/programs/wi-hear/impact', {
      as: 'ops',
      body: {
        files: [
          { path: FILE, text: source },
          { path: FILE, text: source },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(
      (
        await s.api('POST', '/api/programs/no-such/impact', {
          as: 'ops',
          body: { files: [{ path: FILE, text: source }] },
        })
      ).status,
    ).toBe(404);
    expect((await s.api('POST', '/api/programs/wi-hear/impact', { as: 'ops', body: { files: [] } })).status).toBe(422);
  });

  it('only ops may ask', async () => {
    expect((await impact(source, 'contractor_a')).status).toBe(403);
    expect((await impact(source, 'homeowner')).status).toBe(403);
    expect(
      (await s.api('POST', '/api/programs/wi-hear/impact', { body: { files: [{ path: FILE, text: source }] } })).status,
    ).toBe(401);
  });

  it('reported in worker threads, the report is the very one a single thread makes, pinned pages and all', async () => {
    const current = s.deps.defs;
    const files = [{ path: FILE, text: withCap('    heat_pump: 650000') }];
    const sources = { current: repoDefinitionSources(), proposed: proposedSources(repoDefinitionSources(), files) };
    const proposed = loadProposed(sources.proposed, files);
    const today = todayOf(s.deps);
    const live: ImpactJob[] = [];
    for await (const page of impactJobPages(s.deps.db, current, proposed)) live.push(...page);
    expect(live.length).toBeGreaterThan(1);
    // Many small pages (the live jobs again and again, some pinned: their programs objects of this thread), so that
    // both threads take pages and answer them out of order.
    const all: ImpactJob[] = [];
    const pages: ImpactJob[][] = [];
    for (let i = 0; i < 24; i++) {
      const page = live.map((j) => ({ ...j, code: `${j.code}-${i}` }));
      if (i % 5 === 3) page[0].programs = { before: current.programs['wi-hear'], after: proposed.programs['wi-hear'] };
      pages.push(page);
      all.push(...page);
    }
    async function* read() {
      yield* pages;
    }
    const alone = impactReport(current, proposed, all, today);
    expect(alone.jobs.length).toBeGreaterThanOrEqual(pages.length);
    const threaded = await impactInThreads(read(), { current, proposed, sources, today, threads: 2 });
    expect(threaded).toEqual(alone);

    // Through the service, from no jobs on: the same as without threads.
    const one = await impactOfJobs(s.deps.db, current, proposed, today, 'wi-hear');
    expect(
      await impactOfJobs(s.deps.db, current, proposed, today, 'wi-hear', { sources, from_jobs: 0, threads: 2 }),
    ).toEqual(one);
    expect(one.changed.rebate).toBe(1);
  }, 60_000);

  it('a thread whose files are not the definitions evaluated here does not start; the service reports in its own thread', async () => {
    const current = s.deps.defs;
    const files = [{ path: FILE, text: withCap('    heat_pump: 650000') }];
    const proposedFiles = proposedSources(repoDefinitionSources(), files);
    const proposed = loadProposed(proposedFiles, files);
    const today = todayOf(s.deps);
    // The current side given the proposed files: wi-hear's hash differs.
    const wrong = { current: proposedFiles, proposed: proposedFiles };
    async function* none(): AsyncGenerator<ImpactJob[]> {}
    const e = await impactInThreads(none(), { current, proposed, sources: wrong, today, threads: 2 }).catch((x) => x);
    expect(e).toBeInstanceOf(ThreadStartError);
    expect((e as Error).message).toMatch(/not the ones evaluated/);
    const one = await impactOfJobs(s.deps.db, current, proposed, today, 'wi-hear');
    expect(
      await impactOfJobs(s.deps.db, current, proposed, today, 'wi-hear', { sources: wrong, from_jobs: 0, threads: 2 }),
    ).toEqual(one);
  }, 60_000);
});
