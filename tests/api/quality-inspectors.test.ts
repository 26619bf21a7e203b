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
import { jpeg } from '../support/photos.ts';
import { PHOTO_MESSAGES } from '../../engine/quality-checklist.ts';
import { OUR_MESSAGES } from '../../engine/index.ts';

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

type Message = { path: string; message: string };

describe('photos of a field inspection: stored for its checklist, their time and place compared with the job', () => {
  /** RECO's site in Mahwah, NJ, and its installation completed on 20 May 2026 (program.yaml quality.installed_on). */
  const SITE = { lat: 41.08, lon: -74.14 };
  let job: { id: number; code: string };
  let path: string;
  const photo = (bytes: Buffer, name = 'unit.jpg', form = 'qa_field_inspection', field = 'photos') => {
    const f = new FormData();
    f.set('form', form);
    f.set('field', field);
    f.set('file', new Blob([new Uint8Array(bytes)]), name);
    return f;
  };
  const upload = (body: FormData, as: 'ops' | 'inspector' = 'inspector') =>
    s.api<{ id: string; warnings: Message[]; errors?: Message[] }>('POST', `${path}/attachments`, {
      as,
      body,
    });
  beforeAll(async () => {
    job = await recoJobAtPayment(s, {
      at: clock,
      answers: {
        confirm_install_dates: {
          has_work_been_done: true,
          install_start_date: '2026-05-18',
          install_completion_date: '2026-05-20',
        },
      },
    });
    path = `/api/jobs/${job.id}/quality/field_inspection`;
  });

  it('only the inspector it is assigned to (or ops) uploads; each photo says what its file shows against the job', async () => {
    // Not theirs yet: as if it did not exist.
    expect((await upload(photo(jpeg(SITE)))).status).toBe(404);
    await s.api('PUT', `${path}/inspector`, { as: 'ops', body: { inspector_id: s.ids.users.inspector } });
    // At the site, after the install: nothing to say.
    const good = await upload(photo(jpeg({ ...SITE, utc: ['2026:05:30', 15, 15, 0] })));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body.warnings).toEqual([]);
    // Before the installation was completed.
    const early = await upload(photo(jpeg({ ...SITE, utc: ['2026:05:10', 15, 0, 0] }), 'early.jpg'));
    expect(early.body.warnings).toEqual([
      { path: 'photos', message: PHOTO_MESSAGES.before_install('2026-05-10T15:00:00.000Z', '2026-05-20') },
    ]);
    expect(early.body.warnings[0].message).toBe(
      'This photo was taken on May 10, 2026, before the installation was completed (May 20, 2026).',
    );
    // Miles away (Milwaukee).
    const far = await upload(photo(jpeg({ lat: 43.0389, lon: -87.9065 }), 'far.jpg'), 'ops');
    expect(far.body.warnings).toEqual([{ path: 'photos', message: OUR_MESSAGES.geotag }]);
    // A file that says neither when nor where.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const bare = await upload(photo(png, 'screen.png'));
    expect(bare.body.warnings.map((w) => w.message)).toEqual([PHOTO_MESSAGES.no_time, PHOTO_MESSAGES.no_place]);
    // Refused, each under what is wrong: another form, a field that takes no file, a file of another kind.
    const form = await upload(photo(jpeg(SITE), 'a.jpg', 'qa_desk_review'));
    expect([form.status, form.body.errors?.[0]?.path]).toEqual([422, 'form']);
    const field = await upload(photo(jpeg(SITE), 'a.jpg', 'qa_field_inspection', 'visited_on'));
    expect([field.status, field.body.errors?.[0]]).toEqual([
      422,
      { path: 'field', message: 'This field does not take uploads.' },
    ]);
    const kind = await upload(photo(jpeg(SITE), 'a.pdf'));
    expect([kind.status, kind.body.errors?.[0]?.path]).toEqual([422, 'file']);
    const none = await s.api('POST', `${path}/attachments`, { as: 'inspector', body: new FormData() });
    expect([none.status, none.body.errors]).toEqual([
      422,
      [
        { path: 'file', message: 'Please choose a file to upload.' },
        { path: 'form', message: 'This field is required' },
        { path: 'field', message: 'This field is required' },
      ],
    ]);
    // The inspector reads their photos back through the inspection; nothing else of the job.
    const back = await s.api('GET', `${path}/attachments/${good.body.id}`, { as: 'inspector' });
    expect(back.status).toBe(200);
    expect(back.headers.get('cache-control')).toBe('private, no-store');
    const task = await s.api<{ id: string }>('POST', `/api/jobs/${job.id}/attachments`, {
      as: 'ops',
      body: (() => {
        const f = new FormData();
        f.set('task_id', 'photos_of_installed_measures');
        f.set('field', 'heat_pump_outdoor_unit_photos');
        f.set('file', new Blob([new Uint8Array(jpeg(SITE))]), 'x.jpg');
        return f;
      })(),
    });
    expect(task.status).toBe(201);
    expect((await s.api('GET', `${path}/attachments/${task.body.id}`, { as: 'inspector' })).status).toBe(404);
    expect((await s.api('GET', `${path}/attachments/att_nothing`, { as: 'inspector' })).status).toBe(404);
    // The job's company sees the inspection's photos with the job's files; the other company does not.
    const listed = await s.api<{ items: { id: string; task_id: string }[] }>('GET', `/api/jobs/${job.id}/attachments`, {
      as: 'contractor_a',
    });
    expect(listed.body.items.filter((a) => a.task_id === 'quality/field_inspection/qa_field_inspection')).toHaveLength(
      4,
    );
    expect((await s.api('GET', `/api/attachments/${good.body.id}/download`, { as: 'contractor_a' })).status).toBe(200);
    expect((await s.api('GET', `/api/attachments/${good.body.id}/download`, { as: 'contractor_b' })).status).toBe(404);

    // Recorded with its photos: the stored references are kept (not what the client says of them), and the photos'
    // warnings are recorded with the outcome, under each photo, and in the job's history.
    const body = await reviewBody(s, job.id, 'field_inspection', { outcome: 'pass' });
    body.checklists.qa_field_inspection.photos = [
      { id: good.body.id, lat: 0.5, lon: 0.5, taken_at: '2030-01-01T00:00:00.000Z' },
      { id: early.body.id },
    ];
    const recorded = await s.api('POST', `${path}/outcome`, { as: 'inspector', body });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.warnings).toEqual([
      {
        path: 'checklists/qa_field_inspection/photos.1',
        message: 'This photo was taken on May 10, 2026, before the installation was completed (May 20, 2026).',
      },
    ]);
    const kept = await s.deps.db
      .selectFrom('quality_outcomes')
      .select('answers')
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    const photos = JSON.parse(String(kept.answers)).qa_field_inspection.photos;
    expect(photos[0]).toMatchObject({ id: good.body.id, lat: expect.closeTo(SITE.lat, 3) });
    expect(photos[0].taken_at).toBe('2026-05-30T15:15:00.000Z');
    const history = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    const line = (history.body.items as { type: string; detail: Record<string, unknown> }[]).find(
      (h) => h.type === 'quality_outcome_recorded',
    );
    expect(line?.detail.photo_warnings).toMatch(/before the installation was completed/);
  });

  it('a checklist names only photos uploaded for it on this job: another job’s, a task’s or a made-up one is refused', async () => {
    const other = await recoJobAtPayment(s, { at: clock });
    const otherPath = `/api/jobs/${other.id}/quality/field_inspection`;
    const theirs = await s.api<{ id: string }>('POST', `${otherPath}/attachments`, {
      as: 'ops',
      body: photo(jpeg(SITE)),
    });
    expect(theirs.status).toBe(201);
    const before = await s.deps.db.selectFrom('quality_outcomes').select('id').execute();
    const body = await reviewBody(s, other.id, 'field_inspection', { outcome: 'pass' });
    // A photo that does not exist; then this describe's job recorded with the other job's photo.
    body.checklists.qa_field_inspection.photos = [{ id: 'att_made_up' }];
    const madeUp = await s.api('POST', `${otherPath}/outcome`, { as: 'ops', body });
    expect([madeUp.status, madeUp.body.errors?.[0]?.path]).toEqual([422, 'checklists/qa_field_inspection/photos.0']);
    const again = await reviewBody(s, job.id, 'field_inspection', { outcome: 'pass' });
    again.checklists.qa_field_inspection.photos = [{ id: theirs.body.id }];
    const foreign = await s.api('POST', `${path}/outcome`, { as: 'ops', body: again });
    expect([foreign.status, foreign.body.errors?.[0]?.path]).toEqual([422, 'checklists/qa_field_inspection/photos.0']);
    // Nothing was written.
    expect(await s.deps.db.selectFrom('quality_outcomes').select('id').execute()).toHaveLength(before.length);
  });
});

describe('the field visit: times offered to the homeowner by mail, taken or another picked from the link', () => {
  let job: { id: number; code: string };
  let path: string;
  const offer = (times: string[], as: 'ops' | 'inspector' = 'inspector', time_zone = 'America/New_York') =>
    s.api<Inspection & { errors?: Message[]; detail?: string }>('PUT', `${path}/visit`, {
      as,
      body: { times, time_zone },
    });
  /** The token of the latest visit mail to the job's homeowner. */
  const latestLink = async () => {
    const mails = await readOutbox(s.deps.db, 50);
    const mail = mails.find((m) => m.subject.startsWith('When may the inspector visit?'));
    return { mail, token: /\/visit\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '' };
  };
  beforeAll(async () => {
    // The other company's second RECO job: among its first 3, so both reviews are sampled.
    job = await recoJobAtPayment(s, { at: clock, contractor_id: s.ids.contractor_b });
    path = `/api/jobs/${job.id}/quality/field_inspection`;
  });

  it('the inspector offers times; the homeowner is mailed them in the inspector’s zone, with a link', async () => {
    // Not theirs yet; and a desk review has no visit.
    expect((await offer(['2026-06-03T14:00:00.000Z'])).status).toBe(404);
    await s.api('PUT', `${path}/inspector`, { as: 'ops', body: { inspector_id: s.ids.users.inspector } });
    const desk = await s.api('PUT', `/api/jobs/${job.id}/quality/desk_review/visit`, {
      as: 'ops',
      body: { times: ['2026-06-03T14:00:00.000Z'], time_zone: 'America/New_York' },
    });
    expect([desk.status, desk.body.detail]).toEqual([409, 'Only a field inspection has a visit to arrange.']);
    // Refused, each under its time: the past, too far ahead, twice the same; an unknown zone; more than three.
    const bad = await offer(['2026-05-31T14:00:00.000Z', '2026-12-01T14:00:00.000Z'], 'inspector', 'Mars/Olympus');
    expect(bad.status).toBe(422);
    const four = await offer([
      '2026-06-03T14:00:00Z',
      '2026-06-04T14:00:00Z',
      '2026-06-05T14:00:00Z',
      '2026-06-06T14:00:00Z',
    ]);
    expect(four.status).toBe(422);
    const three = await offer(['2026-06-03T14:00:00Z', '2026-06-01T14:00:00Z', '2026-06-05T14:00:00Z']);
    expect([three.status, three.body.errors]).toEqual([
      422,
      [{ path: 'times/1', message: 'Please choose a time in the future.' }],
    ]);
    expect(bad.body.errors).toEqual([
      { path: 'time_zone', message: 'Please choose a valid time zone.' },
      { path: 'times/0', message: 'Please choose a time in the future.' },
      { path: 'times/1', message: 'Please choose a time within 90 days.' },
    ]);
    const twice = await offer(['2026-06-03T14:00:00Z', '2026-06-03T14:00:00.000Z']);
    expect(twice.body.errors).toEqual([{ path: 'times/1', message: 'This time is offered twice.' }]);
    expect((await latestLink()).mail).toBeUndefined();
    // Offered: soonest first, and the inspection says so.
    const ok = await offer(['2026-06-04T18:00:00.000Z', '2026-06-03T14:00:00.000Z']);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.visit).toMatchObject({
      state: 'proposed',
      times: ['2026-06-03T14:00:00.000Z', '2026-06-04T18:00:00.000Z'],
      time_zone: 'America/New_York',
      visit_at: null,
    });
    const { mail, token } = await latestLink();
    expect(mail?.to_address).toMatch(/^paula\d+@home\.test$/);
    expect(mail?.body).toContain('- Wednesday, June 3, 2026 at 10:00 AM EDT\n- Thursday, June 4, 2026 at 2:00 PM EDT');
    expect(mail?.body).toContain('Ivy Inspector would like to visit your home at');
    expect(token.length).toBeGreaterThan(20);
    // The homeowner's page: what, where, who, when; nothing else of the job.
    const view = await s.api('GET', `/api/visits/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      job_code: job.code,
      program: 'RECO',
      inspector: 'Ivy Inspector',
      open: true,
      visit: { state: 'proposed' },
    });
    expect(Object.keys(view.body).sort()).toEqual([
      'address',
      'inspector',
      'job_code',
      'open',
      'program',
      'review',
      'visit',
    ]);
  });

  it('the homeowner picks another time with a note: the inspector is mailed it; new times replace the link', async () => {
    const { token } = await latestLink();
    // Refused: a time in the past; a link that is not one.
    const past = await s.api('POST', `/api/visits/${token}`, { body: { at: '2026-05-01T12:00:00.000Z' } });
    expect([past.status, past.body.errors]).toEqual([
      422,
      [{ path: 'at', message: 'Please choose a time in the future.' }],
    ]);
    expect(
      (await s.api('POST', '/api/visits/not-a-visit-link-not-one', { body: { at: '2026-06-05T13:00:00Z' } })).status,
    ).toBe(404);
    const picked = await s.api('POST', `/api/visits/${token}`, {
      body: { at: '2026-06-05T13:00:00.000Z', note: ' Gate code 4411 ' },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.visit).toMatchObject({
      state: 'confirmed',
      visit_at: '2026-06-05T13:00:00.000Z',
      chosen_by_homeowner: true,
      note: 'Gate code 4411',
    });
    const toInspector = (await readOutbox(s.deps.db, 50)).find((m) => m.subject.startsWith('Visit confirmed'));
    expect(toInspector?.to_address).toBe('ivy@inspections.test');
    expect(toInspector?.body).toContain('picked another time');
    expect(toInspector?.body).toContain('Friday, June 5, 2026 at 9:00 AM EDT');
    expect(toInspector?.body).toContain('They add: Gate code 4411');
    // The inspection (ops and the inspector) shows it; the history says it.
    const seen = await s.api<Inspection>('GET', path, { as: 'inspector' });
    expect(seen.body.visit).toMatchObject({ state: 'confirmed', visit_at: '2026-06-05T13:00:00.000Z' });
    const history = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    const types = (history.body.items as { type: string }[]).map((h) => h.type);
    expect(types).toEqual(expect.arrayContaining(['inspection_visit_proposed', 'inspection_visit_confirmed']));
    // Taking an offered time says so.
    const offered = await s.api('POST', `/api/visits/${token}`, { body: { at: '2026-06-03T14:00:00Z' } });
    expect(offered.body.visit).toMatchObject({ visit_at: '2026-06-03T14:00:00.000Z', chosen_by_homeowner: false });
    // New times: the old link stops working.
    expect((await offer(['2026-06-10T14:00:00.000Z'], 'ops')).status).toBe(200);
    expect((await s.api('GET', `/api/visits/${token}`)).status).toBe(404);
    const fresh = (await latestLink()).token;
    expect(fresh).not.toBe(token);
    expect((await s.api('GET', `/api/visits/${fresh}`)).body.visit).toMatchObject({ state: 'proposed' });
  });

  it('once the inspection is recorded, the link answers 410 and no visit is offered', async () => {
    const { token } = await latestLink();
    const recorded = await s.api('POST', `${path}/outcome`, {
      as: 'inspector',
      body: await reviewBody(s, job.id, 'field_inspection', { outcome: 'pass' }),
    });
    expect(recorded.status).toBe(200);
    expect((await s.api('GET', `/api/visits/${token}`)).body.open).toBe(false);
    const late = await s.api('POST', `/api/visits/${token}`, { body: { at: '2026-06-10T14:00:00Z' } });
    expect([late.status, late.body.detail]).toEqual([410, 'This inspection is over: there is no visit to arrange.']);
    const again = await offer(['2026-06-12T14:00:00.000Z']);
    expect([again.status, again.body.detail]).toEqual([
      409,
      'This inspection is recorded: there is no visit to arrange.',
    ]);
  });
});
