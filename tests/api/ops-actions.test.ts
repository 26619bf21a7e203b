/**
 * The ops actions of spec sect. 4 and 6 over HTTP: mark a job ineligible with a reason and undo it,
 * exception notes that follow the flagged exceptions, set as deemed with its effect from the program's
 * definition and undo, reassigning the ops owner, and who created and submitted a job.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, startServer, type TestServer } from './harness.ts';
import { createJob, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { insertUser } from '../../server/db/users.db.ts';

let s: TestServer;
let oscar: number;
beforeAll(async () => {
  s = await startServer();
  oscar = await insertUser(s.deps.db, {
    email: 'oscar@ops.test',
    name: 'Oscar Ops',
    role: 'ops',
    created_at: NOW.toISOString(),
  });
});
afterAll(() => s.close());

type Item = {
  id: number;
  eligibility: string;
  ops_owner?: number | null;
  exception_notes?: string | null;
  ops_ineligible_reason?: string | null;
};
type HistoryItem = {
  type: string;
  user_id: number | null;
  user_name: string | null;
  detail: Record<string, unknown> | null;
};

/** The ids of the jobs a list call answers. */
const ids = async (path: string, as: 'ops' | 'contractor_a' = 'ops') =>
  ((await s.api('GET', path, { as })).body.items as Item[]).map((j) => j.id);
/** A job as the internal list shows it. */
const listed = async (id: number) =>
  ((await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items as Item[]).find(
    (j) => j.id === id,
  )!;
/** The job's history records of a type, as a role sees them. */
const history = async (id: number, type: string, as: 'ops' | 'contractor_a' = 'ops') =>
  (await s.api('GET', `/api/jobs/${id}/history?type=${type}`, { as })).body.items as HistoryItem[];
const REASON = 'Duplicate of an application the homeowner filed under GA HEAR';

describe('mark a job ineligible (ops override) and undo', () => {
  it('needs a reason: 422 naming the field, and nothing changes', async () => {
    const job = await createJob(s);
    const missing = await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: {} });
    expect(missing).toMatchObject({
      status: 422,
      body: { code: 'validation_failed', errors: [{ path: 'reason', message: 'This field is required' }] },
    });
    const blank = await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: { reason: '   ' } });
    expect(blank).toMatchObject({
      status: 422,
      body: {
        detail: 'Say why the job is ineligible.',
        errors: [{ path: 'reason', message: 'This field is required' }],
      },
    });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.evaluation.eligibility.status).toBe('pending_more_information');
    expect(detail.body.ops_ineligible_reason).toBeNull();
    expect(await history(job.id, 'job_marked_ineligible')).toEqual([]);
  });

  it('is for ops only: a contractor and the homeowner get 403, and their abilities do not offer it', async () => {
    const job = await createJob(s);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'contractor_a', body: { reason: REASON } }))
        .status,
    ).toBe(403);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'homeowner', body: { reason: REASON } }))
        .status,
    ).toBe(403);
    expect((await s.api('PATCH', `/api/jobs/${job.id}/undo-ineligible`, { as: 'contractor_a' })).status).toBe(403);
    const asContractor = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(asContractor.body.abilities).toMatchObject({ mark_ineligible: false, undo_ineligible: false });
    const asOps = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(asOps.body.abilities).toMatchObject({ mark_ineligible: true, undo_ineligible: false });
  });

  it('marked, the job reads ineligible in the detail, the list and the eligibility filter; the reason reaches ops only', async () => {
    const job = await createJob(s);
    const r = await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, {
      as: 'ops',
      body: { reason: `  ${REASON} ` },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      eligibility: 'ineligible',
      is_eligible: false,
      ops_ineligible_reason: REASON,
      abilities: { mark_ineligible: false, undo_ineligible: true },
    });
    expect(r.body.evaluation.eligibility.reasons.map((x: { code: string }) => x.code)).toEqual(['ops_override']);
    expect(await listed(job.id)).toMatchObject({ eligibility: 'ineligible', ops_ineligible_reason: REASON });
    expect(await ids('/api/jobs/internal?eligibility=ineligible&per_page=200')).toContain(job.id);
    expect(await ids('/api/jobs/internal?eligibility=pending_more_information&per_page=200')).not.toContain(job.id);
    // The contractor reads that ops marked the job ineligible, in a sentence, without the team's words.
    const mine = (await s.api('GET', '/api/jobs?eligibility=ineligible&per_page=200', { as: 'contractor_a' })).body
      .items as Item[];
    expect(mine.find((j) => j.id === job.id)).not.toHaveProperty('ops_ineligible_reason');
    const asContractor = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(asContractor.body.evaluation.eligibility.reasons).toEqual([
      { code: 'ops_override', text: 'Ops marked the job ineligible.' },
    ]);
    expect(asContractor.body).not.toHaveProperty('ops_ineligible_reason');
    const again = await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: { reason: 'Twice' } });
    expect(again).toMatchObject({ status: 400, body: { code: 'job_marked_ineligible' } });
  });

  it('a marked job cannot be submitted, as any ineligible job', async () => {
    const job = await createJob(s);
    await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: { reason: REASON } });
    const results = [];
    for (const [task, form, data] of WI_HEAR_APPLY)
      results.push(await submit(s, 'contractor_a', job.id, task, form, data));
    expect(results.at(-1)).toMatchObject({
      status: 422,
      body: { code: 'job_ineligible', detail: 'This job is ineligible and cannot be submitted.' },
    });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body).toMatchObject({ stage: { number: 2 }, submitted_at: null });
  });

  it('undo restores the computed eligibility; history keeps both with the reason and who, the reason for ops only', async () => {
    const job = await createJob(s);
    for (const [task, form, data] of WI_HEAR_APPLY.slice(0, 5))
      expect((await submit(s, 'contractor_a', job.id, task, form, data)).status).toBe(200);
    const computed = (await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.eligibility;
    expect(computed).not.toBe('ineligible');
    await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: { reason: REASON } });
    const undone = await s.api('PATCH', `/api/jobs/${job.id}/undo-ineligible`, { as: 'ops' });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      eligibility: computed,
      ops_ineligible_reason: null,
      abilities: { mark_ineligible: true, undo_ineligible: false },
    });
    expect(undone.body.evaluation.eligibility.reasons).toEqual([]);
    expect(await ids('/api/jobs/internal?eligibility=ineligible&per_page=200')).not.toContain(job.id);
    expect(await s.api('PATCH', `/api/jobs/${job.id}/undo-ineligible`, { as: 'ops' })).toMatchObject({
      status: 400,
      body: { code: 'job_not_marked_ineligible' },
    });
    const marked = await history(job.id, 'job_marked_ineligible');
    expect(marked).toEqual([
      expect.objectContaining({ user_id: s.ids.users.ops, user_name: 'Olive Ops', detail: { reason: REASON } }),
    ]);
    expect(await history(job.id, 'job_ineligible_undone')).toEqual([
      expect.objectContaining({ user_id: s.ids.users.ops, detail: { reason: REASON } }),
    ]);
    const seen = await history(job.id, 'job_marked_ineligible', 'contractor_a');
    expect(seen).toEqual([expect.objectContaining({ user_id: null, user_name: null, detail: {} })]);
  });
});

describe('the eligibility override: ops let an ineligible job go on, with a reason', () => {
  /** A WI HEAR job the rules find ineligible (income over 150% AMI), stopped at the submission gate. */
  async function ineligibleJob() {
    const job = await createJob(s);
    const results = [];
    for (const [task, form, data] of WI_HEAR_APPLY)
      results.push(
        await submit(s, 'contractor_a', job.id, task, form, {
          ...data,
          ...(task === 'provide_income_estimate' ? { income_level: 'above_ami_150' } : {}),
        }),
      );
    expect(results.at(-1)).toMatchObject({
      status: 422,
      body: { detail: 'This job is ineligible and cannot be submitted.' },
    });
    return job;
  }
  const [lastTask, lastForm] = WI_HEAR_APPLY.at(-1)!;
  const OVERRIDE = 'Income letter from the county arrived by post; program manager approved the exception';

  it('without the override nobody passes the gate, ops included: the gate is never lifted silently', async () => {
    const job = await ineligibleJob();
    const asOps = await submit(s, 'ops', job.id, lastTask, lastForm);
    expect(asOps).toMatchObject({ status: 422, body: { detail: 'This job is ineligible and cannot be submitted.' } });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body).toMatchObject({
      stage: { number: 2 },
      eligibility_overridden: false,
      eligibility_override_reason: null,
      abilities: { override_eligibility: true, undo_eligibility_override: false },
    });
  });

  it('needs ops, a reason and an ineligible job; each refusal changes nothing', async () => {
    const job = await ineligibleJob();
    const url = `/api/jobs/${job.id}/eligibility-override`;
    expect((await s.api('PUT', url, { as: 'contractor_a', body: { reason: OVERRIDE } })).status).toBe(403);
    expect((await s.api('PUT', url, { as: 'homeowner', body: { reason: OVERRIDE } })).status).toBe(403);
    expect(await s.api('PUT', url, { as: 'ops', body: { reason: '  ' } })).toMatchObject({
      status: 422,
      body: {
        detail: 'Say why this job may go on although it is ineligible.',
        errors: [{ path: 'reason', message: 'This field is required' }],
      },
    });
    expect((await s.api('PUT', url, { as: 'ops', body: {} })).status).toBe(422);
    const eligible = await createJob(s);
    expect(
      await s.api('PUT', `/api/jobs/${eligible.id}/eligibility-override`, { as: 'ops', body: { reason: OVERRIDE } }),
    ).toMatchObject({
      status: 400,
      body: {
        code: 'job_not_ineligible',
        detail: 'The program’s rules do not find this job ineligible: there is nothing to override.',
      },
    });
    expect((await s.api('DELETE', url, { as: 'ops' })).body).toMatchObject({
      code: 'job_eligibility_not_overridden',
      detail: 'Ops have not let this job go on.',
    });
    expect(await history(job.id, 'job_eligibility_overridden')).toEqual([]);
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.eligibility_overridden).toBe(false);
  });

  it('overridden, the contractor submits; eligibility still reads the rules; history names who and why, to ops', async () => {
    const job = await ineligibleJob();
    const url = `/api/jobs/${job.id}/eligibility-override`;
    const r = await s.api('PUT', url, { as: 'ops', body: { reason: `  ${OVERRIDE} ` } });
    expect(r).toMatchObject({
      status: 200,
      body: {
        eligibility_overridden: true,
        eligibility_override_reason: OVERRIDE,
        abilities: { override_eligibility: false, undo_eligibility_override: true },
      },
    });
    const asContractor = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(asContractor.body.eligibility_overridden).toBe(true);
    expect(asContractor.body).not.toHaveProperty('eligibility_override_reason');
    expect(asContractor.body.abilities).toMatchObject({
      override_eligibility: false,
      undo_eligibility_override: false,
    });

    const passed = await submit(s, 'contractor_a', job.id, lastTask, lastForm);
    expect(passed.status).toBe(200);
    expect(passed.body.job).toMatchObject({ stage: { number: 3 }, eligibility: 'ineligible' });

    const seen = await history(job.id, 'job_eligibility_overridden');
    expect(seen).toMatchObject([{ user_name: 'Olive Ops', detail: { reason: OVERRIDE } }]);
    const told = await history(job.id, 'job_eligibility_overridden', 'contractor_a');
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told)).not.toContain(OVERRIDE);
    expect(told[0].user_name).not.toBe('Olive Ops');

    expect(await s.api('PUT', url, { as: 'ops', body: { reason: 'Again' } })).toMatchObject({
      status: 400,
      body: { code: 'job_eligibility_overridden', detail: 'Ops have already let this job go on.' },
    });
    const undone = await s.api('DELETE', url, { as: 'ops' });
    expect(undone).toMatchObject({ status: 200, body: { eligibility_overridden: false } });
    expect(await history(job.id, 'job_eligibility_override_undone')).toMatchObject([{ detail: { reason: OVERRIDE } }]);
  });

  it('a job ops marked ineligible is undone, not overridden', async () => {
    const job = await createJob(s);
    await s.api('PATCH', `/api/jobs/${job.id}/mark-ineligible`, { as: 'ops', body: { reason: REASON } });
    const r = await s.api('PUT', `/api/jobs/${job.id}/eligibility-override`, { as: 'ops', body: { reason: OVERRIDE } });
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'job_marked_ineligible', detail: 'Ops marked this job ineligible: undo that instead.' },
    });
  });
});

describe('exception notes in the jobs list', () => {
  it('are the notes of the flagged exceptions, "Task title: note", and clearing or resolving a flag removes its note', async () => {
    const job = await createJob(s);
    const title = (id: string) =>
      (job.tasks as unknown as { id: string; title: string }[]).find((t) => t.id === id)!.title;
    expect((await listed(job.id)).exception_notes).toBeNull();
    const flag = (task: string, kind: string, as: 'ops' | 'contractor_a', note: string) =>
      s.api('POST', `/api/jobs/${job.id}/tasks/${task}/exceptions/${kind}`, { as, body: { note } });
    expect((await flag('provide_services', 'ops', 'ops', 'The panel upgrade is missing')).status).toBe(200);
    expect((await listed(job.id)).exception_notes).toBe(`${title('provide_services')}: The panel upgrade is missing`);
    expect(
      (await flag('provide_site_details', 'contractor', 'contractor_a', 'Waiting on the homeowner for the fuel type'))
        .status,
    ).toBe(200);
    // In the program's task order (site details before services).
    expect((await listed(job.id)).exception_notes).toBe(
      `${title('provide_site_details')}: Waiting on the homeowner for the fuel type; ${title('provide_services')}: The panel upgrade is missing`,
    );
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.exception_notes).toContain(
      'The panel upgrade is missing',
    );
    expect(
      (await s.api('DELETE', `/api/jobs/${job.id}/tasks/provide_services/exceptions/ops`, { as: 'ops' })).status,
    ).toBe(200);
    expect((await listed(job.id)).exception_notes).toBe(
      `${title('provide_site_details')}: Waiting on the homeowner for the fuel type`,
    );
    // Completing the task resolves its flag, and its note goes with it.
    expect(
      (
        await submit(s, 'contractor_a', job.id, 'provide_site_details', 'confirm_site_details', {
          primary_fuel_type: 'natural_gas',
        })
      ).status,
    ).toBe(200);
    expect((await listed(job.id)).exception_notes).toBeNull();
    const contractorView = (await s.api('GET', '/api/jobs?per_page=200', { as: 'contractor_a' })).body.items as Item[];
    expect(contractorView.find((j) => j.id === job.id)).not.toHaveProperty('exception_notes');
  });
});

const NEW_JERSEY = {
  address: '10 Franklin Tpke',
  city: 'Mahwah',
  county: 'Bergen',
  state: 'NJ',
  zip: '07430',
  lat: 41.08,
  lon: -74.14,
  electric_utility: 'Rockland Electric Company',
  gas_utility: 'Public Service Electric and Gas',
};
const USAGE_TASKS = ['provide_utility_credentials', 'review_electric_and_gas_usage'];
const taskIds = (body: { tasks: { id: string }[] }) => body.tasks.map((t) => t.id);

describe('set as deemed and undo', () => {
  it('RECO: a deemed job skips the usage collection and review its program.yaml says deemed skips; undo brings them back', async () => {
    const job = await createJob(s, 'contractor_a', { ...NEW_JERSEY, program_id: 'reco' });
    expect(taskIds(job as never)).toEqual(expect.arrayContaining(USAGE_TASKS));
    const deemed = await s.api('PUT', `/api/jobs/${job.id}/set-job-as-deemed`, { as: 'ops' });
    expect(deemed.body).toMatchObject({ is_deemed: true, abilities: { set_deemed: false, undo_deemed: true } });
    for (const id of USAGE_TASKS) expect(taskIds(deemed.body)).not.toContain(id);
    expect(taskIds(deemed.body)).toContain('review_deemed_range');
    const undone = await s.api('PATCH', `/api/jobs/${job.id}/undo-deemed`, { as: 'ops' });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ is_deemed: false, abilities: { set_deemed: true, undo_deemed: false } });
    expect(taskIds(undone.body)).toEqual(taskIds(job as never));
    expect((await history(job.id, 'job_set_as_deemed')).map((h) => h.user_id)).toEqual([s.ids.users.ops]);
    expect((await history(job.id, 'job_deemed_undone')).map((h) => h.user_id)).toEqual([s.ids.users.ops]);
    expect(await s.api('PATCH', `/api/jobs/${job.id}/undo-deemed`, { as: 'ops' })).toMatchObject({
      status: 400,
      body: { code: 'job_not_deemed' },
    });
    expect((await s.api('PATCH', `/api/jobs/${job.id}/undo-deemed`, { as: 'contractor_a' })).status).toBe(403);
  });

  it('a program whose definition gives deemed no effect (WI HEAR) keeps its tasks', async () => {
    const job = await createJob(s);
    const deemed = await s.api('PUT', `/api/jobs/${job.id}/set-job-as-deemed`, { as: 'ops' });
    expect(deemed.body.is_deemed).toBe(true);
    expect(taskIds(deemed.body)).toEqual(taskIds(job as never));
  });
});

describe('reassign the ops owner', () => {
  it('ops hand the job to another ops user or to none; the ops-owner filter follows; history records it for ops', async () => {
    const job = await createJob(s);
    await s.api('PUT', `/api/jobs/${job.id}/claim-job`, { as: 'ops' });
    const to = await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'ops', body: { user_id: oscar } });
    expect(to).toMatchObject({ status: 200, body: { ops_owner: oscar, claimed_by: s.ids.users.ops } });
    expect(await ids(`/api/jobs/internal?ops_user=${oscar}&per_page=200`)).toContain(job.id);
    expect(await ids(`/api/jobs/internal?ops_user=${s.ids.users.ops}&per_page=200`)).not.toContain(job.id);
    // The same owner again changes nothing and writes no history.
    expect(
      (await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'ops', body: { user_id: oscar } })).body.ops_owner,
    ).toBe(oscar);
    const none = await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'ops', body: { user_id: null } });
    expect(none.body.ops_owner).toBeNull();
    expect(await ids(`/api/jobs/internal?ops_user=${oscar}&per_page=200`)).not.toContain(job.id);
    // Newest first: handed to Oscar, then to no one; the repeat wrote nothing.
    const changes = await history(job.id, 'job_ops_owner_changed');
    expect(changes.map((h) => h.detail)).toEqual([
      { from: oscar, from_name: 'Oscar Ops', to: null, to_name: null },
      { from: s.ids.users.ops, from_name: 'Olive Ops', to: oscar, to_name: 'Oscar Ops' },
    ]);
    expect(changes.map((h) => h.user_id)).toEqual([s.ids.users.ops, s.ids.users.ops]);
    // Who in ops owns a job is internal: the contractor's history has no such record.
    expect(await history(job.id, 'job_ops_owner_changed', 'contractor_a')).toEqual([]);
  });

  it('refuses a user who is not in ops or does not exist (422), and callers other than ops (403)', async () => {
    const job = await createJob(s);
    const contractor = await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, {
      as: 'ops',
      body: { user_id: s.ids.users.contractor_a },
    });
    expect(contractor).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'user_id', message: 'Please select a member of the operations team.' }] },
    });
    expect(
      (await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'ops', body: { user_id: 999_999 } })).status,
    ).toBe(422);
    expect((await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'ops', body: {} })).body.errors).toEqual([
      { path: 'user_id', message: 'This field is required' },
    ]);
    expect(
      (await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'contractor_a', body: { user_id: oscar } })).status,
    ).toBe(403);
    expect(
      (await s.api('PUT', `/api/jobs/${job.id}/ops-owner`, { as: 'homeowner', body: { user_id: oscar } })).status,
    ).toBe(403);
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.ops_owner).toBeNull();
  });
});

describe('created_by and submitted_by', () => {
  it('name who created and who submitted the job: the contractor’s own people by name', async () => {
    const job = await createJob(s, 'contractor_a');
    const alice = { id: s.ids.users.contractor_a, name: 'Alice Adams', role: 'contractor' };
    const before = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(before.body).toMatchObject({ created_by: alice, submitted_by: null });
    // Scope of work last, so the contractor's own submission is the one that submits the rebate.
    const order = [
      ...WI_HEAR_APPLY.filter(([t]) => t !== 'scope_of_work_proposed'),
      ...WI_HEAR_APPLY.filter(([t]) => t === 'scope_of_work_proposed'),
    ];
    for (const [task, form, data] of order)
      expect((await submit(s, 'contractor_a', job.id, task, form, data)).status).toBe(200);
    const asOps = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(asOps.body).toMatchObject({ stage: { number: 3 }, created_by: alice, submitted_by: alice });
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' })).body.submitted_by).toEqual(alice);
  });

  it('an ops creator is named to ops, and is "Operations team" without an id to the contractor', async () => {
    const job = await createJob(s, 'ops');
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.created_by).toEqual({
      id: s.ids.users.ops,
      name: 'Olive Ops',
      role: 'ops',
    });
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' })).body.created_by).toEqual({
      id: null,
      name: 'Operations team',
      role: 'ops',
    });
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_b' })).status).toBe(404);
  });
});
