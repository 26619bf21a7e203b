import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, MILWAUKEE } from './fixtures.ts';
import { dbRun } from '../support/db.ts';
import { PROGRAM_IDS } from '../load-repo.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('POST /api/jobs (add new job)', () => {
  it('creates a job for the contractor’s company, evaluated by the engine, with a short code and a history row', async () => {
    const job = await createJob(s);
    expect(job.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(job.contractor_id).toBe(s.ids.contractor_a);
    expect(job.program).toEqual({ id: 'wi-hear', name: 'WI HEAR' });
    expect((job.stage as { number: number; tab: string }).tab).toBe('Apply');
    expect((job.evaluation as { eligibility: { status: string } }).eligibility.status).toBe('pending_more_information');
    const h = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    expect(h.body.items.map((i: { type: string }) => i.type)).toContain('job_created');
  });
  it('answers 409 with the existing job for the same homeowner at the same address, and creates it when told to create anyway', async () => {
    const first = await createJob(s, 'contractor_a', {
      first_name: 'Dee',
      last_name: 'Duplicate',
      address: '9 Same St',
    });
    const again = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: { first_name: 'dee', last_name: 'DUPLICATE', ...MILWAUKEE, address: '9 same st', program_id: 'wi-hear' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      detail: 'A job for this homeowner at this address already exists.',
      code: 'duplicate_job',
      existing_job: { id: first.id },
    });
    const anyway = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: {
        first_name: 'Dee',
        last_name: 'Duplicate',
        ...MILWAUKEE,
        address: '9 Same St',
        program_id: 'wi-hear',
        create_anyway: true,
      },
    });
    expect(anyway.status).toBe(201);
    expect(anyway.body.id).not.toBe(first.id);
  });
  it('asks which program first when the address qualifies for several, and picks the only one otherwise', async () => {
    const ca = {
      address: '5 Vine St',
      city: 'Los Angeles',
      county: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      electric_utility: 'Southern California Edison',
      gas_utility: 'Southern California Gas',
    };
    const r = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: { first_name: 'Cal', last_name: 'Multi', ...ca },
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('program_choice_required');
    expect(r.body.programs.length).toBeGreaterThan(1);
    const pick = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: { first_name: 'Cal', last_name: 'Multi', ...ca, program_id: r.body.programs[0].id },
    });
    expect(pick.status).toBe(201);
    const wi = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: { first_name: 'Wes', last_name: 'Single', ...MILWAUKEE, address: '77 Lake Dr' },
    });
    expect(wi.status).toBe(201);
    expect(wi.body.program.id).toBe('wi-hear');
  });
  it('refuses bad input with the spec’s messages and creates nothing', async () => {
    const before = (await s.api('GET', '/api/jobs/internal', { as: 'ops' })).body.total;
    const r = await s.api('POST', '/api/jobs', {
      as: 'contractor_a',
      body: {
        first_name: 'x'.repeat(51),
        last_name: '',
        email: 'not-an-email',
        phone_number: '12',
        ...MILWAUKEE,
        program_id: 'wi-hear',
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'first_name', message: 'Please enter a value less than 50 characters' },
        { path: 'last_name', message: 'This field is required' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'phone_number', message: 'Please enter a valid phone number' },
      ]),
    );
    expect((await s.api('GET', '/api/jobs/internal', { as: 'ops' })).body.total).toBe(before);
  });
  it('ops must name the contractor; a homeowner cannot create jobs; anonymous is 401', async () => {
    const r = await s.api('POST', '/api/jobs', {
      as: 'ops',
      body: { first_name: 'A', last_name: 'B', ...MILWAUKEE, program_id: 'wi-hear' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'contractor_id', message: 'This field is required' }]);
    expect(
      (await s.api('POST', '/api/jobs', { as: 'homeowner', body: { first_name: 'A', last_name: 'B', ...MILWAUKEE } }))
        .status,
    ).toBe(403);
    expect((await s.api('POST', '/api/jobs', { body: { first_name: 'A', last_name: 'B' } })).status).toBe(401);
  });
});

describe('GET /api/jobs and friends (lists, filters, summary)', () => {
  it('defaults: page 1, 25 per page, created_at ascending', async () => {
    const r = await s.api('GET', '/api/jobs/internal', { as: 'ops' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page_number: 1, per_page: 25 });
    const dates = r.body.items.map((j: { created_at: string }) => j.created_at);
    expect([...dates].sort()).toEqual(dates);
  });
  it('a contractor sees only its company’s jobs; company B sees none of A’s', async () => {
    const a = await s.api('GET', '/api/jobs', { as: 'contractor_a' });
    const b = await s.api('GET', '/api/jobs', { as: 'contractor_b' });
    expect(a.body.total).toBeGreaterThan(0);
    expect(a.body.items.every((j: { contractor_id: number }) => j.contractor_id === s.ids.contractor_a)).toBe(true);
    expect(b.body.total).toBe(0);
  });
  it('internal lists and summaries are for ops only; internal fields reach ops only', async () => {
    expect((await s.api('GET', '/api/jobs/internal', { as: 'contractor_a' })).status).toBe(403);
    expect((await s.api('GET', '/api/jobs/summary-internal', { as: 'contractor_a' })).status).toBe(403);
    const ops = await s.api('GET', '/api/jobs/internal', { as: 'ops' });
    expect(ops.body.items[0]).toHaveProperty('ops_owner');
    const c = await s.api('GET', '/api/jobs', { as: 'contractor_a' });
    expect(c.body.items[0]).not.toHaveProperty('ops_owner');
    expect(c.body.items[0]).not.toHaveProperty('exception_notes');
  });
  it('filters by stage, program, eligibility and omni search; sorts by name descending; pages', async () => {
    const byName = await s.api('GET', '/api/jobs/internal?sort_by=full_name&sort_direction=desc&per_page=3', {
      as: 'ops',
    });
    const names = byName.body.items.map((j: { full_name: string }) => j.full_name);
    expect(names).toEqual([...names].sort().reverse());
    expect(byName.body.items.length).toBeLessThanOrEqual(3);
    const stage2 = await s.api('GET', '/api/jobs/internal?stage=2&program_id=wi-hear', { as: 'ops' });
    expect(stage2.body.items.every((j: { stage: { number: number } }) => j.stage.number === 2)).toBe(true);
    const q = await s.api('GET', '/api/jobs/internal?q=Duplicate', { as: 'ops' });
    expect(q.body.items.every((j: { full_name: string }) => j.full_name.includes('Duplicate'))).toBe(true);
    expect(q.body.total).toBeGreaterThan(0);
    const none = await s.api('GET', '/api/jobs/internal?eligibility=unable_to_determine', { as: 'ops' });
    expect(none.body.total).toBe(0);
  });
  it('the action-owner filter lists exactly the jobs with an open task of that role, and follows a change', async () => {
    const job = await createJob(s, 'contractor_a');
    const all = (await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items as {
      id: number;
      action_owners: string[];
    }[];
    expect(all.some((j) => j.action_owners.length > 0)).toBe(true);
    for (const role of ['contractor', 'homeowner', 'ops', 'finance']) {
      const r = await s.api('GET', `/api/jobs/internal?per_page=200&action_owner=${role}`, { as: 'ops' });
      expect(r.status).toBe(200);
      expect(r.body.items.map((j: { id: number }) => j.id).sort()).toEqual(
        all
          .filter((j) => j.action_owners.includes(role))
          .map((j) => j.id)
          .sort(),
      );
      expect(r.body.total).toBe(all.filter((j) => j.action_owners.includes(role)).length);
    }
    // Transferring an open task to another role moves the job between the filters.
    const task = job.tasks.find((t) => t.status !== 'COMPLETE' && t.owner === 'contractor')!;
    const t = await s.api('POST', `/api/jobs/${job.id}/tasks/${task.id}/transfer`, {
      as: 'ops',
      body: { role: 'finance', reason: 'Needs finance' },
    });
    expect(t.status).toBe(200);
    const finance = await s.api('GET', '/api/jobs/internal?per_page=200&action_owner=finance', { as: 'ops' });
    expect(finance.body.items.map((j: { id: number }) => j.id)).toContain(job.id);
    const stages = (await s.api('GET', '/api/jobs/summary-internal?action_owner=finance', { as: 'ops' })).body
      .stages as { stage: number; count: number }[];
    expect(stages.reduce((n, x) => n + x.count, 0)).toBe(finance.body.total);
    // A canceled job leaves the filter's list and counts, and shows under canceled with it.
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } })).status,
    ).toBe(200);
    const after = await s.api('GET', '/api/jobs/internal?per_page=200&action_owner=finance', { as: 'ops' });
    expect(after.body.items.map((j: { id: number }) => j.id)).not.toContain(job.id);
    expect(after.body.total).toBe(finance.body.total - 1);
    const canceled = await s.api('GET', '/api/jobs/internal?per_page=200&action_owner=finance&is_canceled=true', {
      as: 'ops',
    });
    expect(canceled.body.items.map((j: { id: number }) => j.id)).toContain(job.id);
  });
  it('malformed query values answer 400 with the parameter named', async () => {
    const r = await s.api('GET', '/api/jobs?page_number=zero', { as: 'ops' });
    expect(r).toMatchObject({
      status: 400,
      body: { detail: "Query parameter 'page_number' must be a whole number from 1" },
    });
    expect((await s.api('GET', '/api/jobs?sort_by=password', { as: 'ops' })).status).toBe(400);
    expect((await s.api('GET', '/api/jobs?action_owner=boss', { as: 'ops' })).status).toBe(400);
  });
  it('the summary counts jobs per stage and per tab, and canceled apart', async () => {
    const r = await s.api('GET', '/api/jobs/summary', { as: 'contractor_a' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.tabs)).toEqual(['Apply', 'Review', 'Install', 'Enroll', 'Pay']);
    const list = await s.api('GET', '/api/jobs', { as: 'contractor_a' });
    expect(r.body.total).toBe(list.body.total);
    expect(typeof r.body.canceled).toBe('number');
  });
  it('filter options name the contractors and ops users for ops only', async () => {
    const ops = await s.api('POST', '/api/jobs/filters', { as: 'ops', body: {} });
    expect(ops.body.contractors.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([s.ids.contractor_a, s.ids.contractor_b]),
    );
    const c = await s.api('POST', '/api/jobs/filters', { as: 'contractor_a', body: {} });
    expect(c.body.contractors).toEqual([]);
    expect(c.body.programs.map((p: { id: string }) => p.id).sort()).toEqual([...PROGRAM_IDS].sort());
  });
});

describe('reading a job', () => {
  it('someone else’s job answers 404, as if it did not exist', async () => {
    const job = await createJob(s);
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_b' })).status).toBe(404);
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).status).toBe(200);
    expect((await s.api('GET', '/api/jobs/999999', { as: 'ops' })).status).toBe(404);
    expect((await s.api('GET', '/api/jobs/not-a-number', { as: 'ops' })).status).toBe(404);
  });
  it('a short code redirects to the job for whoever may see it', async () => {
    const job = await createJob(s);
    expect((await s.api('GET', `/api/jobs/code/${job.code.toLowerCase()}`, { as: 'contractor_a' })).body).toEqual({
      id: job.id,
      code: job.code,
    });
    expect((await s.api('GET', `/api/jobs/code/${job.code}`, { as: 'contractor_b' })).status).toBe(404);
  });
  it('initial eligibility by place id lists the programs that serve it; an unknown place is "Unable to determine eligibility"', async () => {
    await dbRun(
      s.deps,
      "INSERT INTO places (place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility) VALUES ('test-place-wi', '3 Oak St', 'Milwaukee', 'Milwaukee', 'WI', '53202', 43.04, -87.91, 'We Energies', 'We Energies')",
    );
    const r = await s.api('GET', '/api/jobs/initial-eligibility/test-place-wi', { as: 'contractor_a' });
    expect(r.status).toBe(200);
    expect(r.body.eligible_programs).toEqual(['wi-hear']);
    const unknown = await s.api('GET', '/api/jobs/initial-eligibility/nowhere', { as: 'contractor_a' });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Unable to determine eligibility' } });
    expect((await s.api('GET', '/api/jobs/initial-eligibility/test-place-wi', { as: 'homeowner' })).status).toBe(403);
  });
});

describe('abilities in the job detail (what the web app shows actions from)', () => {
  it("are the signed-in user's, met with the job's state", async () => {
    const job = await createJob(s, 'contractor_a');
    const asOps = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(asOps.body.abilities).toEqual({
      history: true,
      cancel: true,
      restore: false,
      clone: true,
      claim: true,
      set_deemed: true,
      undo_deemed: false,
      mark_ineligible: true,
      undo_ineligible: false,
      override_eligibility: false,
      undo_eligibility_override: false,
      assign_ops_owner: true,
      regenerate_documents: true,
      delete_any_attachment: true,
      invite_homeowner: true,
    });
    const asContractor = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(asContractor.body.abilities).toEqual({
      history: true,
      cancel: true,
      restore: false,
      clone: true,
      claim: false,
      set_deemed: false,
      undo_deemed: false,
      mark_ineligible: false,
      undo_ineligible: false,
      override_eligibility: false,
      undo_eligibility_override: false,
      assign_ops_owner: false,
      regenerate_documents: false,
      delete_any_attachment: false,
      invite_homeowner: true,
    });
    const task = asContractor.body.tasks.find((t: { id: string }) => t.id === 'provide_services');
    expect(task.abilities).toEqual({
      flag_contractor_exception: true,
      flag_ops_exception: false,
      transfer: false,
      reset: false,
    });

    await s.api('PUT', `/api/jobs/${job.id}/claim-job`, { as: 'ops' });
    await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } });
    const after = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(after.body.abilities).toMatchObject({
      cancel: false,
      restore: true,
      claim: false,
      set_deemed: false,
      mark_ineligible: false,
      assign_ops_owner: false,
      regenerate_documents: false,
    });
  });

  it('a homeowner may flag nothing', async () => {
    const job = await createJob(s, 'contractor_a');
    await dbRun(s.deps, 'UPDATE jobs SET homeowner_user_id = ? WHERE id = ?', s.ids.users.homeowner, job.id);
    const view = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(view.status).toBe(200);
    expect(view.body.tasks.length).toBeGreaterThan(0);
    for (const t of view.body.tasks)
      expect(t.abilities).toEqual({
        flag_contractor_exception: false,
        flag_ops_exception: false,
        transfer: false,
        reset: false,
      });
  });
});
