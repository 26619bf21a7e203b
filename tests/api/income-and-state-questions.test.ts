/**
 * Issue 20, items 4 and 5 over HTTP: home_details asks the California rate questions only of homes in
 * California (form.yaml shown_if: not required, and dropped when sent, on submit and on a draft), and a
 * job's income limits come in dollars for its county by household size, with where to apply.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, filled, submit } from './fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const OAKLAND = {
  address: '1 Fruitvale Ave',
  city: 'Oakland',
  county: 'Alameda',
  state: 'CA',
  zip: '94601',
  lat: 37.777,
  lon: -122.217,
  electric_utility: 'Pacific Gas and Electric',
  gas_utility: 'Pacific Gas and Electric',
  program_id: 'ca-heehra',
};
const CALIFORNIA_ONLY = ['income_qualified_rate_program', 'cpuc_funded_program'];
const without = (data: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => !keys.includes(k)));

describe('questions that follow the job (shown_if)', () => {
  it('a Wisconsin home completes home details without the California questions, and what is sent for them is dropped', async () => {
    const job = await createJob(s);
    const bare = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_homeowner_details/draft`, {
      as: 'contractor_a',
      body: { data: filled('home_details'), version: 0 },
    });
    expect(bare.status).toBe(200);
    const draft = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    for (const f of CALIFORNIA_ONLY) expect(draft.body.data).not.toHaveProperty(f);
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
      as: 'contractor_a',
      body: { data: without(filled('home_details'), CALIFORNIA_ONLY), version: draft.body.version },
    });
    expect(r.status).toBe(200);
    const saved = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(saved.body.status).toBe('COMPLETE');
    expect(saved.body.data).toMatchObject({ number_of_occupants: 4 });
  });

  it('a California home must answer them', async () => {
    const job = await createJob(s, 'contractor_a', OAKLAND);
    const missing = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
      as: 'contractor_a',
      body: { data: without(filled('home_details'), CALIFORNIA_ONLY), version: 0 },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(CALIFORNIA_ONLY.map((path) => ({ path, message: 'This field is required' })));
    const r = await submit(s, 'contractor_a', job.id, 'provide_homeowner_details', 'home_details');
    expect(r.status).toBe(200);
    const saved = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(saved.body.data).toMatchObject({ income_qualified_rate_program: 'NONE', cpuc_funded_program: false });
  });

  it('the form document carries the conditions, so the browser hides the same questions', async () => {
    const r = await s.api('GET', '/api/forms/home_details', { as: 'homeowner' });
    expect(r.body.shown_if).toEqual({
      income_qualified_rate_program: { '==': [{ var: 'job.state' }, 'CA'] },
      cpuc_funded_program: { '==': [{ var: 'job.state' }, 'CA'] },
    });
  });
});

describe('income limits of a job', () => {
  it("answers each level's dollar range by household size for the job's county, and where to apply", async () => {
    const job = await createJob(s);
    const r = await s.api('GET', `/api/jobs/${job.id}/income-limits`, { as: 'contractor_a' });
    expect(r.status).toBe(200);
    expect(r.body.county).toBe('Milwaukee');
    expect(Object.keys(r.body.bands_by_size)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // Milwaukee's demo median for 4 people: 98,400.00 (program-defs/wi-hear tables.income_limits).
    expect(r.body.bands_by_size['4']).toEqual([
      { level: 'below_ami_80', min_cents: null, max_cents: 7872000 },
      { level: 'ami_80_to_ami_150', min_cents: 7872000, max_cents: 14760000 },
      { level: 'above_ami_150', min_cents: 14760000, max_cents: null },
    ]);
    expect(r.body.verification).toEqual({ service: 'Focus on Energy', url: 'https://focusonenergy.com/hear' });
  });

  it('has no figures for a county the program gives none for', async () => {
    const job = await createJob(s, 'contractor_a', {
      city: 'Superior',
      county: 'Douglas',
      zip: '54880',
      lat: 46.72,
      lon: -92.1,
    });
    const r = await s.api('GET', `/api/jobs/${job.id}/income-limits`, { as: 'ops' });
    expect(r.body).toMatchObject({ county: 'Douglas', bands_by_size: {} });
  });
});
