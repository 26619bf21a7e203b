/**
 * Each person's own words (issue 42, point 2) over HTTP: the homeowner's view says where their rebate stands in their
 * words (no rule id, rule description, fact key or budget internals anywhere in its texts), a contractor reads an
 * ineligibility reason as a sentence; a homeowner never reads a draft someone else saved; the payment names its payee;
 * each signer keeps a copy of what they signed (through their link, by mail once everyone signed, and on the
 * homeowner's job page), and no one else reads it.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startServer, type TestServer } from './harness.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { createJob, filled, submit } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { readOutbox } from '../../server/db/settings.db.ts';
import { insertUser } from '../../server/db/users.db.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { HOMEOWNER_WORDS } from '../../server/services/homeowner-present.ts';
import { loadRepo } from '../load-repo.ts';

const defs = loadRepo();
const wi = defs.programs['wi-hear'];
const COUNTY_RULE = wi.eligibility.find((r) => r.id === 'market_rate_county_budget_reserved')!;

let s: TestServer;
let worker: Worker;

beforeAll(async () => {
  s = await startServer({ config: { public_url: 'https://portal.example.test' } });
  worker = createWorker(s.deps.db, { handlers: documentHandlers(s.deps) });
});
afterAll(async () => {
  await s.close();
});

/** Links the test's homeowner to a job (as accepting an invitation does). */
async function linkHomeowner(jobId: number, userId = s.ids.users.homeowner) {
  await s.deps.db.updateTable('jobs').set({ homeowner_user_id: userId }).where('id', '=', jobId).execute();
}

/** Every text of an answer (string values, not under keys that hold ids or codes), with where it is. */
function textsOf(v: unknown, at = ''): [string, string][] {
  const KEYS = new Set(['id', 'code', 'form', 'form_version', 'program_hash', 'task', 'key', 'section', 'value']);
  if (typeof v === 'string') return [[at, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => textsOf(x, `${at}[${i}]`));
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v as Record<string, unknown>)
    .filter(([k]) => !KEYS.has(k))
    .flatMap(([k, x]) => textsOf(x, `${at}.${k}`));
}

/** The words a homeowner must never read: rule ids and descriptions, reason keys and labels, fact keys. */
const internal = [
  ...wi.eligibility.flatMap((r) => [r.id, r.description ?? r.id, r.reason]),
  'fully reserved',
  'market-rate',
  'provide_income_estimate.income_level',
  'job.county',
];

describe('the homeowner reads where their rebate stands in their words', () => {
  it('an ineligible job says the rule’s homeowner message and whom to ask, never the rule, its reason or a fact key', async () => {
    // A moderate income in Menominee, where the program's market-rate money is all reserved.
    const job = await createJob(s, 'contractor_a', { county: 'Menominee', city: 'Keshena', zip: '54135' });
    await linkHomeowner(job.id);
    expect(
      (
        await submit(s, 'homeowner', job.id, 'provide_income_estimate', 'provide_income_estimate', {
          income_level: 'ami_80_to_ami_150',
        })
      ).status,
    ).toBe(200);
    const r = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(r.status).toBe(200);
    expect(r.body.standing).toMatchObject({ tone: 'stopped', title: HOMEOWNER_WORDS.ineligible_title });
    expect(r.body.standing.says).toEqual([COUNTY_RULE.homeowner_message]);
    expect(r.body.standing.ask).toBe('Questions? Ask your contractor, Company A Heating, at 608-555-0101.');
    expect(r.body.evaluation.eligibility.reasons.map((x: { text: string }) => x.text)).toEqual([
      COUNTY_RULE.homeowner_message,
    ]);
    const leaks = textsOf(r.body).filter(([, text]) => internal.some((w) => text.includes(w)));
    expect(leaks).toEqual([]);

    // The contractor reads the reason as a sentence (the rule in words), not a field name or a label.
    const c = await s.api('GET', `/api/jobs/${job.id}`, { as: 'contractor_a' });
    expect(c.body.evaluation.eligibility.reasons.map((x: { text: string }) => x.text)).toEqual([
      COUNTY_RULE.description,
    ]);
    expect(c.body.evaluation.eligibility.reasons[0].rule).toBeUndefined();
  });

  it('every homeowner message of every program is plain: no key, no rule words, addressed to "you"', () => {
    for (const p of Object.values(defs.programs))
      for (const r of p.eligibility) {
        const m = r.homeowner_message;
        expect(m, `${p.id} ${r.id}`).toBeDefined();
        expect(m, `${p.id} ${r.id}`).not.toMatch(/[a-z]_[a-z]|\bhomeowner|\bineligible\b|market-rate|\bops\b/i);
      }
  });

  it('a job waiting on the homeowner says what they can do; one without them says nothing is needed', async () => {
    const job = await createJob(s);
    await linkHomeowner(job.id);
    const r = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(r.body.standing).toMatchObject({
      tone: 'progress',
      title: HOMEOWNER_WORDS.your_turn_title,
      can_do: HOMEOWNER_WORDS.your_turn_can_do,
    });
    expect(r.body.contractor).toEqual({
      name: 'Company A Heating',
      phone: '608-555-0101',
      email: 'office@company-a.test',
    });
  });
});

describe('no preselected answers from someone else’s draft', () => {
  it('a homeowner reads what was submitted or their own draft, never the contractor’s draft', async () => {
    const job = await createJob(s);
    await linkHomeowner(job.id);
    const draft = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_income_estimate/draft`, {
      as: 'contractor_a',
      body: { data: { number_of_occupants: 2, income_level: 'above_ami_150' }, version: 0 },
    });
    expect(draft.status).toBe(200);
    // The contractor reads their draft back...
    const mine = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_income_estimate`, { as: 'contractor_a' });
    expect(mine.body.data).toMatchObject({ income_level: 'above_ami_150' });
    // ...the homeowner, in their view and opening the task, reads nothing chosen for them.
    const view = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    const task = view.body.tasks.find((t: { id: string }) => t.id === 'provide_income_estimate');
    expect(task.data).toBeNull();
    expect(task.has_unsubmitted_changes).toBe(false);
    const opened = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_income_estimate`, { as: 'homeowner' });
    expect(opened.body.data).toBeNull();
    // "My tasks are done" does not submit the contractor's draft in their name.
    const done = await s.api('POST', `/api/jobs/homeowner/confirm-tasks-done/${job.id}`, { as: 'homeowner' });
    expect(done.body.completed).not.toContain('provide_income_estimate');
    expect((await tasksDb.getTask(s.deps.db, job.id, 'provide_income_estimate'))?.status).not.toBe('COMPLETE');

    // Their own draft is theirs to read again.
    const own = await s.api('PUT', `/api/jobs/${job.id}/tasks/provide_income_estimate/draft`, {
      as: 'homeowner',
      body: { data: { number_of_occupants: 3 }, version: opened.body.version },
    });
    expect(own.status).toBe(200);
    const again = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_income_estimate`, { as: 'homeowner' });
    expect(again.body.data).toEqual({ number_of_occupants: 3 });
  });
});

describe('the payment names its payee', () => {
  it('"Payment sent $X to <company>" when the rebate was assigned to the contractor, in the homeowner’s words', async () => {
    const job = await createJob(s);
    await linkHomeowner(job.id);
    const at = new Date().toISOString();
    const cur = await tasksDb.getTask(s.deps.db, job.id, 'send_payment');
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: job.id,
        task_id: 'send_payment',
        status: 'COMPLETE',
        data: filled('send_payment', { payment_amount: 1_360_000, payment_sent_date: '2026-05-30' }),
        draft: null,
        owner_override: null,
        exceptions: null,
        updated_at: at,
        updated_by: null,
      },
      cur?.version ?? 0,
    );
    await refreshJob(s.deps, job.id);
    expect(wi.incentives.payment?.paid_to).toBe('contractor');
    const r = await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' });
    expect(r.body.evaluation.incentive.payment).toMatchObject({ amount_cents: 1_360_000, paid_to: 'contractor' });
    expect(r.body.standing).toMatchObject({
      tone: 'done',
      says: ['Payment sent $13,600.00 to Company A Heating on May 30, 2026.'],
    });
    for (const who of ['contractor_a', 'ops'] as const) {
      const j = await s.api('GET', `/api/jobs/${job.id}`, { as: who });
      expect(j.body.evaluation.incentive.payment.paid_to, who).toBe('contractor');
      expect(j.body.contractor, who).toBe('Company A Heating');
    }
  });
});

describe('each signer keeps a copy of what they signed', () => {
  it('through their link after signing, by mail once everyone signed, and on the homeowner’s job page; no one else', async () => {
    const job = await createJob(s);
    await linkHomeowner(job.id);
    const regen = await s.api(
      'PATCH',
      `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`,
      { as: 'ops' },
    );
    expect(regen.status).toBe(200);
    await worker.drain();
    const mails = async (to: string) =>
      (await readOutbox(s.deps.db, 200)).filter((m) => m.to_address === to).map((m) => m.body);
    const tokenIn = (body: string) => /\/sign\/([A-Za-z0-9_-]+)/.exec(body)?.[1];
    const homeownerEmail = (
      await s.deps.db.selectFrom('jobs').select('email').where('id', '=', job.id).executeTakeFirstOrThrow()
    ).email;
    const invite = tokenIn((await mails(homeownerEmail!))[0]);
    expect(invite).toBeDefined();

    // Before signing, the link holds no copy.
    expect((await s.api('GET', `/api/signing/${invite}/copy`)).status).toBe(404);
    const signed = await s.api('POST', `/api/signing/${invite}/sign`, {
      body: { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo Tester' } },
    });
    expect(signed.status).toBe(200);

    // The thank-you page's copy: the document as they signed it, until everyone has.
    const copy = await s.api('GET', `/api/signing/${invite}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ complete: false, pdf_url: `/api/signing/${invite}/copy.pdf` });
    const pdf = await fetch(`${s.url}${copy.body.pdf_url}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment/);

    // The signed-in homeowner sees the document they sign (a contractor's task) with their copy; another
    // homeowner and another company do not.
    const listed = await s.api('GET', `/api/jobs/${job.id}/documents`, { as: 'homeowner' });
    expect(listed.status).toBe(200);
    const doc = listed.body.items.find((d: { task_id: string }) => d.task_id === 'collect_document_signatures');
    expect(doc).toBeDefined();
    const own = await fetch(`${s.url}/api/jobs/${job.id}/documents/${doc.id}/file`, {
      headers: { authorization: `Bearer ${await s.tokenOf('homeowner')}` },
    });
    expect(own.status).toBe(200);
    expect((await s.api('GET', `/api/jobs/${job.id}/documents`, { as: 'contractor_b' })).status).toBe(404);
    const otherEmail = `other.${job.id}@home.test`;
    const other = await insertUser(s.deps.db, {
      email: otherEmail,
      name: 'Other Homeowner',
      role: 'homeowner',
      password_hash: hashPassword(PASSWORD),
      created_at: new Date().toISOString(),
    });
    await linkHomeowner((await createJob(s)).id, other);
    const login = await s.api('POST', '/api/auth/login', { body: { email: otherEmail, password: PASSWORD } });
    const otherToken = login.body.token as string;
    expect((await s.api('GET', `/api/jobs/${job.id}/documents`, { token: otherToken })).status).toBe(404);
    const theirs = await fetch(`${s.url}/api/jobs/${job.id}/documents/${doc.id}/file`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(theirs.status).toBe(404);

    // The contractor signs: the copy signed by everyone is made and mailed to each signer with a new link.
    const contractorEmail = (
      await s.deps.db
        .selectFrom('document_signatures')
        .select('email')
        .where('document_id', '=', doc.id)
        .where('role', '=', 'contractor')
        .executeTakeFirstOrThrow()
    ).email!;
    await worker.drain();
    const contractorInvite = tokenIn((await mails(contractorEmail))[0]);
    const second = await s.api('POST', `/api/signing/${contractorInvite}/sign`, {
      body: { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Alice Adams' } },
    });
    expect(second.status).toBe(200);
    await worker.drain();
    const copyMail = (await readOutbox(s.deps.db, 200)).find(
      (m) => m.to_address === homeownerEmail && m.subject.startsWith('Your signed copy'),
    );
    expect(copyMail?.body).toContain('Everyone has signed');
    const copyLink = tokenIn(copyMail!.body)!;
    expect(copyLink).not.toBe(invite);
    const complete = await s.api('GET', `/api/signing/${copyLink}/copy`);
    expect(complete.body).toMatchObject({ complete: true });
    const signedPdf = await fetch(`${s.url}/api/signing/${copyLink}/copy.pdf`);
    expect(signedPdf.status).toBe(200);
    expect(signedPdf.headers.get('content-disposition')).toContain('-signed.pdf');
    // The copy link signs nothing; the link each signer signed with still opens their copy, now signed by everyone
    // (the last signer's thank-you page asks for it after the copy is made: CI of 14addac).
    expect((await s.api('GET', `/api/signing/${copyLink}`)).status).toBe(410);
    expect((await s.api('GET', `/api/signing/${invite}`)).status).toBe(410);
    expect((await s.api('GET', `/api/signing/${invite}/copy`)).body).toMatchObject({ complete: true });
    expect((await s.api('GET', `/api/signing/${contractorInvite}/copy`)).body).toMatchObject({ complete: true });
    expect((await mails(contractorEmail)).some((b) => b.includes('Everyone has signed'))).toBe(true);
  });
});

describe('what would make it pass', () => {
  it('a job held by its income level says the nearest level that passes, in the forms’ words, to each role', async () => {
    const job = await createJob(s);
    await linkHomeowner(job.id);
    const r = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_income_estimate/submit`, {
      as: 'contractor_a',
      body: { data: { number_of_occupants: 2, income_level: 'above_ami_150' }, version: 0 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lift =
      'It would pass with Verified income level (Review income qualification): Between 80% and 150% of the area median income.';
    for (const as of ['ops', 'contractor_a'] as const) {
      const detail = (await s.api('GET', `/api/jobs/${job.id}`, { as })).body;
      expect(detail.evaluation.eligibility.status).toBe('ineligible');
      const reason = detail.evaluation.eligibility.reasons.find((x: { code: string }) => x.code === 'income_too_high');
      expect(reason.would_pass, as).toBe(lift);
    }
    const view = (await s.api('GET', `/api/jobs/homeowner/${job.id}`, { as: 'homeowner' })).body;
    expect(view.standing.tone).toBe('stopped');
    expect(view.standing.says).toContain(lift);
  });
});
