/**
 * GET /api/mail/templates: ops read every mail template with who gets it, when, and its placeholders'
 * meaning; nobody else may. And the mail the senders render from them reaches the outbox as it always read.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, startServer, type TestServer } from './harness.ts';
import { MAIL_TEMPLATES } from '../../server/mail/templates.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

interface TemplateAnswer {
  key: string;
  title: string;
  audience: string;
  when: string;
  subject: string;
  body: string;
  placeholders: Record<string, string>;
}
interface Sent {
  to_address: string;
  subject: string;
  body: string;
}
const newest = async (to: string) =>
  ((await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body as Sent[]).find((m) => m.to_address === to);

describe('GET /api/mail/templates', () => {
  it('ops get every template, each with a title, audience, when, subject, body and described placeholders', async () => {
    const r = await s.api<TemplateAnswer[]>('GET', '/api/mail/templates', { as: 'ops' });
    expect(r.status).toBe(200);
    expect(r.body.map((t) => t.key).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
    for (const t of r.body) {
      for (const field of ['title', 'audience', 'when', 'subject', 'body'] as const)
        expect(t[field], `${t.key}.${field}`).not.toBe('');
      expect(Object.keys(t.placeholders).length, `${t.key} placeholders`).toBeGreaterThan(0);
      for (const meaning of Object.values(t.placeholders)) expect(meaning).not.toBe('');
    }
    const reset = r.body.find((t) => t.key === 'password_reset')!;
    expect(reset).toMatchObject({ subject: 'Reset your password', placeholders: { link: 'The one-time reset link' } });
  });

  it.each(['contractor_a', 'homeowner'] as const)('%s gets 403', async (who) => {
    expect((await s.api('GET', '/api/mail/templates', { as: who })).status).toBe(403);
  });

  it('signed out gets 401', async () => {
    expect((await s.api('GET', '/api/mail/templates')).status).toBe(401);
  });
});

describe('mail rendered from the templates, in the outbox', () => {
  it('password reset: the same subject and sentence, with the reset link', async () => {
    await s.api('POST', '/api/auth/forgot-password', { body: { email: PEOPLE.homeowner } });
    const mail = await newest(PEOPLE.homeowner);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.body).toMatch(
      new RegExp(
        `^Open this link within an hour to choose a new password: ${s.deps.config.public_url}/login\\?reset=[\\w-]+$`,
      ),
    );
  });

  it("invitation: the inviter's name and the link's 72 hours", async () => {
    const email = 'new.ops@example.test';
    expect(
      (await s.api('POST', '/api/contractor/invite-internal', { as: 'ops', body: { email, name: 'New Ops' } })).status,
    ).toBeLessThan(300);
    const mail = await newest(email);
    expect(mail?.subject).toBe('You are invited to the rebate portal');
    expect(mail?.body).toMatch(/^Olive Ops invited you\. Sign in here \(the link works once, for 72 hours\): \S+$/);
  });
});
