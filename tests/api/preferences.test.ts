/**
 * The user's preferences over HTTP: the Preferences screen's form (task-schemas/user_preferences) and
 * the API say the same. SLA days are per stage tab; a stored SLA of one integer (the old shape) reads as
 * that limit on every tab; a bad body answers 422 with the form's own message at the field's path.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { putPreferences } from '../../server/db/settings.db.ts';
import { PREFERENCES_ANSWER } from '../../engine/api/admin-requests.ts';
import { Ajv } from 'ajv';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const ORDER_MESSAGE = 'Please order all five stage tabs (Apply, Review, Install, Enroll and Pay), each once.';
const answers = new Ajv({ strict: false }).compile(PREFERENCES_ANSWER);

describe('GET and PUT /api/preferences', () => {
  it('defaults: the five tabs in the standard order and 14 SLA days on each tab', async () => {
    const r = await s.api('GET', '/api/preferences', { as: 'homeowner' });
    expect(r.status).toBe(200);
    expect(r.body.bucket_order).toEqual(['Apply', 'Review', 'Install', 'Enroll', 'Pay']);
    expect(r.body.sla_days_in_stage).toEqual({ Apply: 14, Review: 14, Install: 14, Enroll: 14, Pay: 14 });
    expect(answers(r.body)).toBe(true);
  });

  it('round trip: a new tab order and SLA days for some tabs are kept, a tab left out has no limit', async () => {
    const body = {
      bucket_order: ['Review', 'Apply', 'Install', 'Enroll', 'Pay'],
      sla_days_in_stage: { Review: 2, Pay: 30 },
      jobs_per_page: 25,
      sidebar_open: false,
    };
    const put = await s.api('PUT', '/api/preferences', { as: 'contractor_a', body });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(body);
    const got = await s.api('GET', '/api/preferences', { as: 'contractor_a' });
    expect(got.body).toMatchObject({ ...body, contractors_per_page: 25 });
    expect(got.body.sla_days_in_stage).toEqual({ Review: 2, Pay: 30 });
    expect(answers(got.body)).toBe(true);
  });

  it('a save of one preference keeps the others (the SLA per tab is replaced as a whole)', async () => {
    await s.api('PUT', '/api/preferences', {
      as: 'contractor_b',
      body: { sla_days_in_stage: { Install: 60 }, bucket_order: ['Pay', 'Enroll', 'Install', 'Review', 'Apply'] },
    });
    await s.api('PUT', '/api/preferences', { as: 'contractor_b', body: { jobs_per_page: 100 } });
    const got = await s.api('GET', '/api/preferences', { as: 'contractor_b' });
    expect(got.body).toMatchObject({
      jobs_per_page: 100,
      sla_days_in_stage: { Install: 60 },
      bucket_order: ['Pay', 'Enroll', 'Install', 'Review', 'Apply'],
    });
    await s.api('PUT', '/api/preferences', { as: 'contractor_b', body: { sla_days_in_stage: {} } });
    expect((await s.api('GET', '/api/preferences', { as: 'contractor_b' })).body.sla_days_in_stage).toEqual({});
  });

  it('an SLA stored as one integer (before it was per tab) reads as that limit on every tab; a partial stored order is completed', async () => {
    await putPreferences(s.deps.db, s.ids.users.ops, {
      sla_days_in_stage: 7,
      bucket_order: ['Pay', 'Review'],
      jobs_per_page: 50,
    });
    const got = await s.api('GET', '/api/preferences', { as: 'ops' });
    expect(got.body.sla_days_in_stage).toEqual({ Apply: 7, Review: 7, Install: 7, Enroll: 7, Pay: 7 });
    expect(got.body.bucket_order).toEqual(['Pay', 'Review', 'Apply', 'Install', 'Enroll']);
    expect(answers(got.body)).toBe(true);
    // Saving something else over the old shape works (the form checks what the stored values mean now).
    const put = await s.api('PUT', '/api/preferences', { as: 'ops', body: { sidebar_open: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ sidebar_open: false, jobs_per_page: 50, sla_days_in_stage: { Review: 7 } });
  });

  it.each([
    ['a tab missing', ['Apply', 'Review', 'Install', 'Enroll']],
    ['a tab twice', ['Apply', 'Review', 'Install', 'Enroll', 'Apply']],
    ['Canceled, which always stays last', ['Apply', 'Review', 'Install', 'Enroll', 'Pay', 'Canceled']],
    ['a tab that does not exist', ['Apply', 'Review', 'Install', 'Enroll', 'Paid']],
  ])('a bucket_order with %s answers 422 with the form’s message at bucket_order', async (_, bucket_order) => {
    const r = await s.api('PUT', '/api/preferences', { as: 'contractor_a', body: { bucket_order } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toContainEqual({ path: 'bucket_order', message: ORDER_MESSAGE });
  });

  it('SLA days outside 0 to 365, not whole, or for an unknown tab answer 422 at their paths', async () => {
    const r = await s.api('PUT', '/api/preferences', {
      as: 'contractor_a',
      body: { sla_days_in_stage: { Review: 400, Apply: 1.5, Canceled: 3 } },
    });
    expect(r.status).toBe(422);
    const paths = (r.body.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['sla_days_in_stage.Review', 'sla_days_in_stage.Apply', 'sla_days_in_stage']),
    );
    // The old one-integer shape is read, never written.
    expect(
      (await s.api('PUT', '/api/preferences', { as: 'contractor_a', body: { sla_days_in_stage: 7 } })).status,
    ).toBe(422);
    // Nothing was saved by the refused calls.
    expect((await s.api('GET', '/api/preferences', { as: 'contractor_a' })).body.sla_days_in_stage).toEqual({
      Review: 2,
      Pay: 30,
    });
  });

  it('an unknown preference answers 422 at its name; a body that is not an object 400', async () => {
    const r = await s.api('PUT', '/api/preferences', { as: 'contractor_a', body: { bucket_colour: 'red' } });
    expect(r.status).toBe(422);
    expect(r.body.errors[0].path).toBe('bucket_colour');
    expect((await s.api('PUT', '/api/preferences', { as: 'contractor_a', body: [1] })).status).toBe(400);
  });
});
