/**
 * Inspectors over HTTP (issue 43), on SQLite and on PostgreSQL: ops give a third-party inspector a sign-in, see every
 * sampled review in the inspection queue (filtered by program, contractor, inspector, state, due), and assign and
 * reassign one (each in the job's history). An inspector sees only the inspections assigned to them (another's, or one
 * reassigned away, answers 404) and never a job's own routes (403); they record the outcome of theirs, which moves the
 * contractor's standing as an outcome ops record does and opens a corrective action on a failure.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { recoJobAtPayment, reviewBody } from './fixtures.ts';
import { readOutbox } from '../../server/db/settings.db.ts';
import type { Inspection, InspectionList, Inspector } from '../../engine/api/inspections.ts';

let s: TestServer;
const clock = new Date('2026-06-01T15:00:00.000Z');
let job: { id: number; code: string };
let other: { id: number; code: string };

beforeAll(async () => {
  s = await startServer({ now: () => clock });
  // A provisional company's first RECO jobs are sampled for both reviews when they reach enrollment.
  job = await recoJobAtPayment(s, { at: clock });
  other = await recoJobAtPayment(s, { at: clock, contractor_id: s.ids.contractor_b });
});
afterAll(() => s.close());

const queue = async (query = '', as: 'ops' | 'inspector' = 'ops') =>
  (await s.api<InspectionList>('GET', `/api/inspections${query}`, { as })).body.items;

describe('inspections', () => {
  it('ops see every sampled review, soonest due first, with why it was sampled and when it is due', async () => {
    const items = await queue();
    const mine = items.filter((i) => i.job_id === job.id);
    expect(mine.map((i) => i.review_id).sort()).toEqual(['desk_review', 'field_inspection']);
    const field = mine.find((i) => i.review_id === 'field_inspection')!;
    expect(field).toMatchObject({
      job_code: job.code,
      kind: 'field_inspection',
      program_id: 'reco',
      contractor: { id: s.ids.contractor_a, name: 'Company A Heating' },
      state: 'unassigned',
      inspector: null,
      overdue: false,
    });
    expect(field.address).toMatch(/Payee Lane, Mahwah, NJ 07430/);
    expect(field.explanation).toMatch(/first 3/);
    // RECO's reviews are due in the default 14 days after the decision.
    expect(Date.parse(field.due_at) - Date.parse(field.decided_at)).toBe(14 * 86_400_000);
    expect(items.map((i) => i.due_at)).toEqual([...items.map((i) => i.due_at)].sort());
    // Filters: by contractor, by program, by state; a bad filter is a 400 that says which.
    expect((await queue(`?contractor_id=${s.ids.contractor_b}`)).every((i) => i.job_id === other.id)).toBe(true);
    expect(await queue('?program_id=wi-hear')).toEqual([]);
    expect((await queue('?state=unassigned')).length).toBe(items.length);
    const bad = await s.api('GET', '/api/inspections?state=lost', { as: 'ops' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('state must be one of unassigned, assigned, passed, failed');
    expect((await s.api('GET', '/api/inspections?due=someday', { as: 'ops' })).status).toBe(400);
    expect((await s.api('GET', '/api/inspections?contractor_id=abc', { as: 'ops' })).status).toBe(400);
  });

  it('ops give an inspector a sign-in: mailed a link; a taken email is refused', async () => {
    const r = await s.api<Inspector>('POST', '/api/inspectors', {
      as: 'ops',
      body: { name: 'Nora Field', email: 'nora@inspections.test' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Nora Field', email: 'nora@inspections.test', assigned: 0 });
    expect((await readOutbox(s.deps.db, 20)).some((m) => m.to_address === 'nora@inspections.test')).toBe(true);
    const again = await s.api('POST', '/api/inspectors', {
      as: 'ops',
      body: { name: 'Nora Again', email: 'NORA@inspections.test' },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('A user with this email already exists.');
    expect((await s.api('POST', '/api/inspectors', { as: 'ops', body: { name: 'X', email: 'nope' } })).status).toBe(
      422,
    );
    const list = await s.api<{ items: Inspector[] }>('GET', '/api/inspectors', { as: 'ops' });
    expect(list.body.items.map((i) => i.name)).toEqual(['Ivy Inspector', 'Nora Field']);
  });

  it('an inspector sees only what is assigned to them, records its outcome, and never reads a job', async () => {
    const path = `/api/jobs/${job.id}/quality/field_inspection`;
    // Nothing assigned yet: an empty day, and the inspection is as if it did not exist.
    expect(await queue('', 'inspector')).toEqual([]);
    expect((await s.api('GET', path, { as: 'inspector' })).status).toBe(404);
    // Assigning someone who is not an inspector is refused with the field named.
    const wrong = await s.api('PUT', `${path}/inspector`, { as: 'ops', body: { inspector_id: s.ids.users.ops } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ path: 'inspector_id' });
    const assigned = await s.api<Inspection>('PUT', `${path}/inspector`, {
      as: 'ops',
      body: { inspector_id: s.ids.users.inspector },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ state: 'assigned', inspector: { name: 'Ivy Inspector' } });
    // Their inspection lists the checklists of this job: every job's, and the heat pump's (its only measure).
    expect((await s.api<Inspection>('GET', path, { as: 'inspector' })).body.checklists).toEqual([
      { form: 'qa_field_inspection', title: 'Field inspection checklist' },
      { form: 'qa_heat_pump', title: 'Heat pump checklist' },
    ]);
    // Their day holds that one inspection only, with the homeowner to call.
    const day = await queue('', 'inspector');
    expect(day.map((i) => [i.job_id, i.review_id])).toEqual([[job.id, 'field_inspection']]);
    expect(day[0].homeowner.name).toMatch(/^Paula Payee/);
    // A filter of ops' never widens an inspector's list.
    expect(await queue(`?inspector_id=${s.ids.users.ops}`, 'inspector')).toHaveLength(1);
    // The same job's desk review is not theirs; nor is the other company's job; nor any job route.
    expect((await s.api('GET', `/api/jobs/${job.id}/quality/desk_review`, { as: 'inspector' })).status).toBe(404);
    const deskOutcome = await s.api('POST', `/api/jobs/${job.id}/quality/desk_review/outcome`, {
      as: 'inspector',
      body: await reviewBody(s, job.id, 'desk_review', { outcome: 'pass' }),
    });
    expect(deskOutcome.status).toBe(404);
    expect((await s.api('GET', `/api/jobs/${other.id}/quality/field_inspection`, { as: 'inspector' })).status).toBe(
      404,
    );
    for (const denied of [`/api/jobs/${job.id}`, '/api/jobs', `/api/jobs/${job.id}/history`, '/api/contractor'])
      expect((await s.api('GET', denied, { as: 'inspector' })).status, denied).toBe(403);
    // They fail it: a corrective action opens, the standing's outcomes count it, and the job's history names it.
    const failed = await s.api('POST', `${path}/outcome`, {
      as: 'inspector',
      body: await reviewBody(s, job.id, 'field_inspection', { outcome: 'fail', note: 'Condensate line not trapped' }),
    });
    expect([failed.status, failed.body.outcome, failed.body.finding]).toEqual([
      200,
      'fail',
      'Condensate line not trapped',
    ]);
    const seen = await s.api<Inspection>('GET', path, { as: 'inspector' });
    expect(seen.body).toMatchObject({ state: 'failed', outcome_note: 'Condensate line not trapped' });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    const decision = detail.body.quality.find((q: { review_id: string }) => q.review_id === 'field_inspection');
    expect(decision).toMatchObject({ outcome: 'fail', corrective_action: { state: 'open' } });
    expect(detail.body.quality_hold).toBeTruthy();
    const history = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    const types = (history.body.items as { type: string }[]).map((h) => h.type);
    expect(types).toEqual(expect.arrayContaining(['inspection_assigned', 'quality_outcome_recorded']));
    const quality = await s.api('GET', `/api/contractors/${s.ids.contractor_a}/quality`, { as: 'ops' });
    expect(quality.body.programs.find((p: { program_id: string }) => p.program_id === 'reco')).toMatchObject({
      failed: 1,
    });
  });

  it('reassigned, the inspection leaves the first inspector’s day and its history says who had it', async () => {
    const nora = (await s.api<{ items: Inspector[] }>('GET', '/api/inspectors', { as: 'ops' })).body.items.find(
      (i) => i.name === 'Nora Field',
    )!;
    const path = `/api/jobs/${other.id}/quality/field_inspection`;
    await s.api('PUT', `${path}/inspector`, { as: 'ops', body: { inspector_id: s.ids.users.inspector } });
    expect((await queue('', 'inspector')).some((i) => i.job_id === other.id)).toBe(true);
    const moved = await s.api<Inspection>('PUT', `${path}/inspector`, { as: 'ops', body: { inspector_id: nora.id } });
    expect(moved.body.inspector).toEqual({ id: nora.id, name: 'Nora Field' });
    expect((await queue('', 'inspector')).some((i) => i.job_id === other.id)).toBe(false);
    expect((await s.api('GET', path, { as: 'inspector' })).status).toBe(404);
    const late = await s.api('POST', `${path}/outcome`, {
      as: 'inspector',
      body: await reviewBody(s, other.id, 'field_inspection', { outcome: 'pass' }),
    });
    expect(late.status).toBe(404);
    const history = await s.api('GET', `/api/jobs/${other.id}/history`, { as: 'ops' });
    const last = (history.body.items as { type: string; detail: Record<string, string> }[]).find(
      (h) => h.type === 'inspection_assigned' && h.detail.inspector === 'Nora Field',
    );
    expect(last?.detail).toMatchObject({ review: 'Field inspection', before: 'Ivy Inspector' });
    // Ops filter the queue by inspector; the inspectors' list counts what each holds open.
    expect((await queue(`?inspector_id=${nora.id}`)).map((i) => i.job_id)).toEqual([other.id]);
    const list = (await s.api<{ items: Inspector[] }>('GET', '/api/inspectors', { as: 'ops' })).body.items;
    expect(list.find((i) => i.id === nora.id)?.assigned).toBe(1);
  });

  it('a review due in the past is overdue until its outcome is in; due=overdue finds it', async () => {
    // The other company's desk review was decided 20 days ago (sessions last 12 hours: the clock stays, the row moves).
    const old = new Date(clock.getTime() - 20 * 86_400_000).toISOString();
    await s.deps.db
      .updateTable('quality_decisions')
      .set({ decided_at: old })
      .where('job_id', '=', other.id)
      .where('review_id', '=', 'desk_review')
      .execute();
    const overdue = await queue('?due=overdue');
    expect(overdue.map((i) => [i.job_id, i.review_id])).toEqual([[other.id, 'desk_review']]);
    expect(overdue[0]).toMatchObject({ overdue: true, state: 'unassigned' });
    // Due within the week includes it; the failed one, whose outcome is in, is neither.
    const week = await queue('?due=week');
    expect(week.some((i) => i.job_id === other.id && i.review_id === 'desk_review')).toBe(true);
    expect(week.some((i) => i.job_id === job.id && i.review_id === 'field_inspection')).toBe(false);
    // Soonest due first: the overdue one leads the queue.
    expect((await queue())[0]).toMatchObject({ job_id: other.id, review_id: 'desk_review' });
  });
});
