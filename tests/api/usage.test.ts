/**
 * Energy usage collection end to end over HTTP (spec sect. 4): the portal, its background worker, and the
 * simulated utility (sim/utility) over loopback. A RECO job's usage task opens, the homeowner is mailed a
 * link, opens the collection page, consents, signs in at the utility (every scenario of the simulator),
 * and the worker walks the nine steps: statuses, each audience's wording, history rows, the job's usage
 * facts and the task that completes itself. Also: a decline (the program asks for bills), the staff
 * actions, and a worker killed mid-collection that resumes with one set of usage rows.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { filled } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { USAGE_WORK, usageHandlers } from '../../server/workflows/usage/usage-work.ts';
import { leaseWork } from '../../server/db/work.db.ts';
import { startUtilitySimulator } from '../../sim/utility/server.ts';
import { httpUtilityData } from '../../server/adapters/utility-data.ts';
import { TWO_FACTOR_CODE } from '../../sim/utility/scenarios.ts';
import { USAGE_MESSAGES, type JobUsage } from '../../engine/api/usage.ts';
import { dbAll } from '../support/db.ts';
import { monthValue } from '../../sim/utility/usage-data.ts';

let s: TestServer;
let sim: Awaited<ReturnType<typeof startUtilitySimulator>>;
let worker: Worker;
let clock = new Date('2026-06-01T15:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

const MAHWAH = {
  address: '10 Franklin Tpke',
  city: 'Mahwah',
  county: 'Bergen',
  state: 'NJ',
  zip: '07430',
  lat: 41.0887,
  lon: -74.1438,
  electric_utility: 'Rockland Electric Company',
  gas_utility: 'Public Service Electric and Gas',
};
let n = 0;

beforeAll(async () => {
  sim = await startUtilitySimulator({ now: () => clock, validation_ms: 0 });
  s = await startServer({
    config: { utility_data_url: sim.url, public_url: 'https://portal.example.test' },
    now: () => clock,
  });
  worker = createWorker(s.deps.db, { handlers: usageHandlers(s.deps), now: () => clock });
});
afterAll(async () => {
  await s.close();
  await sim.close();
});

/** A RECO job whose usage task has opened (the homeowner's energy sources answered). */
async function recoJob(email: string | null = `home${n + 1}@reco.test`) {
  n += 1;
  const r = await s.api('POST', '/api/jobs', {
    as: 'ops',
    body: {
      first_name: 'Rita',
      last_name: `Reco${n}`,
      ...(email ? { email } : {}),
      phone_number: '201-555-0100',
      ...MAHWAH,
      address: `${n} Franklin Tpke`,
      program_id: 'reco',
      contractor_id: s.ids.contractor_a,
    },
  });
  expect(r.status).toBe(201);
  const job = r.body as { id: number; code: string };
  const cur = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_energy_sources_and_utilities`, { as: 'ops' });
  const sub = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_energy_sources_and_utilities/submit`, {
    as: 'ops',
    body: {
      data: filled('provide_energy_sources_and_utilities', {
        has_lived_for_year: true,
        new_heating_source_within_year: false,
      }),
      version: cur.body.version ?? 0,
    },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  return job;
}

/** The collection link mailed to an address (the newest), from the outbox. */
async function linkOf(email: string): Promise<string> {
  const outbox = await s.api('GET', '/api/auth/outbox', { as: 'ops' });
  const mails = (outbox.body as { to_address: string; body: string }[]).filter((m) => m.to_address === email);
  const token = mails
    .map((m) => /\/connect\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1])
    .filter(Boolean)
    .pop();
  expect(token, `a collection link mailed to ${email}`).toBeTruthy();
  return token!;
}

/** Signs in at the simulated utility's page as a homeowner would (forms, redirects not followed). */
async function signInAtUtility(url: string, username: string, code?: string) {
  expect((await fetch(url)).status).toBe(200);
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual' as const,
  });
  const r = await fetch(url, form({ utility: 'We Energies', username, password: 'secret password' }));
  if (code !== undefined) {
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('code');
    const c = await fetch(`${url}/code`, form({ code }));
    expect([303, 302]).toContain(c.status);
    return c.headers.get('location');
  }
  expect([303, 302]).toContain(r.status);
  return r.headers.get('location');
}

const usageAs = async (jobId: number, as: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner') =>
  await s.api<JobUsage>('GET', `/api/jobs/${jobId}/usage`, { as });
const stepsOf = (u: JobUsage) => Object.fromEntries(u.stages.flatMap((st) => st.steps.map((x) => [x.key, x])));
const statuses = (u: JobUsage) => Object.fromEntries(u.stages.flatMap((st) => st.steps.map((x) => [x.key, x.status])));

/** A job through invite, page, consent and the utility's sign-in as `username`; the worker drained. */
async function connectAs(username: string, code?: string) {
  const email = `home${n + 1}@reco.test`;
  const job = await recoJob(email);
  await worker.drain();
  const token = await linkOf(email);
  const view = await s.api('GET', `/api/usage-connect/${token}`);
  expect(view.status).toBe(200);
  const start = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
  expect(start.status).toBe(200);
  const back = await signInAtUtility(start.body.url, username, code);
  expect(back).toContain(`/connect/${token}`);
  expect((await s.api('GET', `/api/usage-connect/${token}?returned=true`)).status).toBe(200);
  await worker.drain();
  return { job, token, email };
}

async function historyTypes(jobId: number): Promise<string[]> {
  const h = await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' });
  expect(h.status).toBe(200);
  return (h.body.items ?? h.body).map((x: { type: string }) => x.type);
}

describe('energy usage collection', () => {
  it('an accepted sign-in walks all nine steps: Complete, Collected, the task done by itself, the profile as facts and prefilled for ops', async () => {
    const { job, token } = await connectAs('homeowner');
    const ops = (await usageAs(job.id, 'ops')).body;
    expect(Object.values(statuses(ops))).toEqual(Array(9).fill('success'));
    expect(ops.overall).toEqual({ status: 'complete', label: 'Complete' });
    expect(ops.history).toEqual({ status: 'collected', label: 'Collected' });
    expect(ops.stages.map((x) => x.label)).toEqual(['Invite', 'Authenticate', 'Collect', 'Process']);
    expect(ops.meters.map((m) => m.service).sort()).toEqual(['electric', 'gas']);
    expect(ops.meters.every((m) => m.selected && m.readings >= 13)).toBe(true);
    expect(ops.profile?.months_covered).toBe(12);
    expect(Number(ops.profile?.annual_baseline_kwh)).toBeGreaterThan(0);
    expect(ops.in_progress).toBe(false);
    expect(ops.actions).toEqual(
      expect.arrayContaining(['process_historical', 'select_meters', 'subscribe_meters', 'resend_invite']),
    );

    // The usage task completed itself with the connection the server recorded.
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' });
    expect(task.body.status).toBe('COMPLETE');
    expect(task.body.data).toMatchObject({
      utility_data_consent: true,
      authorized_accounts: ['electric', 'gas'],
      utility_name: 'We Energies',
      authorized_on: '2026-06-01',
    });
    expect(task.body.data.authorization_reference).toMatch(/^[A-Za-z0-9_-]+$/);
    // RECO passes stage 2's usage step: the review task is prefilled from the derived profile.
    const review = await s.api('GET', `/api/jobs/${job.id}/tasks/review_electric_and_gas_usage`, { as: 'ops' });
    expect(review.body.data.annual_baseline_kwh).toBe(ops.profile?.annual_baseline_kwh);
    expect(review.body.data.annual_heating_therms).toBe(ops.profile?.annual_heating_therms);

    const types = await historyTypes(job.id);
    for (const t of [
      'usage_invite_sent',
      'usage_page_visited',
      'usage_consent_given',
      'usage_connected',
      'task_completed_by_usage',
      'usage_collected',
    ])
      expect(types).toContain(t);
    // The homeowner's page: nothing more to do.
    const page = await s.api('GET', `/api/usage-connect/${token}`);
    expect(page.body).toMatchObject({
      state: 'complete',
      can_connect: false,
      message: expect.stringContaining('nothing more to do'),
    });
  });

  it.each([
    [
      'wrong-password',
      undefined,
      'wrong_password',
      'Credential validation failed: the utility rejected the username or password',
    ],
    ['fail-2fa', '000000', 'two_factor_failed', 'Credential validation failed at 2FA: the code was not accepted'],
    ['expired-2fa', '000000', 'two_factor_expired', 'Credential validation failed at 2FA'],
    ['good-2fa', '999999', 'two_factor_failed', 'Credential validation failed at 2FA'],
    ['locked', undefined, 'account_locked', 'locked'],
    ['site-down', undefined, 'site_down', "the utility's website did not respond"],
  ])(
    '%s fails validate credentials: ops read the service’s detail, the contractor the softer wording, the homeowner what to do',
    async (username, code, failure, detail) => {
      const { job, token } = await connectAs(username, code);
      const ops = (await usageAs(job.id, 'ops')).body;
      const st = statuses(ops);
      expect(st).toMatchObject({
        send_homeowner_invite: 'success',
        visit_collection_page: 'success',
        attempt_authentication: 'success',
        validate_credentials: 'failure',
        identify_meters: 'not_attempted',
      });
      expect(ops.overall.status).toBe('failed');
      expect(ops.history.status).toBe('pending');
      expect(stepsOf(ops).validate_credentials.words).toContain(detail);
      const contractor = (await usageAs(job.id, 'contractor_a')).body;
      expect(stepsOf(contractor).validate_credentials.words).toBe('The utility did not accept the sign-in');
      expect(JSON.stringify(contractor)).not.toContain('Credential validation');
      expect(contractor.meters).toEqual([]);
      expect(contractor.actions).toEqual([]);
      const page = (await s.api('GET', `/api/usage-connect/${token}`)).body;
      expect(page.state).toBe('retry');
      expect(page.can_connect).toBe(true);
      expect(page.message).not.toContain('Credential validation');
      expect(page.message.length).toBeGreaterThan(20);
      // Every role reads the homeowner's next step as their page says it.
      expect(contractor.homeowner_next_step).toBe(page.message);
      expect((await usageAs(job.id, 'ops')).body.homeowner_next_step).toBe(page.message);
      expect(await historyTypes(job.id)).toContain('usage_credentials_failed');
      expect(
        (await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' })).body.status,
      ).not.toBe('COMPLETE');
      void failure;
    },
  );

  it('the utility’s sign-in page starts from the job’s utility and names the home and the job’s code', async () => {
    // Issue 42: a New Jersey home was offered a Californian utility and read "job-8" as the reference.
    const email = `home${n + 1}@reco.test`;
    const job = await recoJob(email);
    await worker.drain();
    const token = await linkOf(email);
    const start = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
    expect(start.status).toBe(200);
    const page = await (await fetch(start.body.url as string)).text();
    const selected = [...page.matchAll(/<option([^>]*) selected[^>]*>([^<]*)</g)].map((m) => m[2]);
    expect(selected).toEqual([MAHWAH.electric_utility]);
    expect(page).toContain(`<strong>${n} Franklin Tpke, Mahwah, NJ (rebate job ${job.code})</strong>`);
    expect(page).not.toContain(`job-${job.id}`);
  });

  it('a failed 2FA then a good sign-in on the same link: the steps start over from the new attempt and complete', async () => {
    const { job, token } = await connectAs('fail-2fa', '111111');
    expect((await usageAs(job.id, 'ops')).body.overall.status).toBe('failed');
    const again = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
    tick(60_000);
    await signInAtUtility(again.body.url, 'good-2fa', TWO_FACTOR_CODE);
    await s.api('GET', `/api/usage-connect/${token}?returned=true`);
    await worker.drain();
    const ops = (await usageAs(job.id, 'ops')).body;
    expect(ops.overall.status).toBe('complete');
    expect(stepsOf(ops).attempt_authentication.words).toContain('attempt 2');
  });

  it('the time-out scenario stays in progress while the utility decides, then fails as timed out', async () => {
    const sim2 = await startUtilitySimulator({ now: () => clock, validation_ms: 1_000 });
    const s2 = await startServer({
      config: { utility_data_url: sim2.url, public_url: 'https://portal.example.test' },
      now: () => clock,
    });
    try {
      const w2 = createWorker(s2.deps.db, { handlers: usageHandlers(s2.deps), now: () => clock });
      const r = await s2.api('POST', '/api/jobs', {
        as: 'ops',
        body: {
          first_name: 'Tim',
          last_name: 'Out',
          email: 'tim@reco.test',
          ...MAHWAH,
          program_id: 'reco',
          contractor_id: s2.ids.contractor_a,
        },
      });
      await s2.api('POST', `/api/jobs/${r.body.id}/tasks/provide_energy_sources_and_utilities/submit`, {
        as: 'ops',
        body: {
          data: filled('provide_energy_sources_and_utilities', {
            has_lived_for_year: true,
            new_heating_source_within_year: false,
          }),
          version: 0,
        },
      });
      await w2.drain();
      const outbox = await s2.api('GET', '/api/auth/outbox', { as: 'ops' });
      const token = /\/connect\/([A-Za-z0-9_-]+)/.exec(
        outbox.body.find((m: { to_address: string }) => m.to_address === 'tim@reco.test').body,
      )![1];
      const start = await s2.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
      await signInAtUtility(start.body.url, 'timeout');
      await w2.drain();
      const during = (await s2.api<JobUsage>('GET', `/api/jobs/${r.body.id}/usage`, { as: 'ops' })).body;
      expect(statuses(during).validate_credentials).toBe('not_attempted');
      expect(during.overall.status).toBe('in_progress');
      expect(during.in_progress).toBe(true); // a check is queued: the page polls
      expect((await s2.api('GET', `/api/usage-connect/${token}`)).body.state).toBe('verifying');
      tick(20_000);
      await w2.drain();
      const after = (await s2.api<JobUsage>('GET', `/api/jobs/${r.body.id}/usage`, { as: 'ops' })).body;
      expect(statuses(after).validate_credentials).toBe('failure');
      expect(stepsOf(after).validate_credentials.words).toContain('timed out');
    } finally {
      await s2.close();
      await sim2.close();
    }
  });

  it('no meters fails identify meters; partial data fails evaluate usage with the months; revoked later fails the next run', async () => {
    const none = await connectAs('no-meters');
    const a = (await usageAs(none.job.id, 'ops')).body;
    expect(statuses(a)).toMatchObject({
      validate_credentials: 'success',
      identify_meters: 'failure',
      extract_usage_from_utility: 'not_attempted',
    });
    expect(a.history.status).toBe('connected');
    expect(stepsOf(a).identify_meters.words).toBe('The utility account has no electric or gas meters');

    const partial = await connectAs('partial');
    const b = (await usageAs(partial.job.id, 'ops')).body;
    expect(statuses(b)).toMatchObject({
      collect_from_vendor: 'success',
      evaluate_usage: 'failure',
      set_derived_usage_profile: 'not_attempted',
    });
    expect(stepsOf(b).evaluate_usage.words).toBe('Only 5 of the 12 months of usage the program needs');
    expect(stepsOf((await usageAs(partial.job.id, 'contractor_a')).body).evaluate_usage.words).toBe(
      'Usage could not be evaluated',
    );
    expect(b.profile?.months_covered).toBe(5);

    const revoked = await connectAs('revoke-later');
    expect((await usageAs(revoked.job.id, 'ops')).body.overall.status).toBe('complete');
    const run = await s.api('POST', `/api/jobs/${revoked.job.id}/usage/actions`, {
      as: 'ops',
      body: { action: 'process_historical' },
    });
    expect(run.status).toBe(200);
    await worker.drain();
    const c = (await usageAs(revoked.job.id, 'ops')).body;
    expect(c.overall.status).toBe('failed');
    expect(stepsOf(c).identify_meters.words).toContain('revoked');
    expect(await historyTypes(revoked.job.id)).toContain('usage_collection_failed');
  });

  it('staff actions: select meters, subscribe, process ongoing and historical, resend; each in history; contractors may not', async () => {
    const { job, email } = await connectAs('electric-only');
    const u = (await usageAs(job.id, 'ops')).body;
    expect(u.meters).toHaveLength(1);
    const meter = u.meters[0].id;
    const act = (body: Record<string, unknown>, as: 'ops' | 'contractor_a' = 'ops') =>
      s.api<JobUsage>('POST', `/api/jobs/${job.id}/usage/actions`, { as, body });
    expect((await act({ action: 'process_historical' }, 'contractor_a')).status).toBe(403);
    expect((await act({ action: 'select_meters', meter_ids: ['nope'] })).status).toBe(422);
    expect((await act({ action: 'select_meters', meter_ids: [] })).status).toBe(422);
    expect((await act({ action: 'select_meters', meter_ids: [meter] })).status).toBe(200);
    expect((await act({ action: 'process_ongoing' })).status).toBe(200); // offered only once subscribed, but harmless
    const sub = await act({ action: 'subscribe_meters' });
    expect(sub.status).toBe(200);
    expect(sub.body.meters[0].subscribed).toBe(true);
    expect(sub.body.actions).toContain('process_ongoing');
    await worker.drain();
    const resend = await act({ action: 'resend_invite' });
    expect(resend.status).toBe(200);
    await worker.drain();
    const outbox = await s.api('GET', '/api/auth/outbox', { as: 'ops' });
    expect((outbox.body as { to_address: string }[]).filter((m) => m.to_address === email)).toHaveLength(2);
    const types = await historyTypes(job.id);
    for (const t of ['usage_select_meters', 'usage_subscribe_meters', 'usage_process_ongoing', 'usage_resend_invite'])
      expect(types).toContain(t);
    // Readings stay one per meter and month, however many runs.
    const rows = await dbAll(
      s.deps,
      'SELECT meter_id, start, COUNT(*) AS n FROM usage_readings GROUP BY meter_id, start HAVING COUNT(*) > 1',
    );
    expect(rows).toEqual([]);
  });

  it('a homeowner who declines: the task completes with consent No and the program asks for bills', async () => {
    const email = `home${n + 1}@reco.test`;
    const job = await recoJob(email);
    await worker.drain();
    const token = await linkOf(email);
    const r = await s.api('POST', `/api/usage-connect/${token}/decline`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'declined', can_connect: false });
    expect((await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } })).status).toBe(409);
    const detail = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    const tasks = detail.body.tasks as { id: string; status: string }[];
    expect(tasks.find((t) => t.id === 'provide_utility_credentials')?.status).toBe('COMPLETE');
    expect(tasks.find((t) => t.id === 'upload_utility_bills')?.status).toBe('READY');
  });

  describe('consent is final: connect and decline are single-use, serialized, and a decline revokes', () => {
    /** The authorization's status at the utility (a revoked one may answer 410). */
    const statusAtService = async (jobId: number) =>
      await httpUtilityData(sim.url)
        .getAuthorization(await authorizationOf(jobId))
        .then(
          (a) => a.status,
          (e: { code?: string }) => e.code,
        );
    const authorizationOf = async (jobId: number) =>
      (
        await dbAll<{ authorization_id: string }>(
          s.deps,
          `SELECT authorization_id FROM usage_collections WHERE job_id = ${jobId}`,
        )
      )[0].authorization_id;
    const count = (types: string[], t: string) => types.filter((x) => x === t).length;
    /** A job whose invite went out; its collection link. */
    async function invited() {
      const email = `home${n + 1}@reco.test`;
      const job = await recoJob(email);
      await worker.drain();
      return { job, token: await linkOf(email) };
    }

    it('connect then decline: a withdrawal; a sign-in at the utility afterwards collects nothing, and the authorization is revoked there', async () => {
      const { job, token } = await invited();
      const start = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
      expect(start.status).toBe(200);
      const d = await s.api('POST', `/api/usage-connect/${token}/decline`);
      expect(d.status).toBe(200);
      expect(d.body).toMatchObject({ state: 'declined', can_connect: false });
      // Single-use: a second decline and a connect after it are refused and change nothing.
      for (let i = 0; i < 3; i++) {
        const again = await s.api('POST', `/api/usage-connect/${token}/decline`);
        expect(again.status).toBe(409);
        expect(again.body.detail).toBe(USAGE_MESSAGES.already_decided);
      }
      expect((await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } })).status).toBe(
        409,
      );
      // The homeowner signs in at the utility's page anyway (a tab left open): the worker records nothing of it.
      await signInAtUtility(start.body.url, 'homeowner').catch(() => undefined);
      await s.api('GET', `/api/usage-connect/${token}?returned=true`);
      await worker.drain();
      const types = await historyTypes(job.id);
      expect(count(types, 'usage_consent_given')).toBe(1);
      expect(count(types, 'usage_consent_withdrawn')).toBe(1);
      expect(types).not.toContain('usage_declined');
      expect(types).not.toContain('usage_connected');
      expect(types).not.toContain('usage_collected');
      expect(await statusAtService(job.id)).toBe('revoked');
      const ops = (await usageAs(job.id, 'ops')).body;
      expect(ops.consent).toBe(false);
      expect(ops.withdrawn_at).toBe(clock.toISOString());
      expect(ops.actions).toEqual([]);
      const act = await s.api('POST', `/api/jobs/${job.id}/usage/actions`, {
        as: 'ops',
        body: { action: 'process_historical' },
      });
      expect(act.status).toBe(409);
      expect(act.body.detail).toBe(USAGE_MESSAGES.declined);
      const task = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' });
      expect(task.body.data.utility_data_consent).toBe(false);
    });

    it('decline then connect: the decline stands, told once in history', async () => {
      const { job, token } = await invited();
      expect((await s.api('POST', `/api/usage-connect/${token}/decline`)).status).toBe(200);
      const c = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
      expect(c.status).toBe(409);
      expect(c.body.detail).toBe(USAGE_MESSAGES.already_decided);
      await worker.drain();
      const types = await historyTypes(job.id);
      expect(count(types, 'usage_declined')).toBe(1);
      expect(types).not.toContain('usage_consent_given');
      expect(await statusAtService(job.id)).toBe('revoked');
    });

    it('connect and decline at the same moment, and decline sent many times at once: one outcome, declined, told once', async () => {
      for (let round = 0; round < 3; round++) {
        const { job, token } = await invited();
        const answers = await Promise.all([
          s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } }),
          s.api('POST', `/api/usage-connect/${token}/decline`),
          s.api('POST', `/api/usage-connect/${token}/decline`),
          s.api('POST', `/api/usage-connect/${token}/decline`),
        ]);
        const [connect, ...declines] = answers.map((a) => a.status);
        expect(
          answers.every((a) => a.status < 500),
          JSON.stringify(answers.map((a) => a.body)),
        ).toBe(true);
        expect(declines.filter((x) => x === 200)).toHaveLength(1);
        expect(declines.filter((x) => x === 409)).toHaveLength(2);
        expect([200, 409]).toContain(connect);
        await worker.drain();
        const types = await historyTypes(job.id);
        expect(count(types, 'usage_declined') + count(types, 'usage_consent_withdrawn')).toBe(1);
        expect(count(types, 'usage_consent_given')).toBe(connect === 200 ? 1 : 0);
        const ops = (await usageAs(job.id, 'ops')).body;
        expect(ops.consent).toBe(false);
        const task = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' });
        expect(task.body.status).toBe('COMPLETE');
        expect(task.body.data.utility_data_consent).toBe(false);
      }
    });

    it('a withdrawal after usage was collected: what was collected stays, marked so for ops; nothing more is collected', async () => {
      const { job, token } = await connectAs('homeowner');
      const before = (await usageAs(job.id, 'ops')).body;
      expect(before.meters.some((m) => m.readings > 0)).toBe(true);
      expect(before.meters.every((m) => !m.collected_before_withdrawal)).toBe(true);
      const d = await s.api('POST', `/api/usage-connect/${token}/decline`);
      expect(d.status).toBe(200);
      await worker.drain();
      const after = (await usageAs(job.id, 'ops')).body;
      expect(after.withdrawn_at).not.toBeNull();
      expect(after.meters.filter((m) => m.readings > 0).every((m) => m.collected_before_withdrawal)).toBe(true);
      expect(after.actions).toEqual([]);
      const contractor = (await usageAs(job.id, 'contractor_a')).body;
      expect(contractor.meters).toEqual([]);
      const types = await historyTypes(job.id);
      expect(count(types, 'usage_consent_withdrawn')).toBe(1);
      expect(await statusAtService(job.id)).toBe('revoked');
    });
  });

  it('links: unknown is 404, expired is 410; a job with no homeowner email fails the invite step; bodies are checked', async () => {
    expect((await s.api('GET', '/api/usage-connect/not-a-real-token')).body.code).toBe('usage_link_invalid');
    const email = `home${n + 1}@reco.test`;
    const job = await recoJob(email);
    await worker.drain();
    const token = await linkOf(email);
    expect((await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: false } })).status).toBe(422);
    const saved = clock;
    tick(31 * 86_400_000);
    const old = await s.api('GET', `/api/usage-connect/${token}`);
    expect(old.status).toBe(410);
    expect(old.body.detail).toBe(USAGE_MESSAGES.link_expired);
    clock = saved;
    void job;

    const noMail = await recoJob(null);
    await worker.drain();
    const u = (await usageAs(noMail.id, 'ops')).body;
    expect(statuses(u).send_homeowner_invite).toBe('failure');
    expect(stepsOf(u).send_homeowner_invite.words).toContain('no homeowner email');
  });

  it('the utility data service down: the invite step says so for ops, the worker retries, and the invite goes once it is back', async () => {
    const working = s.deps.adapters.usage;
    s.deps.adapters.usage = httpUtilityData('http://127.0.0.1:9', { timeout_ms: 2_000 });
    try {
      const email = `home${n + 1}@reco.test`;
      const job = await recoJob(email);
      await worker.drain();
      const down = (await usageAs(job.id, 'ops')).body;
      expect(statuses(down).send_homeowner_invite).toBe('failure');
      expect(stepsOf(down).send_homeowner_invite.words).toMatch(/^The utility data service did not answer: .+/);
      expect(stepsOf((await usageAs(job.id, 'contractor_a')).body).send_homeowner_invite.words).toBe(
        'The invite could not be sent yet',
      );
      expect(down.in_progress).toBe(true); // the retry is queued
      s.deps.adapters.usage = working;
      tick(60_000);
      await worker.drain();
      const up = (await usageAs(job.id, 'ops')).body;
      expect(statuses(up).send_homeowner_invite).toBe('success');
      expect(await linkOf(email)).toBeTruthy();
    } finally {
      s.deps.adapters.usage = working;
    }
  });

  it('no submission sets the connection: a contractor typing a reference gets it replaced by the server', async () => {
    const job = await recoJob();
    const cur = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' });
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_utility_credentials/submit`, {
      as: 'ops',
      body: {
        data: {
          utility_name: 'X',
          account_holder_name: 'Y Z',
          utility_data_consent: true,
          authorized_accounts: ['electric'],
          authorization_reference: 'typed-by-hand',
        },
        version: cur.body.version ?? 0,
      },
    });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('finish signing in');
  });

  it('a worker killed mid-collection (lease taken, never finished) resumes and leaves one set of usage rows', async () => {
    const email = `home${n + 1}@reco.test`;
    const job = await recoJob(email);
    await worker.drain();
    const token = await linkOf(email);
    const start = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
    await signInAtUtility(start.body.url, 'homeowner');
    // Run everything but the collection; then a worker "dies" holding the collect item.
    await createWorker(s.deps.db, {
      handlers: { [USAGE_WORK.check]: usageHandlers(s.deps)[USAGE_WORK.check] },
      now: () => clock,
    }).drain();
    const [held] = await leaseWork(s.deps.db, {
      owner: 'killed-worker',
      now: clock,
      lease_ms: 60_000,
      kinds: [USAGE_WORK.collect],
    });
    expect(held.kind).toBe(USAGE_WORK.collect);
    // Its effect half done: the same handler ran (as the dead worker did before dying), without finishing the item.
    await usageHandlers(s.deps)[USAGE_WORK.collect]({ ...held, data: JSON.parse(held.payload) }, s.deps.db);
    expect(await worker.drain()).toBe(0); // leased: nobody else takes it yet
    tick(61_000);
    expect(await worker.drain()).toBeGreaterThan(0);
    const u = (await usageAs(job.id, 'ops')).body;
    expect(u.overall.status).toBe('complete');
    const counts = await dbAll<{ n: number }>(
      s.deps,
      'SELECT COUNT(*) AS n FROM usage_readings r JOIN usage_collections c ON c.id = r.collection_id WHERE c.job_id = ?',
      job.id,
    );
    expect(Number(counts[0].n)).toBe(u.meters.reduce((t, m) => t + m.readings, 0));
    const dup = await dbAll(
      s.deps,
      'SELECT meter_id, start FROM usage_readings GROUP BY collection_id, meter_id, start HAVING COUNT(*) > 1',
    );
    expect(dup).toEqual([]);
    expect((await historyTypes(job.id)).filter((t) => t === 'usage_collected')).toHaveLength(1);
  });
});

describe('Green Button feeds as utilities send them (the simulated utility in Pacific time, collected on 1 June 2026)', () => {
  /** The job's usage for ops, and the authorization and meters its model is keyed by. */
  async function collected(username: string) {
    const { job, token } = await connectAs(username);
    const ops = (await usageAs(job.id, 'ops')).body;
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_utility_credentials`, { as: 'ops' });
    const authorization = String(task.body.data.authorization_reference);
    const meter = (service: 'electric' | 'gas') => ops.meters.find((m) => m.service === service)!.id;
    return { job, token, ops, authorization, meter };
  }
  /** The months May 2025 to April 2026 (or June 2025 to May 2026), with their days. */
  const months = (first: string) =>
    Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5)) - 1 + i, 1));
      const days = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      return { month: d.toISOString().slice(0, 7), index: d.getUTCMonth(), days };
    });
  /** The simulated utility's whole-month usage, as the feed's whole Wh or thousandths of a therm round it. */
  const model = (authorization: string, meter: string, service: 'electric' | 'gas', first: string) =>
    months(first).map(
      (m) => Math.round(monthValue(service, `${authorization}:${meter}`, m.index, m.days, m.month) * 1000) / 1000,
    );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  /**
   * A figure the portal rounds to `step` from the same readings the model sums a month at a time: the two sums differ
   * in their last float digits, so a figure on a half step may round either way (7,006.5 -> 7,006 or 7,007).
   */
  const rounded = (exact: number, step = 1) => ({
    asymmetricMatch: (actual: unknown) => typeof actual === 'number' && Math.abs(actual - exact) <= step / 2 + 0.01,
    toString: () => `a figure rounded from ${exact} to a step of ${step}`,
    toAsymmetricMatcher: () => `rounded(${exact}, ${step})`,
  });
  /** Baseline by hand: the mean of the two lowest months, x 12. */
  const baseline = (values: number[]) => {
    const [a, b] = [...values].sort((x, y) => x - y);
    return ((a + b) / 2) * 12;
  };

  it('hourly readings in local time: 12 local months, May 2025 to April 2026; May 2026, cut at UTC midnight, is partial and left out', async () => {
    const { ops, authorization, meter } = await collected('pacific');
    const electric = model(authorization, meter('electric'), 'electric', '2025-05');
    const gas = model(authorization, meter('gas'), 'gas', '2025-05');
    expect(ops.overall.status).toBe('complete');
    expect(ops.profile).toMatchObject({
      months_covered: 12,
      first_month: '2025-05',
      last_month: '2026-04',
      annual_total_kwh: rounded(sum(electric)),
      annual_baseline_kwh: rounded(baseline(electric)),
      annual_total_therms: rounded(sum(gas), 0.1),
      annual_received_kwh: null,
      partial_month_handling: 'left_out',
      // Collected up to 1 June 00:00 UTC: 31 May 17:00 in Los Angeles, 30 days and 17 hours of May.
      partial_months: [
        { service: 'electric', month: '2026-05', days_covered: 30.7, days: 31 },
        { service: 'gas', month: '2026-05', days_covered: 30.7, days: 31 },
      ],
    });
    expect(stepsOf(ops).extract_usage_from_utility.words).toMatch(/^\d+ readings from 2 meters, 2025-05 to 2026-05$/);
  });

  it('a history starting mid-month: the first month (17 to 31 May 2025) is partial and named; twelve whole months after it', async () => {
    const { ops, authorization, meter } = await collected('partial-month');
    const electric = model(authorization, meter('electric'), 'electric', '2025-06');
    expect(ops.profile).toMatchObject({
      months_covered: 12,
      first_month: '2025-06',
      last_month: '2026-05',
      annual_total_kwh: rounded(sum(electric)),
      partial_months: [
        { service: 'electric', month: '2025-05', days_covered: 15, days: 31 },
        { service: 'gas', month: '2025-05', days_covered: 15, days: 31 },
      ],
    });
  });

  it('a solar home: usage is what was delivered; received and net are kept for ops (net = delivered - received)', async () => {
    const { ops, authorization, meter } = await collected('solar');
    const electric = model(authorization, meter('electric'), 'electric', '2025-05');
    const p = ops.profile!;
    expect(p).toMatchObject({ months_covered: 12, annual_total_kwh: rounded(sum(electric)) });
    expect(Number(p.annual_received_kwh)).toBeGreaterThan(1000);
    expect(
      Math.abs(Number(p.annual_net_kwh) - (Number(p.annual_total_kwh) - Number(p.annual_received_kwh))),
    ).toBeLessThanOrEqual(1);
    // Every channel is stored: three readings an hour.
    const rows = await dbAll<{ channel: string; n: number }>(
      s.deps,
      'SELECT channel, COUNT(*) AS n FROM usage_readings WHERE meter_id = ? GROUP BY channel ORDER BY channel',
      meter('electric'),
    );
    expect(rows.map((r) => r.channel)).toEqual(['delivered', 'net', 'received']);
    expect(new Set(rows.map((r) => Number(r.n))).size).toBe(1);
  });

  it('a 15-minute feed aggregates like the rest', async () => {
    const { ops, authorization, meter } = await collected('interval-15');
    const electric = model(authorization, meter('electric'), 'electric', '2025-05');
    expect(ops.profile).toMatchObject({
      months_covered: 12,
      last_month: '2026-04',
      annual_total_kwh: rounded(sum(electric)),
      annual_baseline_kwh: rounded(baseline(electric)),
    });
    expect(ops.meters[0].readings).toBe((365 + 31) * 96 - 7 * 4);
  });

  it('monthly gas bills read on the 14th, therms x 10^-5: each counts in its month, none partial', async () => {
    const { ops, authorization, meter } = await collected('gas-bill');
    // Bills from 14 May 2025 to 14 May 2026 (the one ending 14 June is not out yet), at local midnight.
    const bills = months('2025-05').map((m) => {
      const from = Date.UTC(Number(m.month.slice(0, 4)), m.index, 14);
      const to = Date.UTC(Number(m.month.slice(0, 4)), m.index + 1, 14);
      const hours = m.month === '2025-10' ? 1 : m.month === '2026-02' ? -1 : 0; // DST ends, begins
      const days = (to - from) / 86_400_000 + hours / 24;
      return Math.round(monthValue('gas', `${authorization}:${meter('gas')}`, m.index, days, m.month) * 1e5) / 1e5;
    });
    expect(ops.profile).toMatchObject({
      months_covered: 12,
      first_month: '2025-05',
      last_month: '2026-04',
      annual_total_therms: rounded(sum(bills), 0.1),
      annual_baseline_therms: rounded(baseline(bills), 0.1),
      partial_months: [],
    });
  });

  it('an unreadable feed fails once, for good: worded for ops and the homeowner, not retried; ops choose the other meter', async () => {
    const { job, token, ops } = await collected('unreadable-feed');
    expect(statuses(ops)).toMatchObject({
      identify_meters: 'success',
      extract_usage_from_utility: 'failure',
      collect_from_vendor: 'not_attempted',
    });
    expect(stepsOf(ops).extract_usage_from_utility.words).toMatch(
      /^The utility's Green Button usage data could not be read \(not retried\): .*answered a feed that cannot be read: the feed has no ReadingType of electric delivered in Wh \(uom 72\); ignored: uom 38$/,
    );
    expect(ops.in_progress).toBe(false);
    expect(await worker.drain()).toBe(0);
    const page = (await s.api('GET', `/api/usage-connect/${token}`)).body;
    expect(page.message).toBe(
      'Your utility sent your usage in a form we could not read. We may ask you for your utility bills instead; you do not need to connect again.',
    );
    expect(stepsOf((await usageAs(job.id, 'contractor_a')).body).extract_usage_from_utility.words).toBe(
      'Usage not received',
    );
    const failed = await dbAll<{ detail: string }>(
      s.deps,
      "SELECT detail FROM history WHERE job_id = ? AND type = 'usage_collection_failed'",
      job.id,
    );
    expect(failed.map((h) => JSON.parse(h.detail).failure)).toEqual(['unreadable_feed']);

    // Ops keep the gas meter only and process the history again: it completes, with no electric usage.
    const gasId = ops.meters.find((m) => m.service === 'gas')!.id;
    for (const body of [{ action: 'select_meters', meter_ids: [gasId] }, { action: 'process_historical' }])
      expect((await s.api('POST', `/api/jobs/${job.id}/usage/actions`, { as: 'ops', body })).status).toBe(200);
    await worker.drain();
    const after = (await usageAs(job.id, 'ops')).body;
    expect(after.overall.status).toBe('complete');
    expect(after.profile).toMatchObject({ months_covered: 12, annual_total_kwh: 0, annual_baseline_kwh: 0 });
    expect(Number(after.profile?.annual_total_therms)).toBeGreaterThan(100);
  });
});
