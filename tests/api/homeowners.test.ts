/**
 * Homeowners brought onto the portal over HTTP: the contractor (or ops) invites the homeowner with the
 * tasks to send them; the mail's one-time link creates the homeowner's account (or links an existing one)
 * to the job and opens a session; the homeowner sees exactly the sent tasks and answers them. A contractor
 * answers a homeowner task only where the program allows it on the homeowner's behalf (recorded so), never
 * a signature; ops mail a linked homeowner a new sign-in link.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, filled } from './fixtures.ts';
import { HOMEOWNER_MESSAGES, INVITE_DAYS } from '../../server/workflows/homeowners/homeowners.service.ts';
import { ACCESS_MESSAGES } from '../../server/services/access.ts';

let s: TestServer;
let clock = new Date('2026-06-01T15:00:00.000Z');
beforeAll(async () => {
  s = await startServer({ now: () => clock });
});
afterAll(() => s.close());

interface Mail {
  to_address: string;
  subject: string;
  body: string;
}
const outbox = async () => (await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body as Mail[];
/** The newest mail to an address, and the token of its invitation link. */
async function inviteMailTo(email: string) {
  const m = (await outbox()).find((x) => x.to_address === email);
  expect(m, `a mail to ${email}`).toBeDefined();
  const token = /\/welcome\/([A-Za-z0-9_-]+)/.exec(m!.body)?.[1];
  return { mail: m!, token: token! };
}
const invite = (
  jobId: number,
  body: Record<string, unknown>,
  as: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner' = 'contractor_a',
) => s.api('POST', `/api/jobs/${jobId}/homeowner-invites`, { as, body });
const bearer = (token: string) => ({ token });

describe('inviting the homeowner', () => {
  it('mails the chosen tasks with a one-time link; the link creates the homeowner account, links it to the job and shows exactly those tasks', async () => {
    const job = await createJob(s);
    const access = await s.api('GET', `/api/jobs/${job.id}/homeowner-access`, { as: 'contractor_a' });
    expect(access.status).toBe(200);
    expect(access.body).toMatchObject({
      homeowner: null,
      sent_tasks: null,
      invites: [],
      can_invite: true,
      can_send_sign_in_link: false,
    });
    // WI HEAR's homeowner tasks the form can send (the form's options this job has, which the contractor may also
    // answer),
    // and the one only the homeowner answers (no on_behalf), which is theirs whatever is sent.
    expect(access.body.sendable_tasks.map((t: { id: string }) => t.id).sort()).toEqual([
      'provide_energy_sources_and_utilities',
      'provide_homeowner_details',
      'provide_income_estimate',
    ]);
    expect(access.body.homeowner_only_tasks.map((t: { id: string }) => t.id)).toEqual([
      'apply_for_income_verification',
    ]);

    const email = `new.owner.${job.id}@home.test`;
    const r = await invite(job.id, {
      invite_email: email,
      tasks_to_send_homeowner: ['provide_income_estimate', 'provide_homeowner_details'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      email,
      tasks: ['provide_income_estimate', 'provide_homeowner_details'],
      used_at: null,
    });
    expect(new Date(r.body.expires_at).getTime() - clock.getTime()).toBe(INVITE_DAYS * 86_400_000);
    const { mail, token } = await inviteMailTo(email);
    expect(mail.subject).toBe(`Your home energy rebate: 3 tasks to complete (${job.code})`);
    expect(mail.body).toContain('  - Income estimate\n  - Household and home details\n  - Verify your income\n');
    expect(mail.body).not.toContain('Energy sources');
    const history = await s.api('GET', `/api/jobs/${job.id}/history?type=homeowner_invited`, { as: 'ops' });
    expect(history.body.items[0].detail).toMatchObject({
      to: email,
      tasks: ['provide_income_estimate', 'provide_homeowner_details'],
    });

    const opened = await s.api('POST', '/api/auth/invite', { body: { token } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.job_id).toBe(job.id);
    expect(opened.body.session.user).toMatchObject({ email, role: 'homeowner', name: job.full_name });
    const as = bearer(opened.body.session.token);

    // The homeowner view lists exactly the sent tasks and the one only they answer; a homeowner task not sent is not
    // theirs to see.
    const view = await s.api('GET', `/api/jobs/homeowner/${job.id}`, as);
    expect(view.status).toBe(200);
    expect(view.body.tasks.map((t: { id: string }) => t.id).sort()).toEqual([
      'apply_for_income_verification',
      'provide_homeowner_details',
      'provide_income_estimate',
    ]);
    expect((await s.api('GET', `/api/jobs/${job.id}/tasks/provide_energy_sources_and_utilities`, as)).status).toBe(404);
    const list = await s.api('GET', '/api/jobs', as);
    expect(list.body.items.map((j: { id: number }) => j.id)).toEqual([job.id]);

    // They answer one; the history says who.
    const cur = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_income_estimate`, as);
    expect(cur.body.can_edit).toBe(true);
    const done = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_income_estimate/submit`, {
      ...as,
      body: { data: filled('provide_income_estimate'), version: cur.body.version },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const submitted = await s.api('GET', `/api/jobs/${job.id}/history?type=task_submitted`, { as: 'ops' });
    expect(submitted.body.items[0].detail).not.toHaveProperty('on_behalf_of');

    // The link works once.
    const again = await s.api('POST', '/api/auth/invite', { body: { token } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'invite_link_invalid', detail: HOMEOWNER_MESSAGES.link_invalid });
    const after = await s.api('GET', `/api/jobs/${job.id}/homeowner-access`, { as: 'ops' });
    expect(after.body).toMatchObject({
      homeowner: { email },
      sent_tasks: ['provide_income_estimate', 'provide_homeowner_details'],
      can_send_sign_in_link: true,
    });
    expect(after.body.invites[0].used_at).toBe(clock.toISOString());
  });

  it('one link opened eight times at once: one session, the rest the answer a spent link gets, never a 500', async () => {
    const job = await createJob(s);
    const email = `race.${job.id}@home.test`;
    expect(
      (await invite(job.id, { invite_email: email, tasks_to_send_homeowner: ['provide_income_estimate'] })).status,
    ).toBe(201);
    const { token } = await inviteMailTo(email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => s.api('POST', '/api/auth/invite', { body: { token } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    for (const a of answers.filter((x) => x.status === 401))
      expect(a.body).toMatchObject({ code: 'invite_link_invalid', detail: HOMEOWNER_MESSAGES.link_invalid });
    const linked = await s.api('GET', `/api/jobs/${job.id}/history?type=homeowner_linked`, { as: 'ops' });
    expect(linked.body.items).toHaveLength(1);
  });

  it('two jobs’ invitations to one new email opened at the same moment: both open, one account', async () => {
    const a = await createJob(s);
    const b = await createJob(s);
    const email = `both.${a.id}@home.test`;
    const tokens: string[] = [];
    for (const job of [a, b]) {
      expect(
        (await invite(job.id, { invite_email: email, tasks_to_send_homeowner: ['provide_income_estimate'] })).status,
      ).toBe(201);
      tokens.push((await inviteMailTo(email)).token);
    }
    expect(new Set(tokens).size).toBe(2);
    const [x, y] = await Promise.all(tokens.map((token) => s.api('POST', '/api/auth/invite', { body: { token } })));
    expect([x.status, y.status], JSON.stringify([x.body, y.body])).toEqual([200, 200]);
    expect(x.body.session.user.id).toBe(y.body.session.user.id);
    expect([x.body.job_id, y.body.job_id].sort()).toEqual([a.id, b.id].sort());
  });

  it('a second invitation to the same homeowner adds its tasks; an existing homeowner account is linked, not duplicated', async () => {
    const job = await createJob(s);
    const email = `twice.${job.id}@home.test`;
    await invite(job.id, { invite_email: email, tasks_to_send_homeowner: ['provide_income_estimate'] });
    const first = await s.api('POST', '/api/auth/invite', { body: { token: (await inviteMailTo(email)).token } });
    expect(first.status).toBe(200);
    await invite(
      job.id,
      { invite_email: email, tasks_to_send_homeowner: ['provide_energy_sources_and_utilities'] },
      'ops',
    );
    const second = await s.api('POST', '/api/auth/invite', { body: { token: (await inviteMailTo(email)).token } });
    expect(second.status).toBe(200);
    expect(second.body.session.user.id).toBe(first.body.session.user.id);
    const view = await s.api('GET', `/api/jobs/homeowner/${job.id}`, bearer(second.body.session.token));
    expect(view.body.tasks.map((t: { id: string }) => t.id).sort()).toEqual([
      'apply_for_income_verification',
      'provide_energy_sources_and_utilities',
      'provide_income_estimate',
    ]);
  });

  it('refuses what is not a homeowner task of the job, a staff or contractor email, a bad email, no task, and a canceled job; nothing is sent', async () => {
    const job = await createJob(s);
    const before = (await outbox()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { invite_email: 'a@home.test', tasks_to_send_homeowner: ['provide_site_details'] },
        'tasks_to_send_homeowner',
        HOMEOWNER_MESSAGES.not_sendable('provide_site_details'),
      ],
      [
        { invite_email: 'a@home.test', tasks_to_send_homeowner: ['upload_utility_bills'] },
        'tasks_to_send_homeowner',
        HOMEOWNER_MESSAGES.not_sendable('upload_utility_bills'),
      ],
      [
        { invite_email: 'a@home.test', tasks_to_send_homeowner: ['verify_income_qualification'] },
        'tasks_to_send_homeowner',
        HOMEOWNER_MESSAGES.not_sendable('verify_income_qualification'),
      ],
      [
        { invite_email: 'a@home.test', tasks_to_send_homeowner: [] },
        'tasks_to_send_homeowner',
        'Please select at least one task to send to the homeowner.',
      ],
      [
        { invite_email: 'not-an-email', tasks_to_send_homeowner: ['provide_income_estimate'] },
        'invite_email',
        'Please enter a valid email address',
      ],
      [
        { invite_email: 'alice@company-a.test', tasks_to_send_homeowner: ['provide_income_estimate'] },
        'invite_email',
        HOMEOWNER_MESSAGES.not_homeowner_email,
      ],
    ];
    for (const [body, path, message] of cases) {
      const r = await invite(job.id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toContainEqual({ path, message });
    }
    expect((await invite(job.id, { invite_email: 'a@home.test' })).status).toBe(422);
    expect(
      (
        await invite(job.id, {
          invite_email: 'a@home.test',
          tasks_to_send_homeowner: ['provide_income_estimate'],
          extra: 1,
        })
      ).status,
    ).toBe(422);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/cancel`, { as: 'ops', body: { reason: 'mistake' } })).status,
    ).toBe(200);
    const canceled = await invite(job.id, {
      invite_email: 'a@home.test',
      tasks_to_send_homeowner: ['provide_income_estimate'],
    });
    expect(canceled.status).toBe(400);
    expect((await outbox()).length).toBe(before);
  });

  it('only ops and the job’s own contractor invite; another company’s contractor gets 404, a homeowner 403', async () => {
    const job = await createJob(s);
    const body = { invite_email: 'who@home.test', tasks_to_send_homeowner: ['provide_income_estimate'] };
    expect((await invite(job.id, body, 'contractor_b')).status).toBe(404);
    expect((await invite(job.id, body, 'homeowner')).status).toBe(403);
    expect((await s.api('GET', `/api/jobs/${job.id}/homeowner-access`, { as: 'contractor_b' })).status).toBe(404);
    expect((await s.api('POST', `/api/jobs/${job.id}/homeowner-invites`, { body })).status).toBe(401);
  });

  it('a link that is unknown, expired, or for an email that became a staff account opens nothing', async () => {
    expect((await s.api('POST', '/api/auth/invite', { body: { token: 'x'.repeat(43) } })).status).toBe(401);
    expect((await s.api('POST', '/api/auth/invite', { body: {} })).status).toBe(401);
    expect((await s.api('POST', '/api/auth/invite', { body: { token: 12 } })).status).toBe(401);
    const job = await createJob(s);
    const email = `late.${job.id}@home.test`;
    await invite(job.id, { invite_email: email, tasks_to_send_homeowner: ['provide_income_estimate'] });
    const { token } = await inviteMailTo(email);
    clock = new Date(clock.getTime() + INVITE_DAYS * 86_400_000 + 1000);
    try {
      const late = await s.api('POST', '/api/auth/invite', { body: { token } });
      expect(late.status).toBe(401);
      expect(late.body.detail).toBe(HOMEOWNER_MESSAGES.link_invalid);
    } finally {
      clock = new Date('2026-06-01T15:00:00.000Z');
    }
    const job2 = await createJob(s);
    const staff = `became.staff.${job2.id}@home.test`;
    await invite(job2.id, { invite_email: staff, tasks_to_send_homeowner: ['provide_income_estimate'] });
    const { token: t2 } = await inviteMailTo(staff);
    await s.deps.db
      .insertInto('users')
      .values({ email: staff, name: 'Now Staff', role: 'ops', created_at: clock.toISOString() })
      .execute();
    const refused = await s.api('POST', '/api/auth/invite', { body: { token: t2 } });
    expect(refused.status).toBe(403);
    expect((await s.api('GET', `/api/jobs/${job2.id}/homeowner-access`, { as: 'ops' })).body.homeowner).toBeNull();
  });
});

describe('answering for the homeowner', () => {
  it('a contractor answers a task the program allows on the homeowner’s behalf, recorded so; a homeowner-only task is refused with a clear word', async () => {
    const job = await createJob(s);
    const cur = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(cur.body.can_edit).toBe(true);
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
      as: 'contractor_a',
      body: { data: filled('home_details'), version: cur.body.version },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const h = await s.api('GET', `/api/jobs/${job.id}/history?type=task_submitted`, { as: 'ops' });
    expect(h.body.items[0].detail).toMatchObject({ task_id: 'provide_homeowner_details', on_behalf_of: 'homeowner' });

    // WI HEAR gives apply_for_income_verification no on_behalf: the homeowner's alone.
    const own = await s.api('GET', `/api/jobs/${job.id}/tasks/apply_for_income_verification`, { as: 'contractor_a' });
    expect(own.body.can_edit).toBe(false);
    for (const [method, path] of [
      ['POST', 'submit'],
      ['PUT', 'draft'],
    ] as const) {
      const refused = await s.api(method, `/api/jobs/${job.id}/tasks/apply_for_income_verification/${path}`, {
        as: 'contractor_a',
        body: { data: filled('apply_for_income_verification_homeowner'), version: own.body.version },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'homeowner_only', detail: ACCESS_MESSAGES.homeowner_only });
    }
    expect(
      (await s.api('GET', `/api/jobs/${job.id}/tasks/apply_for_income_verification`, { as: 'ops' })).body.version,
    ).toBe(own.body.version);
  });
});

describe('sending a sign-in link', () => {
  it('ops mail the linked homeowner a one-time sign-in link that opens the job; none to send before a homeowner joins; not for contractors', async () => {
    const job = await createJob(s);
    const none = await s.api('POST', `/api/jobs/${job.id}/homeowner-sign-in-link`, { as: 'ops' });
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe(HOMEOWNER_MESSAGES.no_homeowner);
    const email = `link.${job.id}@home.test`;
    await invite(job.id, { invite_email: email, tasks_to_send_homeowner: ['provide_income_estimate'] });
    await s.api('POST', '/api/auth/invite', { body: { token: (await inviteMailTo(email)).token } });
    expect((await s.api('POST', `/api/jobs/${job.id}/homeowner-sign-in-link`, { as: 'contractor_a' })).status).toBe(
      403,
    );
    const sent = await s.api('POST', `/api/jobs/${job.id}/homeowner-sign-in-link`, { as: 'ops' });
    expect(sent.status).toBe(200);
    expect(sent.body.to).toBe(email);
    const mail = (await outbox()).find((m) => m.to_address === email)!;
    expect(mail.subject).toBe(`Your sign-in link for your home energy rebate (${job.code})`);
    const link = /\/login\?token=([A-Za-z0-9_-]+)&redirect=([^\s]+)/.exec(mail.body);
    expect(decodeURIComponent(link![2])).toBe(`/${job.id}`);
    const signedIn = await s.api('POST', '/api/auth/token', { body: { token: link![1] } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    const h = await s.api('GET', `/api/jobs/${job.id}/history?type=homeowner_sign_in_link_sent`, { as: 'ops' });
    expect(h.body.items).toHaveLength(1);
  });
});
