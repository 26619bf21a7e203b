/**
 * Quality sampling over HTTP (issue 43), on SQLite and on PostgreSQL: when a job reaches its program's review point
 * (RECO: stage 5, enrollment), each review's decision is taken once and stored; a provisional contractor's first 3
 * jobs are sampled for both reviews ("job 2 of its first 3"), the later ones by the seeded draw, which recomputes to
 * the same decision; a changed rule does not resample a decided job; a contractor on probation has every job sampled;
 * the decisions show on the job for ops and the contractor (not the homeowner) and in the job's history. Ops record
 * outcomes: a provisional contractor reaches full standing after 3 passes, goes on probation after 2 failures of the
 * last 10 (every later job then sampled), each change in history with its cause; ops set a standing by hand with a
 * reason; a contractor reads its own quality record and no other's.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { updateJob } from '../../server/db/jobs.db.ts';
import { sampleJob } from '../../engine/index.ts';
import { filled, recoJobAtPayment, reviewBody, uploadFile } from './fixtures.ts';
import type { CorrectiveAction, QualityDecision } from '../../engine/api/quality.ts';
import { loadRepoDefinitions, readDefinitionSources } from '../../server/definitions.ts';
import { REPO_ROOT } from '../../server/deps.ts';

let s: TestServer;
const clock = new Date('2026-06-01T15:00:00.000Z');
let n = 0;

beforeAll(async () => {
  s = await startServer({ now: () => clock });
});
afterAll(() => s.close());

const ANSWERS: Record<string, Record<string, unknown>> = {
  provide_services: { services_being_installed: ['heat_pump'] },
  review_deemed_range: {
    deemed_savings_low_kwh: 2000,
    deemed_savings_high_kwh: 4000,
    estimated_annual_savings_kwh: 3000,
  },
  confirm_project_final_costs: { total_project_cost: 1_000_000 },
};

/** Where the RECO jobs of these tests are (Mahwah, NJ), and for whom. */
const RECO_SITE = {
  first_name: 'Quinn',
  last_name: 'Quality',
  email: 'quinn@home.test',
  address: '1 Ramapo Valley Rd',
  city: 'Mahwah',
  county: 'Bergen',
  state: 'NJ',
  zip: '07430',
  lat: 41.08,
  lon: -74.14,
  electric_utility: 'Rockland Electric Company',
  program_id: 'reco',
};

/** A RECO job of the contractor company; with `installed`, every task before enrollment complete, evaluated. */
async function recoJob(contractorId: number, installed = true) {
  n += 1;
  const r = await s.api('POST', '/api/jobs', {
    as: 'ops',
    body: {
      ...RECO_SITE,
      last_name: `Quality${n}`,
      email: `quinn${n}@home.test`,
      address: `${n} Ramapo Valley Rd`,
      contractor_id: contractorId,
    },
  });
  expect(r.status).toBe(201);
  const job = r.body as { id: number; code: string };
  const program = s.deps.defs.programs.reco;
  const before = new Set(['submit_job_for_enrollment', 'record_enrollment_results', 'approve_payment', 'send_payment']);
  for (const t of program.tasks) {
    if (!installed || before.has(t.id)) continue;
    const at = clock.toISOString();
    const row = { job_id: job.id, task_id: t.id, status: 'COMPLETE' as const, data: ANSWERS[t.id] ?? {} };
    const unset = { draft: null, owner_override: null, exceptions: null, updated_by: null };
    await tasksDb.writeTask(s.deps.db, { ...row, ...unset, updated_at: at }, 0);
  }
  await refreshJob(s.deps, job.id);
  return job;
}

const quality = async (jobId: number, as: 'ops' | 'contractor_a' | 'homeowner' = 'ops') =>
  (await s.api('GET', `/api/jobs/${jobId}`, { as })).body.quality as QualityDecision[] | undefined;
const stage = async (jobId: number) =>
  ((await s.api('GET', `/api/jobs/${jobId}`, { as: 'ops' })).body.evaluation.stage as { number: number }).number;

/** Ops submit the payment approval of a job (RECO's $2,500 payable, invoiced 29 May 2026), at its current version. */
async function approvePayment(server: TestServer, jobId: number) {
  const cur = (await server.api('GET', `/api/jobs/${jobId}/tasks/approve_payment`, { as: 'ops' })).body;
  return server.api('POST', `/api/jobs/${jobId}/tasks/approve_payment/submit`, {
    as: 'ops',
    body: {
      data: filled('approve_payment', {
        is_payment_approved: true,
        payable_amount: 250_000,
        invoiced_at: '2026-05-29',
      }),
      version: cur.version ?? 0,
    },
  });
}

describe('quality sampling', () => {
  it('takes no decision before the review point, and samples a provisional contractor’s first 3 jobs for both reviews', async () => {
    const early = await recoJob(s.ids.contractor_a, false);
    expect(await quality(early.id)).toEqual([]);

    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await recoJob(s.ids.contractor_a));
    expect(await stage(jobs[0].id)).toBeGreaterThanOrEqual(5);
    for (const [i, job] of jobs.entries()) {
      const q = (await quality(job.id))!;
      expect(q.map((d) => [d.kind, d.sampled, d.reason, d.standing])).toEqual([
        ['desk_review', true, 'first_jobs', 'provisional'],
        ['field_inspection', true, 'first_jobs', 'provisional'],
      ]);
      expect(q[0].explanation).toBe(
        `Sampled: the contractor is provisional; this is job ${i + 1} of its first 3, all of which are checked.`,
      );
      expect(q[0].review).toBe('Desk review');
    }
    const history = (await s.api('GET', `/api/jobs/${jobs[1].id}/history`, { as: 'contractor_a' })).body.items as {
      type: string;
      detail: { explanation: string };
    }[];
    expect(history.filter((h) => h.type === 'quality_sampled').map((h) => h.detail.explanation)).toContain(
      'Sampled: the contractor is provisional; this is job 2 of its first 3, all of which are checked.',
    );
  });

  it('decides later jobs by the seeded draw, the same when recomputed, and once: a changed rule does not resample', async () => {
    const program = s.deps.defs.programs.reco;
    const job = await recoJob(s.ids.contractor_a);
    const q = (await quality(job.id))!;
    for (const review of program.quality!.reviews) {
      const stored = q.find((d) => d.kind === review.kind)!;
      const again = sampleJob(program.quality!.seed, review, {
        job_code: job.code,
        standing: 'provisional',
        earlier_jobs: 3,
        rebate_cents: null,
        measures: ['heat_pump'],
      });
      expect([stored.sampled, stored.reason, stored.explanation]).toEqual([
        again.sampled,
        again.reason,
        again.explanation,
      ]);
      expect(['share', 'not_sampled']).toContain(stored.reason);
    }
    // The program now inspects every job: the decided job keeps its decision when evaluated again.
    const field = program.quality!.reviews.find((r) => r.kind === 'field_inspection')!;
    const share = field.sample.share;
    field.sample.share = 1;
    try {
      await refreshJob(s.deps, job.id);
      expect(await quality(job.id)).toEqual(q);
      const rows = await s.deps.db.selectFrom('quality_decisions').selectAll().where('job_id', '=', job.id).execute();
      expect(rows).toHaveLength(2);
    } finally {
      field.sample.share = share;
    }
  });

  it('samples every job of a contractor on probation, and shows the decisions to ops and the contractor only', async () => {
    await s.deps.db
      .insertInto('contractor_standings')
      .values({
        contractor_id: s.ids.contractor_b,
        program_id: 'reco',
        standing: 'probation',
        since: clock.toISOString(),
      })
      .execute();
    for (let i = 0; i < 5; i++) {
      const job = await recoJob(s.ids.contractor_b);
      const q = (await quality(job.id))!;
      expect(q.map((d) => [d.sampled, d.reason, d.standing])).toEqual([
        [true, 'standing', 'probation'],
        [true, 'standing', 'probation'],
      ]);
      expect(q[1].explanation).toBe('Sampled: the contractor is on probation, so every job is checked.');
    }
    const job = await recoJob(s.ids.contractor_a);
    expect((await quality(job.id, 'contractor_a'))!.length).toBe(2);
    await updateJob(s.deps.db, job.id, { homeowner_user_id: s.ids.users.homeowner });
    // The homeowner reads their own view of the job, which says nothing of sampling or of the contractor's standing.
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'homeowner' })).status).toBe(403);
    const owner = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(owner.status).toBe(200);
    expect(JSON.stringify(owner.body)).not.toMatch(/"quality"|sampled|probation|provisional/i);
  });
});

describe('outcomes and standing', () => {
  let contractorId: number;
  /** The company's first job that reached the review point (the refusals' job). */
  let firstJob: { id: number; code: string };
  const outcome = async (
    jobId: number,
    review: string,
    want: { outcome: string; note?: string },
    as: 'ops' | 'contractor_a' = 'ops',
  ) =>
    s.api('POST', `/api/jobs/${jobId}/quality/${review}/outcome`, {
      as,
      body: await reviewBody(s, jobId, review, want),
    });
  const record = async (as: 'ops' | 'contractor_a' = 'ops') =>
    (await s.api('GET', `/api/contractors/${contractorId}/quality`, { as })).body as {
      programs: { program_id: string; standing: string; passed: number; failed: number; pass_rate: number | null }[];
      changes: { program_id: string; standing: string; cause: string }[];
    };
  const reco = async () => (await record()).programs.find((p) => p.program_id === 'reco')!;

  beforeAll(async () => {
    // A company of its own, new to RECO: provisional, no outcomes.
    contractorId = (
      await s.deps.db
        .insertInto('contractors')
        .values({ name: 'Provisional Plumbing', created_at: clock.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('refuses an outcome for a review the job was not sampled for, a bad outcome, and anyone but ops', async () => {
    const early = await recoJob(contractorId, false);
    expect((await outcome(early.id, 'field_inspection', { outcome: 'pass' })).body.detail).toBe(
      'This job was not sampled for that review.',
    );
    const job = await recoJob(contractorId);
    firstJob = job;
    // Checklists missing, an item outside its options, a checklist the review does not have: every message under
    // its field, nothing recorded.
    const post = (body: unknown) =>
      s.api('POST', `/api/jobs/${job.id}/quality/field_inspection/outcome`, { as: 'ops', body });
    expect((await post({ outcome: 'pass' })).status).toBe(422);
    expect((await post({ checklists: {} })).body.errors).toEqual([
      { path: 'checklists/qa_field_inspection', message: 'Please fill in this checklist.' },
      { path: 'checklists/qa_heat_pump', message: 'Please fill in this checklist.' },
    ]);
    const good = await reviewBody(s, job.id, 'field_inspection', { outcome: 'pass' });
    const maybe = { ...good.checklists.qa_field_inspection, workmanship: 'maybe' };
    expect(
      (await post({ checklists: { ...good.checklists, qa_field_inspection: maybe, qa_attic: {} } })).body.errors,
    ).toEqual([
      { path: 'checklists/qa_attic', message: 'This review has no such checklist for this job.' },
      { path: 'checklists/qa_field_inspection/workmanship', message: 'Please select one of the options' },
    ]);
    // A review whose checklists all follow measures the job has none of: nothing to check is no pass.
    const review = s.deps.defs.programs.reco.quality!.reviews.find((r) => r.id === 'field_inspection')!;
    const kept = review.checklists;
    review.checklists = [{ form: 'qa_water_heater', measures: ['heat_pump_water_heater'] }];
    try {
      expect((await post({ checklists: {} })).body.errors).toEqual([
        {
          path: 'checklists',
          message: 'This review has no checklist for this job: its program names none for the job’s measures.',
        },
      ]);
    } finally {
      review.checklists = kept;
    }
    expect((await outcome(job.id, 'no_such_review', { outcome: 'pass' })).status).toBe(404);
    expect((await outcome(job.id, 'field_inspection', { outcome: 'pass' }, 'contractor_a')).status).toBe(403);
    expect(await s.deps.db.selectFrom('quality_outcomes').selectAll().where('job_id', '=', job.id).execute()).toEqual(
      [],
    );
    expect(await reco()).toEqual({
      program_id: 'reco',
      program_name: 'RECO',
      standing: 'provisional',
      passed: 0,
      failed: 0,
      pass_rate: null,
    });
  });

  it('moves a provisional contractor to full after 3 passes, and on probation at 2 failures of the last 10', async () => {
    // Its first 3 jobs (each sampled): the refusals' job and two more.
    const jobs = [firstJob, await recoJob(contractorId), await recoJob(contractorId)];
    for (const job of jobs) expect((await outcome(job.id, 'field_inspection', { outcome: 'pass' })).status).toBe(200);
    expect(await reco()).toMatchObject({ standing: 'full', passed: 3, failed: 0, pass_rate: 1 });
    expect((await quality(jobs[2].id))!.find((d) => d.review_id === 'field_inspection')!.outcome).toBe('pass');
    const history = async (jobId: number) =>
      (
        (await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' })).body.items as {
          type: string;
          detail: Record<string, string>;
        }[]
      ).filter((h) => h.type === 'contractor_standing_changed' || h.type === 'quality_outcome_recorded');
    expect((await history(jobs[2].id)).map((h) => [h.type, h.detail.standing ?? h.detail.outcome])).toEqual([
      ['contractor_standing_changed', 'full'],
      ['quality_outcome_recorded', 'pass'],
    ]);

    // Two failures (desk reviews of the first two jobs, with a note): probation, with the cause.
    expect((await outcome(jobs[0].id, 'desk_review', { outcome: 'fail', note: 'Invoice unsigned' })).status).toBe(200);
    expect((await reco()).standing).toBe('full');
    expect((await outcome(jobs[1].id, 'desk_review', { outcome: 'fail' })).status).toBe(200);
    const now = await reco();
    expect(now).toMatchObject({ standing: 'probation', passed: 3, failed: 2, pass_rate: 0.6 });
    expect((await record()).changes[0]).toEqual({
      program_id: 'reco',
      standing: 'probation',
      cause: '2 of the last 5 reviews failed (probation at 2).',
      at: clock.toISOString(),
    });
    // On probation every job is sampled.
    const next = await recoJob(contractorId);
    expect((await quality(next.id))!.map((d) => d.reason)).toEqual(['standing', 'standing']);
  });

  it('lets ops set a standing by hand with a reason; the contractor reads its own record and no other', async () => {
    const set = (body: Record<string, unknown>, as: 'ops' | 'contractor_a' = 'ops') =>
      s.api('PUT', `/api/contractors/${contractorId}/standing`, { as, body });
    expect((await set({ program_id: 'reco', standing: 'suspended', reason: '  ' })).body.errors).toEqual([
      { path: 'reason', message: 'Please say why the standing changes.' },
    ]);
    expect((await set({ program_id: 'reco', standing: 'banned', reason: 'x' })).status).toBe(422);
    expect((await set({ program_id: 'nope', standing: 'full', reason: 'x' })).status).toBe(422);
    expect((await set({ program_id: 'reco', standing: 'full', reason: 'x' }, 'contractor_a')).status).toBe(403);
    const r = await set({ program_id: 'reco', standing: 'suspended', reason: 'Unlicensed work found' });
    expect(r.status).toBe(200);
    expect(r.body.changes[0]).toMatchObject({
      standing: 'suspended',
      cause: 'Set by Olive Ops: Unlicensed work found',
    });
    expect((await reco()).standing).toBe('suspended');
    // Suspended: no new job of the company in the program (nothing written), other programs go on.
    const jobsBefore = (await s.deps.db.selectFrom('jobs').select('id').execute()).length;
    const refused = await s.api('POST', '/api/jobs', {
      as: 'ops',
      body: {
        ...RECO_SITE,
        last_name: 'Refused',
        email: 'refused@home.test',
        address: '7 Refusal Road',
        contractor_id: contractorId,
      },
    });
    expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
      403,
      'contractor_suspended',
      'This contractor company is suspended from RECO by its quality assurance and cannot start new jobs in it.',
    ]);
    expect((await s.deps.db.selectFrom('jobs').select('id').execute()).length).toBe(jobsBefore);

    expect((await s.api('GET', `/api/contractors/${contractorId}/quality`, { as: 'contractor_a' })).status).toBe(404);
    const own = await s.api('GET', `/api/contractors/${s.ids.contractor_a}/quality`, { as: 'contractor_a' });
    expect(own.status).toBe(200);
    expect(own.body.programs.find((p: { program_id: string }) => p.program_id === 'reco').standing).toBe('provisional');
  });
});

describe('corrective actions', () => {
  type Job = { id: number; code: string };
  const detail = async (jobId: number, as: 'ops' | 'contractor_b' = 'ops') =>
    (await s.api('GET', `/api/jobs/${jobId}`, { as })).body as {
      quality: QualityDecision[];
      quality_hold: string | null;
      quality_hold_task: string | null;
    };
  const actionOf = async (jobId: number, review: string) =>
    (await detail(jobId)).quality.find((d) => d.review_id === review)!.corrective_action as CorrectiveAction;
  const outcome = async (jobId: number, review: string, want: { outcome: string; note?: string }) =>
    s.api('POST', `/api/jobs/${jobId}/quality/${review}/outcome`, {
      as: 'ops',
      body: await reviewBody(s, jobId, review, want),
    });
  const answer = (
    job: Job,
    actionId: number,
    body: Record<string, unknown>,
    as: 'ops' | 'contractor_a' | 'contractor_b',
  ) => s.api('POST', `/api/jobs/${job.id}/quality/actions/${actionId}/answer`, { as, body });
  const decide = (job: Job, actionId: number, body: Record<string, unknown>) =>
    s.api('POST', `/api/jobs/${job.id}/quality/actions/${actionId}/decision`, { as: 'ops', body });
  const approve = (jobId: number) => approvePayment(s, jobId);
  const types = async (jobId: number) =>
    ((await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' })).body.items as { type: string }[])
      .map((h) => h.type)
      .filter((t) => t.startsWith('corrective_action'));

  it('a failed inspection opens one due in the program’s days; payment approval waits until a passing re-inspection', async () => {
    // Company B is on probation in RECO (above): every job is sampled.
    const job = await recoJobAtPayment(s, { at: clock, contractor_id: s.ids.contractor_b });
    expect((await detail(job.id)).quality.map((d) => d.sampled)).toEqual([true, true]);
    expect((await detail(job.id)).quality_hold).toBeNull();
    expect(
      (await outcome(job.id, 'field_inspection', { outcome: 'fail', note: 'Line set not insulated' })).status,
    ).toBe(200);
    const days = s.deps.defs.programs.reco.quality!.corrective_action_days;
    const due = new Date(clock.getTime() + days * 86_400_000).toISOString();
    const opened = await actionOf(job.id, 'field_inspection');
    expect(opened).toMatchObject({ state: 'open', finding: 'Line set not insulated', due_at: due, overdue: false });
    const hold = `Payment approval waits on quality assurance: the field inspection failed and its corrective action waits on the contractor’s answer, due June 15, 2026.`;
    expect((await detail(job.id, 'contractor_b')).quality_hold).toBe(hold);
    // The task it stops: the one whose answer is the payable amount.
    expect((await detail(job.id)).quality_hold_task).toBe('approve_payment');
    // The contractor's quality record lists it among the open ones, with its job and deadline.
    const openActions = async () =>
      (await s.api('GET', `/api/contractors/${s.ids.contractor_b}/quality`, { as: 'contractor_b' })).body
        .open_actions as { id: number }[];
    expect((await openActions()).find((a) => a.id === opened.id)).toEqual({
      id: opened.id,
      job_id: job.id,
      job_code: job.code,
      program_id: 'reco',
      review_id: 'field_inspection',
      review: 'Field inspection',
      state: 'open',
      finding: 'Line set not insulated',
      due_at: due,
      overdue: false,
    });

    // Payment approval is refused with the reason, and nothing is written.
    const refused = await approve(job.id);
    expect([refused.status, refused.body.code, refused.body.detail]).toEqual([409, 'quality_hold', hold]);
    const task = (await s.api('GET', `/api/jobs/${job.id}/tasks/approve_payment`, { as: 'ops' })).body;
    expect(task.status).not.toBe('COMPLETE');

    // The answer: the company's contractor only, with what was corrected and the job's own photos.
    expect((await answer(job, opened.id, { note: '   ' }, 'contractor_b')).body.errors).toEqual([
      { path: 'note', message: 'Please say what was corrected.' },
    ]);
    expect(
      (await answer(job, opened.id, { note: 'Insulated', attachment_ids: ['nope'] }, 'contractor_b')).body,
    ).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'attachment_ids/0', message: 'That attachment is not one of this job’s.' }],
    });
    expect((await answer(job, opened.id, { note: 'Insulated' }, 'ops')).status).toBe(403);
    expect((await answer(job, opened.id, { note: 'Insulated' }, 'contractor_a')).status).toBe(404);
    expect((await answer(job, 2_000_000, { note: 'Insulated' }, 'contractor_b')).body.detail).toBe(
      'Corrective action not found',
    );
    expect((await decide(job, opened.id, { decision: 'accept' })).body.detail).toBe(
      'This corrective action has no answer to decide on.',
    );
    const photo = await uploadFile(
      s,
      'contractor_b',
      job.id,
      'photos_of_installed_measures',
      'heat_pump_outdoor_unit_photos',
      'photo',
    );
    const answered = await answer(
      job,
      opened.id,
      { note: 'Insulated the line set', attachment_ids: [photo.id] },
      'contractor_b',
    );
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      state: 'answered',
      answer_note: 'Insulated the line set',
      answer_attachments: [photo.id],
    });
    expect((await detail(job.id)).quality_hold).toBe(
      'Payment approval waits on quality assurance: the field inspection failed and its corrective action was answered and waits on ops to accept it or re-inspect.',
    );
    expect((await approve(job.id)).status).toBe(409);

    // Ops ask for a re-inspection: the answer is taken, a passing re-inspection closes it and payment goes on.
    expect((await decide(job, opened.id, { decision: 'reinspect' })).body.state).toBe('reinspection');
    expect((await answer(job, opened.id, { note: 'Again' }, 'contractor_b')).body.detail).toBe(
      'This corrective action is not waiting for an answer.',
    );
    expect((await detail(job.id)).quality_hold).toMatch(/waits on a passing re-inspection\.$/);
    expect((await approve(job.id)).status).toBe(409);
    expect((await outcome(job.id, 'field_inspection', { outcome: 'pass' })).status).toBe(200);
    expect(await actionOf(job.id, 'field_inspection')).toMatchObject({
      state: 'closed',
      resolution: 'passed_reinspection',
      closed_at: clock.toISOString(),
    });
    expect((await detail(job.id)).quality_hold).toBeNull();
    expect((await detail(job.id)).quality_hold_task).toBeNull();
    expect((await openActions()).some((a) => a.id === opened.id)).toBe(false);
    const approved = await approve(job.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await types(job.id)).toEqual([
      'corrective_action_closed',
      'corrective_action_reinspection',
      'corrective_action_answered',
      'corrective_action_opened',
    ]);
  });

  it('ops accept an answer; a failed re-inspection reopens the action with a new deadline; an unanswered one goes overdue', async () => {
    const job = await recoJobAtPayment(s, { at: clock, contractor_id: s.ids.contractor_b });
    await outcome(job.id, 'desk_review', { outcome: 'fail', note: 'Invoice unsigned' });
    const a = await actionOf(job.id, 'desk_review');
    await answer(job, a.id, { note: 'Signed invoice uploaded' }, 'contractor_b');
    expect((await decide(job, a.id, { decision: 'maybe' })).status).toBe(422);
    const accepted = await decide(job, a.id, { decision: 'accept', note: 'Signed copy is fine' });
    expect(accepted.body).toMatchObject({ state: 'closed', resolution: 'accepted' });
    expect((await detail(job.id)).quality_hold).toBeNull();

    // A failed field inspection, answered, re-inspected and failed again: the same action waits on a new answer.
    await outcome(job.id, 'field_inspection', { outcome: 'fail', note: 'Condensate line loose' });
    const f = await actionOf(job.id, 'field_inspection');
    await answer(job, f.id, { note: 'Strapped' }, 'contractor_b');
    await decide(job, f.id, { decision: 'reinspect' });
    // Its first deadline passed while it waited on the re-inspection (written as time would have moved it).
    const past = '2026-05-01T00:00:00.000Z';
    await s.deps.db.updateTable('quality_corrective_actions').set({ due_at: past }).where('id', '=', f.id).execute();
    await outcome(job.id, 'field_inspection', { outcome: 'fail', note: 'Still loose' });
    const again = await actionOf(job.id, 'field_inspection');
    const days = s.deps.defs.programs.reco.quality!.corrective_action_days;
    expect(again).toMatchObject({ id: f.id, state: 'open', finding: 'Still loose', overdue: false });
    expect(again.due_at).toBe(new Date(clock.getTime() + days * 86_400_000).toISOString());
    // Past its deadline with no answer: overdue, and still holding payment.
    await s.deps.db.updateTable('quality_corrective_actions').set({ due_at: past }).where('id', '=', f.id).execute();
    expect((await actionOf(job.id, 'field_inspection')).overdue).toBe(true);
    expect((await approve(job.id)).status).toBe(409);
    // The contractor's record says so too.
    const record = (await s.api('GET', `/api/contractors/${s.ids.contractor_b}/quality`, { as: 'ops' })).body;
    expect(record.open_actions.find((a: { id: number }) => a.id === f.id)).toMatchObject({ overdue: true });
  });
});

describe('a review that holds payment until it is recorded (holds_payment: open_or_failed)', () => {
  let held: TestServer;
  const clock = new Date('2026-06-01T15:00:00.000Z');
  beforeAll(async () => {
    // RECO's field inspection, made to hold payment from the sampling decision until its outcome is in.
    const files = readDefinitionSources(REPO_ROOT).map((f) => {
      if (f.path.replaceAll('\\', '/') !== 'program-defs/reco/program.yaml') return f;
      const text = f.text.replace(
        '      kind: field_inspection\n',
        '      kind: field_inspection\n      holds_payment: open_or_failed\n',
      );
      expect(text).not.toBe(f.text);
      return { ...f, text };
    });
    held = await startServer({ now: () => clock, defs: loadRepoDefinitions(files) });
  });
  afterAll(() => held?.close());

  it('payment approval waits while the sampled inspection has no outcome, and goes once it passed', async () => {
    const job = await recoJobAtPayment(held, { at: clock });
    const detail = async () => (await held.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body;
    const waits = 'Payment approval waits on quality assurance: the field inspection is not recorded yet.';
    expect((await detail()).quality_hold).toBe(waits);
    const approve = () => approvePayment(held, job.id);
    const refused = await approve();
    expect([refused.status, refused.body.code, refused.body.detail]).toEqual([409, 'quality_hold', waits]);
    // The desk review holds on a failure only (the default): recording the field inspection passed releases it.
    const passed = await held.api('POST', `/api/jobs/${job.id}/quality/field_inspection/outcome`, {
      as: 'ops',
      body: await reviewBody(held, job.id, 'field_inspection', { outcome: 'pass' }),
    });
    expect(passed.status).toBe(200);
    expect((await detail()).quality_hold).toBeNull();
    const ok = await approve();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
