/**
 * Federal reporting (issue 44): the demo's HEAR jobs' records, built by each program's `reporting:` rules, pass the
 * tracking tool's contracts and the simulated tool (sim/tracking) accepts them; a record that misses fields says
 * which, in the program's words; the worker sends a ready record to the tool (REPORTING_URL) and keeps its id, and a
 * second reservation at an address is refused with the tool's reason, shown on the job to ops only; a month's bulk
 * file passes the bulk contract.
 */

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCommand } from '../../server/report-cli.ts';
import { loadConfig } from '../../server/config.ts';
import type { Deps } from '../../server/context.ts';
import { depsOf } from '../../server/deps.ts';
import { API_BACKEND, startServer, type TestServer } from './harness.ts';
import { seededDatabase } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';
import type { Fresh } from '../db/backends.ts';
import { startTrackingSimulator } from '../../sim/tracking/server.ts';
import { checkBulkEnvelope, checkRedemption, checkReservation } from '../../sim/tracking/records.ts';
import { createWorker } from '../../server/worker.ts';
import { reportingHandlers, monthlyFile } from '../../server/workflows/reporting/reporting.service.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { RESERVATION_FIRST } from '../../engine/reporting.ts';

const HEAR = ['ca-heehra', 'ga-hear', 'wi-hear'];
/** The contract's complaints about a record (none when it passes). */
const errorsOf = (r: { errors: unknown[] } | { ok: unknown }) => ('errors' in r ? r.errors : []);
let demo: Fresh;
let d: Deps;
let tool: Awaited<ReturnType<typeof startTrackingSimulator>>;

beforeAll(async () => {
  demo = await seededDatabase({ backend: API_BACKEND, now: SEEDED_NOW });
  d = depsOf(
    demo.store,
    { ...loadConfig({}), database_url: demo.url, database_schema: demo.schema },
    {
      now: () => new Date(SEEDED_NOW),
      log: () => undefined,
    },
  );
  tool = await startTrackingSimulator({ host: '127.0.0.1', port: 0 });
}, 600_000);
afterAll(async () => {
  await tool.close();
  await demo.drop();
});

/** The demo's records, with their job's program. */
const demoRecords = () =>
  d.db
    .selectFrom('tracking_records as t')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .select(['t.id', 't.job_id', 't.kind', 't.measure', 't.state', 't.record', 't.missing', 'j.program_id', 'j.code'])
    .orderBy('t.id')
    .execute();

async function post(path: string, body: unknown) {
  const r = await fetch(`${tool.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('the demo’s HEAR records', () => {
  it('only HEAR programs report; every ready record passes the contract and the simulated tool accepts it', async () => {
    const rows = await demoRecords();
    expect(new Set(rows.map((r) => r.program_id))).toEqual(
      new Set(HEAR.filter((p) => rows.some((r) => r.program_id === p))),
    );
    const ready = rows.filter((r) => r.state === 'pending');
    const reservations = ready.filter((r) => r.kind === 'reservation');
    expect(reservations.length).toBeGreaterThan(3);
    const ids = new Map<string, string>();
    for (const r of reservations) {
      const record = JSON.parse(r.record) as Record<string, unknown>;
      expect(errorsOf(checkReservation(record)), `${r.code} ${r.measure}`).toEqual([]);
      const a = await post('/api/reservations', { ...record, idempotency_key: `${r.code}-${r.measure}` });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      ids.set(`${r.job_id}:${r.measure}`, String(a.body.reservation_id));
    }
    // A paid job's redemption names the tool's reservation: once it is known, it passes and is accepted too.
    const redemptions = rows.filter((r) => r.kind === 'redemption' && ids.has(`${r.job_id}:${r.measure}`));
    let sent = 0;
    for (const r of redemptions) {
      const record = { ...JSON.parse(r.record), reservation_id: ids.get(`${r.job_id}:${r.measure}`) };
      const missing = JSON.parse(r.missing) as string[];
      if (missing.some((m) => m !== RESERVATION_FIRST)) continue;
      expect(errorsOf(checkRedemption(record)), `${r.code} ${r.measure}`).toEqual([]);
      const a = await post('/api/redemptions', { ...record, idempotency_key: `${r.code}-${r.measure}-redemption` });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      sent++;
    }
    expect(sent).toBeGreaterThan(0);
  });

  it('a record that misses fields says which, in the program’s words, and is not ready', async () => {
    const rows = await demoRecords();
    const incomplete = rows.filter((r) => r.state === 'incomplete');
    for (const r of incomplete) expect((JSON.parse(r.missing) as string[]).length).toBeGreaterThan(0);
    // Take the cost split away from a reported job: its redemption says the costs are not separated.
    const paid = rows.find((r) => r.kind === 'redemption');
    expect(paid).toBeDefined();
    const task = await d.db
      .selectFrom('job_tasks')
      .select(['data'])
      .where('job_id', '=', paid!.job_id)
      .where('task_id', '=', 'confirm_project_final_costs')
      .executeTakeFirstOrThrow();
    const data = JSON.parse(task.data!) as Record<string, unknown>;
    delete data.equipment_costs;
    delete data.installation_costs;
    await d.db
      .updateTable('job_tasks')
      .set({ data: JSON.stringify(data) })
      .where('job_id', '=', paid!.job_id)
      .where('task_id', '=', 'confirm_project_final_costs')
      .execute();
    await refreshJob(d, paid!.job_id);
    const after = (await demoRecords()).find((r) => r.id === paid!.id)!;
    expect(after.state).toBe('incomplete');
    expect(JSON.parse(after.missing)).toContain(
      'equipment cost and installation cost are not separated (Confirm project final costs)',
    );
  });

  it('a month’s bulk file passes the bulk contract', async () => {
    const rows = await d.db
      .selectFrom('tracking_records as t')
      .innerJoin('jobs as j', 'j.id', 't.job_id')
      .select(['j.program_id', 't.moment'])
      .where('t.state', '!=', 'incomplete')
      .execute();
    const { program_id, moment } = rows[0];
    const { file, errors } = await monthlyFile(d, program_id, moment.slice(0, 7));
    expect(errors).toEqual([]);
    expect(errorsOf(checkBulkEnvelope(file))).toEqual([]);
    expect(file.records.length).toBeGreaterThan(0);
  });

  it('rebate report writes the bulk file of a month; a month with nothing ready exits 1, a bad month 2', async () => {
    const rows = await d.db
      .selectFrom('tracking_records as t')
      .innerJoin('jobs as j', 'j.id', 't.job_id')
      .select(['j.program_id', 't.moment'])
      .where('t.state', '!=', 'incomplete')
      .execute();
    const { program_id, moment } = rows[0];
    const env = { DATABASE_URL: demo.url, ...(demo.schema ? { DATABASE_SCHEMA: demo.schema } : {}) };
    const out = join(mkdtempSync(join(tmpdir(), 'rebate-report-')), 'file.json');
    const said: string[] = [];
    const code = await reportCommand(
      [program_id, '--month', moment.slice(0, 7), '--out', out],
      env,
      () => {},
      (x) => {
        said.push(x);
      },
    );
    expect(code, said.join('\n')).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8')) as { records: unknown[]; reporting_month: string };
    expect(errorsOf(checkBulkEnvelope(file))).toEqual([]);
    expect(file.reporting_month).toBe(moment.slice(0, 7));
    expect(said.join('\n')).toContain(`record(s) of ${program_id} for ${moment.slice(0, 7)} written`);
    expect(
      await reportCommand(
        [program_id, '--month', '1999-01'],
        env,
        () => {},
        () => {},
      ),
    ).toBe(1);
    expect(
      await reportCommand(
        [program_id, '--month', '2026-1'],
        env,
        () => {},
        () => {},
      ),
    ).toBe(2);
    expect(
      await reportCommand(
        [program_id],
        env,
        () => {},
        () => {},
      ),
    ).toBe(2);
  });
});

describe('sent in real time', () => {
  let s: TestServer;
  let own: Awaited<ReturnType<typeof startTrackingSimulator>>;
  beforeAll(async () => {
    own = await startTrackingSimulator({ host: '127.0.0.1', port: 0 });
    s = await startServer({ config: { reporting_url: own.url } });
  });
  afterAll(async () => {
    await s.close();
    await own.close();
  });

  it('the worker sends a ready record and keeps the tool’s id; a second reservation at an address is refused, shown to ops only', async () => {
    // Two demo-like jobs at one address: the demo's first ready reservation, copied onto two fresh jobs.
    const rows = await demoRecords();
    const source = rows.find((r) => r.kind === 'reservation' && r.state === 'pending')!;
    const worker = createWorker(s.deps.db, { handlers: reportingHandlers(s.deps) });
    const jobs: number[] = [];
    for (const code of ['TRK1', 'TRK2']) {
      const at = new Date().toISOString();
      const id = await s.deps.db
        .insertInto('jobs')
        .values({
          code,
          first_name: 'Rita',
          last_name: 'Reporter',
          full_name: 'Rita Reporter',
          address: '12 Tracking Way',
          city: 'Atlanta',
          state: 'GA',
          zip: '30303',
          program_id: source.program_id,
          contractor_id: s.ids.contractor_a,
          created_at: at,
          updated_at: at,
          stage_entered_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      jobs.push(id.id);
      await s.deps.db
        .insertInto('tracking_records')
        .values({
          job_id: id.id,
          measure: source.measure,
          kind: 'reservation',
          state: 'pending',
          record: source.record,
          missing: '[]',
          moment: at.slice(0, 10),
          updated_at: at,
        })
        .execute();
      const row = await s.deps.db
        .selectFrom('tracking_records')
        .select('id')
        .where('job_id', '=', id.id)
        .executeTakeFirstOrThrow();
      await s.deps.db
        .insertInto('work_items')
        .values({
          kind: 'reporting.send',
          idempotency_key: `reporting:send:${row.id}:test`,
          payload: JSON.stringify({ id: row.id }),
          max_attempts: 3,
          run_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    expect(await worker.drain()).toBe(2);
    const first = (await s.api('GET', `/api/jobs/${jobs[0]}`, { as: 'ops' })).body.reporting;
    const second = (await s.api('GET', `/api/jobs/${jobs[1]}`, { as: 'ops' })).body.reporting;
    expect(first[0]).toMatchObject({ state: 'accepted', tool_id: expect.stringMatching(/^RSV-/), errors: [] });
    expect(second[0]).toMatchObject({ state: 'refused', tool_id: null });
    expect(second[0].errors[0].message).toMatch(/already active at this address/);
    const history = (await s.api('GET', `/api/jobs/${jobs[1]}/history`, { as: 'ops' })).body.items as {
      type: string;
    }[];
    expect(history.map((h) => h.type)).toContain('tracking_record_refused');
    // The contractor reads the job, not its reporting.
    expect((await s.api('GET', `/api/jobs/${jobs[1]}`, { as: 'contractor_a' })).body.reporting).toBeUndefined();
    // Sent once: the worker has nothing more to do.
    expect(await worker.drain()).toBe(0);
  });

  it('ops download a month’s bulk file; a bad month is 422, a program that reports nothing 404', async () => {
    expect((await s.api('GET', '/api/programs/ga-hear/tracking-report?month=2026-13', { as: 'ops' })).status).toBe(422);
    expect((await s.api('GET', '/api/programs/reco/tracking-report?month=2026-05', { as: 'ops' })).status).toBe(404);
    expect(
      (await s.api('GET', '/api/programs/ga-hear/tracking-report?month=2026-05', { as: 'contractor_a' })).status,
    ).toBe(403);
  });

  it('a program’s page says what it reports (the card ops download the bulk file from), and null for one that does not', async () => {
    expect((await s.api('GET', '/api/programs/ga-hear', { as: 'ops' })).body.reporting).toEqual({
      program: 'HEAR',
      state: 'GA',
      mode: 'real_time',
    });
    expect((await s.api('GET', '/api/programs/reco', { as: 'ops' })).body.reporting).toBeNull();
  });
});
