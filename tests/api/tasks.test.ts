import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Person, type TestServer } from './harness.ts';
import { createJob, filled, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { dbRun } from '../support/db.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const APPLY = WI_HEAR_APPLY;

async function applyAll(
  jobId: number,
  as: Person = 'contractor_a',
  override: Record<string, Record<string, unknown>> = {},
) {
  const out = [];
  for (const [task, form, data] of APPLY)
    out.push(await submit(s, as, jobId, task, form, { ...data, ...override[task] }));
  return out;
}

describe('task workflow', () => {
  it('lists the tasks with the engine’s status, owner and blockers', async () => {
    const job = await createJob(s);
    const r = await s.api('GET', `/api/jobs/${job.id}/tasks`, { as: 'contractor_a' });
    const scope = r.body.items.find((t: { id: string }) => t.id === 'scope_of_work_proposed');
    expect(scope).toMatchObject({
      status: 'LOCKED',
      owner: 'contractor',
      blocked_by: ['provide_services'],
      version: 0,
    });
    const review = r.body.items.find((t: { id: string }) => t.id === 'review_income_qualification');
    expect(review).toMatchObject({ owner: 'ops', can_edit: false });
  });

  it('completing the Apply tasks moves the job to Review and records the submission', async () => {
    const job = await createJob(s);
    const results = await applyAll(job.id);
    expect(results.map((r) => r.status)).toEqual(APPLY.map(() => 200));
    const last = results.at(-1)!.body;
    expect(last.job.stage).toMatchObject({ number: 3, tab: 'Review' });
    expect(last.job.eligibility).toBe('eligible');
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.submitted_at).toBe('2026-06-01T15:00:00.000Z');
    const history = await s.api('GET', `/api/jobs/${job.id}/history?type=job_submitted`, { as: 'ops' });
    expect(history.body.items).toHaveLength(1);
  });

  it('an invalid submission answers 422 with the section-5 message under the field, and saves nothing', async () => {
    const job = await createJob(s);
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_site_details/submit`, {
      as: 'contractor_a',
      body: { data: {}, version: 0 },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toContainEqual(expect.objectContaining({ message: 'This field is required' }));
    const t = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_site_details`, { as: 'contractor_a' });
    expect(t.body).toMatchObject({ status: 'READY', version: 0, data: null });
  });

  it('a draft keeps partial work (IN_PROGRESS) and the version guards against stale writes: 409 with what is there now', async () => {
    const job = await createJob(s);
    const d1 = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_site_details/draft`, {
      as: 'contractor_a',
      body: { data: { number_of_bedrooms: 3 }, version: 0 },
    });
    expect(d1.status).toBe(200);
    expect(d1.body).toMatchObject({ status: 'IN_PROGRESS', version: 1, data: { number_of_bedrooms: 3 } });
    const stale = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_site_details/draft`, {
      as: 'ops',
      body: { data: { number_of_bedrooms: 5 }, version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      detail: 'This task was changed by someone else since you opened it.',
      current: { version: 1, data: { number_of_bedrooms: 3 } },
    });
    const t = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_site_details`, { as: 'contractor_a' });
    expect(t.body.data).toEqual({ number_of_bedrooms: 3 });
  });

  it('editing a completed task keeps its submitted answers in force until it is submitted again', async () => {
    const job = await createJob(s);
    const done = await submit(s, 'contractor_a', job.id, 'provide_income_estimate', 'provide_income_estimate', {
      income_level: 'below_ami_80',
    });
    expect(done.status).toBe(200);
    const d = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_income_estimate/draft`, {
      as: 'contractor_a',
      body: { data: { income_level: 'above_ami_150' }, version: done.body.task.version },
    });
    expect(d.body).toMatchObject({
      status: 'COMPLETE',
      has_unsubmitted_changes: true,
      data: { income_level: 'above_ami_150' },
    });
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.evaluation.eligibility.status).not.toBe('ineligible');
  });

  it("an ineligible job cannot be submitted: 'This job is ineligible and cannot be submitted.', and nothing changes", async () => {
    const job = await createJob(s);
    const results = await applyAll(job.id, 'contractor_a', {
      provide_income_estimate: { income_level: 'above_ami_150' },
    });
    const last = results.at(-1)!;
    expect(last.status).toBe(422);
    expect(last.body.detail).toBe('This job is ineligible and cannot be submitted.');
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(detail.body.stage.number).toBe(2);
    expect(detail.body.evaluation.eligibility.reasons.map((r: { code: string }) => r.code)).toEqual([
      'income_too_high',
    ]);
    const t = detail.body.tasks.find((x: { id: string }) => x.id === 'apply_for_income_verification');
    expect(t.status).not.toBe('COMPLETE');
  });

  it('a LOCKED task cannot be submitted; a contractor cannot work an ops task; a homeowner only homeowner tasks', async () => {
    const job = await createJob(s);
    const locked = await submit(s, 'contractor_a', job.id, 'scope_of_work_proposed', 'scope_of_work_proposed');
    expect(locked.status).toBe(400);
    expect(locked.body.detail).toBe('This task is locked until these are complete: provide_services.');
    const opsTask = await s.api('PUT', `/api/jobs/${job.id}/tasks/review_income_qualification/draft`, {
      as: 'contractor_a',
      body: { data: {}, version: 0 },
    });
    expect(opsTask.status).toBe(403);
    expect((await s.api('GET', `/api/jobs/${job.id}/tasks/provide_services`, { as: 'contractor_b' })).status).toBe(404);
  });

  it('unknown fields in a save body and a missing version answer 422', async () => {
    const job = await createJob(s);
    const r = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_site_details/draft`, {
      as: 'contractor_a',
      body: { data: {} },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'version', message: 'This field is required' }]);
  });
});

describe('exceptions, transfer and reset', () => {
  it('ops flags and clears an ops exception; the job carries the flag; history records both', async () => {
    const job = await createJob(s);
    const f = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/exceptions/ops`, {
      as: 'ops',
      body: { note: 'Photos missing' },
    });
    expect(f.status).toBe(200);
    expect(f.body.exceptions).toEqual({ contractor: false, ops: true });
    expect(
      (await s.api('GET', `/api/jobs/internal?has_ops_task_exception=true`, { as: 'ops' })).body.items.map(
        (j: { id: number }) => j.id,
      ),
    ).toContain(job.id);
    const c = await s.api('DELETE', `/api/jobs/${job.id}/tasks/provide_services/exceptions/ops`, { as: 'ops' });
    expect(c.body.exceptions.ops).toBe(false);
    const h = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    expect(h.body.items.map((i: { type: string }) => i.type)).toEqual(
      expect.arrayContaining(['task_exception_flagged', 'task_exception_cleared']),
    );
  });
  it('a contractor flags only contractor exceptions', async () => {
    const job = await createJob(s);
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/exceptions/contractor`, {
          as: 'contractor_a',
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/exceptions/ops`, {
          as: 'contractor_a',
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/exceptions/boss`, { as: 'ops', body: {} }))
        .status,
    ).toBe(404);
  });
  it('ops transfers a task with a reason and comments, then resets it to the default owner (READY)', async () => {
    const job = await createJob(s);
    const noReason = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/transfer`, {
      as: 'ops',
      body: { role: 'ops' },
    });
    expect(noReason.status).toBe(422);
    const t = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/transfer`, {
      as: 'ops',
      body: { role: 'ops', reason: 'Contractor asked for help', comments: 'Call Tuesday' },
    });
    expect(t.body).toMatchObject({
      owner: 'ops',
      default_owner: 'contractor',
      owner_override: { role: 'ops', reason: 'Contractor asked for help', comments: 'Call Tuesday' },
    });
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/transfer`, {
          as: 'contractor_a',
          body: { role: 'ops', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_services/reset`, { as: 'ops' });
    expect(r.body).toMatchObject({ owner: 'contractor', status: 'READY', owner_override: null });
  });
});

describe('job actions', () => {
  it('cancel needs a reason from the spec’s list ("other" needs text); restore; both in history', async () => {
    const job = await createJob(s);
    const none = await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'contractor_a', body: {} });
    expect(none.body.errors).toEqual([{ path: 'reason', message: 'This field is required' }]);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'contractor_a', body: { reason: 'bored' } })).status,
    ).toBe(422);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'contractor_a', body: { reason: 'other' } })).status,
    ).toBe(422);
    const c = await s.api('PATCH', `/api/jobs/${job.id}/cancel`, {
      as: 'contractor_a',
      body: { reason: 'submitting elsewhere' },
    });
    expect(c.body).toMatchObject({ is_canceled: true, cancel_reason: 'submitting elsewhere' });
    expect(
      (await s.api('GET', `/api/jobs?is_canceled=true`, { as: 'contractor_a' })).body.items.map(
        (j: { id: number }) => j.id,
      ),
    ).toContain(job.id);
    const blocked = await submit(s, 'contractor_a', job.id, 'provide_services', 'provide_services');
    expect(blocked.body.detail).toBe('This job is canceled. Restore it to work on its tasks.');
    const r = await s.api('PATCH', `/api/jobs/${job.id}/restore`, { as: 'contractor_a' });
    expect(r.body.is_canceled).toBe(false);
    const types = (await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'contractor_a' })).body.items.map(
      (i: { type: string }) => i.type,
    );
    expect(types.slice(0, 2)).toEqual(['job_restored', 'job_canceled']);
    const filtered = await s.api('GET', `/api/jobs/${job.id}/history?type=nothing_like_this`, { as: 'ops' });
    expect(filtered.body).toEqual({ items: [], message: 'No history has been found.' });
  });
  it('claim and set as deemed are for ops', async () => {
    const job = await createJob(s);
    expect((await s.api('PUT', `/api/jobs/${job.id}/claim-job`, { as: 'contractor_a' })).status).toBe(403);
    const c = await s.api('PUT', `/api/jobs/${job.id}/claim-job`, { as: 'ops' });
    expect(c.body).toMatchObject({ is_claimed: true, claimed_by: s.ids.users.ops });
    expect(
      (await s.api('GET', '/api/jobs/internal?is_claimed_jobs=true', { as: 'ops' })).body.items.map(
        (j: { id: number }) => j.id,
      ),
    ).toContain(job.id);
    expect((await s.api('PUT', `/api/jobs/${job.id}/set-job-as-deemed`, { as: 'ops' })).body.is_deemed).toBe(true);
  });
  it('clone needs a target program and carries the shared answers over', async () => {
    const job = await createJob(s);
    await submit(s, 'contractor_a', job.id, 'provide_income_estimate', 'provide_income_estimate', {
      income_level: 'below_ami_80',
    });
    const missing = await s.api('POST', `/api/jobs/${job.id}/clone`, { as: 'ops', body: {} });
    expect(missing.body.errors).toEqual([{ path: 'program_id', message: 'This field is required' }]);
    expect(
      (await s.api('POST', `/api/jobs/${job.id}/clone`, { as: 'ops', body: { program_id: 'wi-hear' } })).status,
    ).toBe(422);
    const c = await s.api('POST', `/api/jobs/${job.id}/clone`, { as: 'ops', body: { program_id: 'ga-hear' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ program: { id: 'ga-hear' }, cloned_from: job.id, full_name: job.full_name });
    const t = await s.api('GET', `/api/jobs/${c.body.id}/tasks/provide_income_estimate`, { as: 'ops' });
    expect(t.body.data.income_level).toBe('below_ami_80');
  });
  it('regenerate documents takes a task name and recreate (default false)', async () => {
    const job = await createJob(s);
    const r = await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
      as: 'ops',
    });
    expect(r.body).toMatchObject({
      task_name: 'collect_document_signatures',
      recreate: false,
      document_status: 'not_attempted',
    });
    expect((await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents`, { as: 'ops' })).status).toBe(422);
    // A task the program names no documents for (program.yaml documents:) has none to regenerate.
    const none = await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=provide_services`, {
      as: 'ops',
    });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ path: 'task_name', message: 'Please select one of the options' }]);
    expect(
      (
        await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
          as: 'contractor_a',
        })
      ).status,
    ).toBe(403);
  });
});

describe('homeowner', () => {
  it('sees only their job and its homeowner tasks, with the income guidance; confirms tasks done', async () => {
    const job = await createJob(s);
    await dbRun(s.deps, 'UPDATE jobs SET homeowner_user_id = ? WHERE id = ?', s.ids.users.homeowner, job.id);
    const v = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(v.status).toBe(200);
    expect(v.body.tasks.every((t: { owner: string }) => t.owner === 'homeowner')).toBe(true);
    expect(v.body.income_guidance.upload_note).toBe(
      'Upload only the program approval certificate, not tax documents or pay stubs.',
    );
    // Where to apply comes from the program's data (wi-hear constants.income_verification).
    expect(v.body.income_guidance.apply).toEqual({ service: 'Focus on Energy', url: 'https://focusonenergy.com/hear' });
    expect(v.body.income_guidance.types[0].help).toBe(
      'Apply with Focus on Energy. They check your income and send you a program approval certificate; upload that certificate here.',
    );
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'homeowner' })).status).toBe(403);
    const d = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_income_estimate/draft`, {
      as: 'homeowner',
      body: { data: filled('provide_income_estimate', { income_level: 'below_ami_80' }), version: 0 },
    });
    expect(d.status).toBe(200);
    expect(
      (
        await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_services/draft`, {
          as: 'homeowner',
          body: { data: {}, version: 0 },
        })
      ).status,
    ).toBe(404);
    const c = await s.api('POST', `/api/jobs/homeowner/confirm-tasks-done/${job.id}`, { as: 'homeowner' });
    expect(c.body.completed).toEqual(['provide_income_estimate']);
    expect(c.body.incomplete.map((i: { task_id: string }) => i.task_id)).toContain('provide_homeowner_details');
    const other = await createJob(s);
    expect((await s.api('GET', `/api/jobs/homeowner/${other.id}`, { as: 'homeowner' })).status).toBe(404);
    expect(
      (await s.api('POST', `/api/jobs/homeowner/confirm-tasks-done/${job.id}`, { as: 'contractor_a' })).status,
    ).toBe(403);
  });
});
