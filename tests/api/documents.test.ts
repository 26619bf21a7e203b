/**
 * Document signing end to end over HTTP, with the background worker and a real SMTP server in process:
 * ops generate a task's documents, each signer gets a mail with a one-time link, signs (typed or drawn)
 * in order, and the task completes by itself; the signed PDF is read back (document text, each signature,
 * the audit certificate with the document's hash). Also: a signer declines; an invite is resent and the
 * old link refused; manual signing with an upload; regenerate with recreate; a signing task that opens
 * gets its documents by itself; the worker killed between
 * "generated" and "mailed" sends exactly one mail; no form submission sets a status.
 */

import { demoPdf } from '../../server/seed/demo-files.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createHash } from 'node:crypto';
import { pdfTool } from '../support/pdf-tools.ts';
import { startServer, type TestServer } from './harness.ts';
import { createJob, filled } from './fixtures.ts';
import { smtpServer, plainText } from '../support/smtp.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { DOCUMENT_WORK, documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { MAIL_WORK, smtpMailHandler } from '../../server/adapters/mail.ts';
import { leaseWork } from '../../server/db/work.db.ts';
import { insertTermsVersion } from '../../server/db/admin.db.ts';
import { SIGNING_MESSAGES } from '../../engine/api/signing.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let worker: Worker;
let termsId: number;
let clock = new Date('2026-06-01T15:00:00.000Z');

beforeAll(async () => {
  smtp = await smtpServer();
  s = await startServer({
    config: { smtp_url: smtp.url, public_url: 'https://portal.example.test' },
    now: () => clock,
  });
  const handlers = {
    ...documentHandlers(s.deps),
    [MAIL_WORK]: smtpMailHandler(smtp.url, 'Rebate portal <no-reply@rebate.invalid>'),
  };
  worker = createWorker(s.deps.db, { handlers, now: () => clock });
  termsId = await insertTermsVersion(s.deps.db, {
    title: 'Program terms',
    description: 'What every participant agrees to.',
    sections: [{ title: 'Payment', items: ['The rebate is paid to the contractor.'] }],
    created_by: null,
    at: clock.toISOString(),
  });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

/** The links mailed to an address, in the order they arrived (read from the SMTP server). */
function linksTo(address: string): string[] {
  return smtp.received
    .filter((m) => m.to.includes(address))
    .map((m) => /\/sign\/([A-Za-z0-9_-]+)/.exec(plainText(m.raw))?.[1])
    .filter((t): t is string => !!t);
}

/** A drawn signature: a 60x20 PNG (pngjs) with a dark stroke on a transparent ground. */
function png(ink = true): Buffer {
  const image = new PNG({ width: 60, height: 20 });
  if (ink)
    for (let x = 0; x < 60; x++) {
      const i = (Math.floor((x * 19) / 59) * 60 + x) * 4;
      image.data.set([20, 20, 60, 255], i);
    }
  return PNG.sync.write(image);
}
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
const drawn = (b: Buffer = png()) => ({ kind: 'drawn' as const, image: dataUrl(b) });

async function documentsOf(jobId: number) {
  const r = await s.api('GET', `/api/jobs/${jobId}/documents`, { as: 'ops' });
  expect(r.status).toBe(200);
  return r.body as {
    items: {
      id: number;
      task_id: string;
      status: string;
      generation: number;
      signed_download_url: string | null;
      signed_sha256: string | null;
      signed_another_way: boolean;
      download_url: string;
      sha256: string;
      signers: { id: number; role: string; status: string; decline_reason: string | null; can_resend: boolean }[];
    }[];
    pending_work: boolean;
  };
}

const sign = (
  token: string,
  body: Record<string, unknown>,
  ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile Safari',
) => s.api('POST', `/api/signing/${token}/sign`, { body, headers: { 'user-agent': ua } });

async function pdfOf(path: string) {
  const token = await s.tokenOf('ops');
  const r = await fetch(s.url + path, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await r.arrayBuffer());
}

describe('document signing', () => {
  it('all signers sign in order: invites by mail, the task completes by itself, the signed PDF carries each signature and the certificate', async () => {
    const job = await createJob(s);
    const r = await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
      as: 'ops',
    });
    expect(r.status).toBe(200);
    expect((await documentsOf(job.id)).pending_work).toBe(true);
    await worker.drain();

    const docs = await documentsOf(job.id);
    expect(docs.items).toHaveLength(1);
    const doc = docs.items[0];
    expect(doc.signers.map((x) => [x.role, x.status])).toEqual([
      ['homeowner', 'pending'],
      ['contractor', 'not_attempted'],
    ]);
    // The homeowner's link, from the mail the SMTP server received.
    const homeownerLinks = linksTo(String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email));
    expect(homeownerLinks).toHaveLength(1);
    const token = homeownerLinks[0];
    expect(linksTo('office@company-a.test')).toHaveLength(0);

    // The signer's page: the whole document, the terms it carries, who signs.
    const view = await s.api('GET', `/api/signing/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.document.title).toBe('Project completion and rebate documents');
    expect(view.body.document.sections.length).toBeGreaterThan(2);
    expect(view.body.document.fields).toContainEqual({ label: 'Contractor', value: 'Company A Heating' });
    expect(view.body.terms).toMatchObject({ id: termsId, title: 'Program terms' });
    expect(view.body.signer.role).toBe('homeowner');
    expect(view.body.document.sha256).toBe(doc.sha256);
    const shown = await fetch(`${s.url}${view.body.document.pdf_url}`);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    const shownText = (await pdfText(new Uint8Array(await shown.arrayBuffer()))).join('\n');
    expect(shownText).toContain('Certificate of completion');

    // What a signing needs: consent, the terms, a signature.
    const missing = await sign(token, { consent: false, signature: { kind: 'typed', text: '  ' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'consent', message: SIGNING_MESSAGES.consent_required },
        { path: 'accept_terms', message: SIGNING_MESSAGES.terms_required },
        { path: 'signature', message: SIGNING_MESSAGES.signature_required },
      ]),
    );
    // Drawn images are decoded whole before they count: each of these is a 422 and nothing is written.
    const good = png();
    const headerOverGarbage = Buffer.concat([good.subarray(0, 33), Buffer.from('garbage, not a zlib stream at all')]);
    const corrupted = Buffer.from(good);
    corrupted[good.length - 20] ^= 0xff; // a byte of the IDAT flipped: its CRC and its zlib stream disagree
    const huge = Buffer.from(good);
    huge.writeUInt32BE(50_000, 16); // a header that declares a 50,000-pixel-wide image
    const cases: [Buffer | string, string][] = [
      ['AAAA', SIGNING_MESSAGES.signature_unreadable],
      [headerOverGarbage, SIGNING_MESSAGES.signature_unreadable],
      [corrupted, SIGNING_MESSAGES.signature_unreadable],
      [good.subarray(0, good.length - 30), SIGNING_MESSAGES.signature_unreadable],
      [huge, SIGNING_MESSAGES.signature_too_large],
      [png(false), SIGNING_MESSAGES.signature_required],
    ];
    for (const [image, message] of cases) {
      const bad = await sign(token, {
        consent: true,
        accept_terms: true,
        signature: {
          kind: 'drawn',
          image: typeof image === 'string' ? `data:image/png;base64,${image}` : dataUrl(image),
        },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual([{ path: 'signature', message }]);
    }
    expect((await documentsOf(job.id)).items.flatMap((d) => d.signers).every((x) => x.status !== 'success')).toBe(true);
    expect((await s.api('GET', `/api/jobs/${job.id}/history?type=document_signed`, { as: 'ops' })).body.items).toEqual(
      [],
    );

    const signed = await sign(token, {
      consent: true,
      accept_terms: true,
      signature: { kind: 'typed', text: 'Jo Tester' },
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ status: 'success', document_status: 'pending' });
    // The link is spent; the terms version is on the job.
    expect(
      (
        await s.api('POST', `/api/signing/${token}/sign`, {
          body: { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo' } },
        })
      ).status,
    ).toBe(410);
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.install_terms_id).toBe(termsId);

    // Then the contractor's turn: invited once the homeowner has signed.
    await worker.drain();
    // The task shows the statuses as they stand, without anyone saving it; a role that does not sign is absent.
    const live = await s.api('GET', `/api/jobs/${job.id}/tasks/collect_document_signatures`, { as: 'contractor_a' });
    expect(live.body.data).toMatchObject({
      homeowner_signature_status: 'success',
      contractor_signature_status: 'pending',
    });
    expect(live.body.data.property_manager_signature_status).toBeUndefined();
    const [contractorToken] = linksTo('office@company-a.test');
    expect(contractorToken).toBeTruthy();
    const second = await sign(
      contractorToken,
      { consent: true, accept_terms: true, signature: drawn() },
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    );
    expect(second.body).toEqual({ status: 'success', document_status: 'success' });

    // The task completed by itself, with the server's statuses; the history says so.
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/collect_document_signatures`, { as: 'ops' });
    expect(task.body.status).toBe('COMPLETE');
    expect(task.body.data).toMatchObject({
      homeowner_signature_status: 'success',
      contractor_signature_status: 'success',
      sign_manually: false,
    });
    const history = await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' });
    const types = (history.body.items as { type: string }[]).map((h) => h.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'documents_regenerated',
        'documents_generated',
        'signature_invited',
        'document_signed',
        'task_completed_by_signatures',
      ]),
    );

    // The signed PDF: stamped by the worker, read back.
    await worker.drain();
    const after = (await documentsOf(job.id)).items[0];
    expect(after.status).toBe('success');
    expect(after.signed_download_url).toBeTruthy();
    const pages = await pdfText(await pdfOf(after.signed_download_url!));
    const all = pages.join('\n');
    expect(all).toContain('Certificate of completion');
    expect(all).toContain('Signed electronically by');
    expect(all).toContain('Audit certificate');
    expect(all).toContain(doc.sha256);
    expect(all).toContain('127.0.0.1');
    expect(all).toContain('iPhone');
    expect(all).toContain('office@company-a.test');
    expect(pages.at(-1)).toContain('Audit certificate');
    // Sealed by the portal's certificate (PAdES), its own SHA-256 kept and shown; a checker finds no fault in it.
    const signedBytes = await pdfOf(after.signed_download_url!);
    expect(after.signed_sha256).toBe(createHash('sha256').update(signedBytes).digest('hex'));
    expect(all.replace(/\s+/g, ' ')).toContain('This file is sealed by Rebate portal (development seal)');
    const sig = pdfTool(signedBytes, 'pdfsig', (f) => [f]);
    expect(sig).toContain('Signature Type: ETSI.CAdES.detached');
    expect(sig).toContain('Total document signed');
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(pdfTool(signedBytes, 'qpdf', (f) => ['--check', f])).toContain('No syntax or stream encoding errors');
    // A byte changed inside the signed range: the seal no longer verifies.
    const tampered = Buffer.from(signedBytes);
    tampered[200] ^= 0x01;
    expect(pdfTool(tampered, 'pdfsig', (f) => [f])).not.toContain('Signature Validation: Signature is Valid.');
  });

  it('a signer who declines fails the document with the reason; a resend gives a new link and the old one is refused', async () => {
    const job = await createJob(s);
    await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
      as: 'ops',
    });
    await worker.drain();
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const [token] = linksTo(email);
    expect((await s.api('POST', `/api/signing/${token}/decline`, { body: { reason: '' } })).status).toBe(422);
    const declined = await s.api('POST', `/api/signing/${token}/decline`, {
      body: { reason: 'The invoice shows the wrong amount.' },
    });
    expect(declined.body).toEqual({ status: 'failure', document_status: 'failure' });
    expect((await s.api('GET', `/api/signing/${token}`)).status).toBe(410);
    const doc = (await documentsOf(job.id)).items[0];
    expect(doc.status).toBe('failure');
    expect(doc.signers[0]).toMatchObject({
      role: 'homeowner',
      status: 'failure',
      decline_reason: 'The invoice shows the wrong amount.',
      can_resend: true,
    });
    expect(doc.signers[1].can_resend).toBe(false);
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/collect_document_signatures`, { as: 'ops' });
    expect(task.body.status).not.toBe('COMPLETE');

    // The contractor resends; the contractor of another company cannot (404); the next signer's turn has not come
    // (409).
    expect(
      (await s.api('POST', `/api/jobs/${job.id}/documents/signers/${doc.signers[0].id}/resend`, { as: 'contractor_b' }))
        .status,
    ).toBe(404);
    expect(
      (await s.api('POST', `/api/jobs/${job.id}/documents/signers/${doc.signers[1].id}/resend`, { as: 'contractor_a' }))
        .status,
    ).toBe(409);
    const resent = await s.api('POST', `/api/jobs/${job.id}/documents/signers/${doc.signers[0].id}/resend`, {
      as: 'contractor_a',
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ role: 'homeowner', status: 'pending' });
    await worker.drain();
    const links = linksTo(email);
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(token);
    expect((await s.api('GET', `/api/signing/${token}`)).status).toBe(404);
    expect((await s.api('GET', `/api/signing/${links[1]}`)).status).toBe(200);

    // A resend before the first mail went out: only the newest link is mailed, and it works.
    await s.api('POST', `/api/jobs/${job.id}/documents/signers/${doc.signers[0].id}/resend`, { as: 'ops' });
    await s.api('POST', `/api/jobs/${job.id}/documents/signers/${doc.signers[0].id}/resend`, { as: 'ops' });
    await worker.drain();
    const latest = linksTo(email);
    expect(latest).toHaveLength(3);
    expect((await s.api('GET', `/api/signing/${links[1]}`)).status).toBe(404);
    expect((await s.api('GET', `/api/signing/${latest[2]}`)).status).toBe(200);
  });

  it('regenerate with recreate makes a new generation; the old links stop working; recreate=false keeps what exists', async () => {
    const job = await createJob(s);
    await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
      as: 'ops',
    });
    await worker.drain();
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const [old] = linksTo(email);
    const first = (await documentsOf(job.id)).items[0];

    const keep = await s.api(
      'PATCH',
      `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures&recreate=false`,
      { as: 'ops' },
    );
    expect(keep.body).toMatchObject({
      task_name: 'collect_document_signatures',
      recreate: false,
      document_status: 'pending',
    });
    await worker.drain();
    expect((await documentsOf(job.id)).items.map((d) => d.id)).toEqual([first.id]);
    expect(linksTo(email)).toHaveLength(1);

    const again = await s.api(
      'PATCH',
      `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures&recreate=true`,
      { as: 'ops' },
    );
    expect(again.body).toMatchObject({ recreate: true, document_status: 'not_attempted' });
    await worker.drain();
    const now = (await documentsOf(job.id)).items;
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ generation: 2 });
    expect(now[0].id).not.toBe(first.id);
    expect((await s.api('GET', `/api/signing/${old}`)).status).toBe(404);
    expect(linksTo(email)).toHaveLength(2);
    const history = (await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' })).body.items as {
      type: string;
      detail: Record<string, unknown>;
    }[];
    expect(history.filter((h) => h.type === 'documents_regenerated').map((h) => h.detail.recreate)).toEqual(
      expect.arrayContaining([false, true]),
    );

    // Only ops regenerate; a task without documents is refused; the other company's contractor sees nothing.
    expect(
      (
        await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
          as: 'contractor_a',
        })
      ).status,
    ).toBe(403);
    expect(
      (await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=provide_services`, { as: 'ops' }))
        .status,
    ).toBe(422);
    // The renter's acknowledgment on a job whose homeowner has not said they rent: not this job's task.
    const na = await s.api(
      'PATCH',
      `/api/jobs/${job.id}/regenerate-documents?task_name=sign_ira_tenant_owner_acknowledgment`,
      { as: 'ops' },
    );
    expect(na.status).toBe(400);
    expect(na.body.code).toBe('task_not_applicable');
    expect((await s.api('GET', `/api/jobs/${job.id}/documents`, { as: 'contractor_b' })).status).toBe(404);
    expect((await s.api('GET', `/api/jobs/${job.id}/documents/${now[0].id}/file`, { as: 'contractor_b' })).status).toBe(
      404,
    );
  });

  it('the worker killed between "generated" and "mailed", and again mid-invite, sends exactly one mail', async () => {
    const job = await createJob(s);
    await s.api('PATCH', `/api/jobs/${job.id}/regenerate-documents?task_name=collect_document_signatures`, {
      as: 'ops',
    });
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const handlers = documentHandlers(s.deps);
    // A worker takes the generation and dies after its effect, before finishing the item.
    const [gen] = await leaseWork(s.deps.db, {
      owner: 'doomed',
      now: clock,
      lease_ms: 60_000,
      kinds: [DOCUMENT_WORK.generate],
    });
    await handlers[DOCUMENT_WORK.generate]({ ...gen, data: JSON.parse(gen.payload) }, s.deps.db);
    // Another takes the invite and dies after mailing it (the outbox row and the SMTP item committed).
    const [inv] = await leaseWork(s.deps.db, {
      owner: 'doomed',
      now: clock,
      lease_ms: 60_000,
      kinds: [DOCUMENT_WORK.invite],
    });
    await handlers[DOCUMENT_WORK.invite]({ ...inv, data: JSON.parse(inv.payload) }, s.deps.db);
    // Their leases run out; the restarted worker takes both again, and delivers.
    clock = new Date(clock.getTime() + 120_000);
    await worker.drain();
    expect(linksTo(email)).toHaveLength(1);
    expect((await documentsOf(job.id)).items).toHaveLength(1);
    const outbox = (await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body as {
      to_address?: string;
      to?: string;
    }[];
    expect(outbox.filter((m) => (m.to_address ?? m.to) === email)).toHaveLength(1);
  });

  it('no form submission sets a status; manual signing with an uploaded PDF completes the task and ends the open links', async () => {
    const job = await createJob(s);
    // A renter: the IRA acknowledgment, signed by the tenant and the property manager.
    const home = filled('home_details', {
      renter_or_owner: 'renter',
      property_manager_name: 'Pat Owner',
      property_manager_email: 'pat@owners.test',
    });
    const t0 = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    const saved = await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
      as: 'contractor_a',
      body: { data: home, version: t0.body.version },
    });
    expect(saved.status).toBe(200);

    // A signature is never answered on the homeowner's behalf: the contractor may not submit the task at all.
    const ack = await s.api('GET', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment`, {
      as: 'contractor_a',
    });
    expect(ack.body).toMatchObject({ status: 'READY', can_edit: false });
    const byContractor = await s.api('POST', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment/submit`, {
      as: 'contractor_a',
      body: { data: { signature_status: 'success', sign_manually: false }, version: ack.body.version },
    });
    expect(byContractor.status).toBe(403);
    expect(byContractor.body.code).toBe('homeowner_only');
    // Ops "completing" the acknowledgment by sending a status is refused: the status is the server's.
    const faked = await s.api('POST', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment/submit`, {
      as: 'ops',
      body: { data: { signature_status: 'success', sign_manually: false }, version: ack.body.version },
    });
    expect(faked.status).toBe(422);
    expect(faked.body.errors).toContainEqual({
      path: 'signature_status',
      message:
        'The acknowledgment is not signed yet. Resend the invite or switch to manual signing and upload the signed PDF.',
    });
    const draft = await s.api('PUT', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment/draft`, {
      as: 'ops',
      body: { data: { signature_status: 'success', sign_manually: false }, version: ack.body.version },
    });
    expect(draft.body.data.signature_status).toBe('not_attempted');

    // Generated without anyone asking once the task opened: the tenant, then the owner at the address the tenant gave.
    await worker.drain();
    const doc = (await documentsOf(job.id)).items.find((d) => d.task_id === 'sign_ira_tenant_owner_acknowledgment')!;
    expect(doc.signers.map((x) => x.role)).toEqual(['homeowner', 'property_manager']);

    // Signed on paper instead: the upload, then the submission (statuses need not be complete).
    const form = new FormData();
    form.set('task_id', 'sign_ira_tenant_owner_acknowledgment');
    form.set('field', 'signed_acknowledgment');
    form.set(
      'file',
      new Blob([new Uint8Array(await demoPdf('Signed by hand'))], { type: 'application/pdf' }),
      'signed.pdf',
    );
    // Signed on paper: ops record it (a contractor may not answer a signature task).
    const up = await s.api('POST', `/api/jobs/${job.id}/attachments`, { as: 'ops', body: form });
    expect(up.status).toBe(201);
    const cur = await s.api('GET', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment`, { as: 'ops' });
    const manual = await s.api('POST', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment/submit`, {
      as: 'ops',
      body: {
        data: { sign_manually: true, signed_acknowledgment: { id: up.body.id, name: 'signed.pdf' } },
        version: cur.body.version,
      },
    });
    expect(manual.status).toBe(200);
    expect(manual.body.task).toMatchObject({
      status: 'COMPLETE',
      data: { sign_manually: true, signature_status: 'pending' },
    });
    // The tenant's invite is no longer needed once the task is complete.
    const [tenantLink] = linksTo(String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email));
    const gone = await s.api('GET', `/api/signing/${tenantLink}`);
    expect(gone.status).toBe(410);
    expect(gone.body.detail).toBe(SIGNING_MESSAGES.no_longer_needed);
    // The documents panel says so: no longer pending, no one to invite again, and a resend is refused.
    const listed = (await documentsOf(job.id)).items.find((d) => d.task_id === 'sign_ira_tenant_owner_acknowledgment')!;
    expect(listed.signed_another_way).toBe(true);
    expect(listed.signers.every((x) => !x.can_resend)).toBe(true);
    const pendingSigner = listed.signers.find((x) => x.status !== 'success')!;
    const again = await s.api('POST', `/api/jobs/${job.id}/documents/signers/${pendingSigner.id}/resend`, {
      as: 'ops',
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(SIGNING_MESSAGES.signed_another_way);
  });

  it('the tenant and then the owner sign the IRA acknowledgment; a corrected owner address reaches the resend', async () => {
    const job = await createJob(s);
    const home = filled('home_details', {
      renter_or_owner: 'renter',
      property_manager_name: 'Pat Owner',
      property_manager_email: 'pat@typo.test',
    });
    const t0 = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
          as: 'contractor_a',
          body: { data: home, version: t0.body.version },
        })
      ).status,
    ).toBe(200);
    await worker.drain();
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const tenantLinks = linksTo(email);
    const [tenant] = tenantLinks.slice(-1);
    const view = await s.api('GET', `/api/signing/${tenant}`);
    expect(view.body.document.title).toBe('IRA tenant and owner acknowledgment');
    expect(view.body.document.fields).toContainEqual({ label: 'Property owner or manager', value: 'Pat Owner' });
    expect(
      (await sign(tenant, { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo Tester' } })).body,
    ).toEqual({ status: 'success', document_status: 'pending' });
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.submit_terms_id).toBe(termsId);
    await worker.drain();
    expect(linksTo('pat@typo.test')).toHaveLength(1);

    // The tenant corrects the owner's address; the resend goes to the corrected one, and the old link is dead.
    const t1 = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
          as: 'contractor_a',
          body: { data: { ...home, property_manager_email: 'pat@owners.test' }, version: t1.body.version },
        })
      ).status,
    ).toBe(200);
    const doc = (await documentsOf(job.id)).items.find((d) => d.task_id === 'sign_ira_tenant_owner_acknowledgment')!;
    const owner = doc.signers.find((x) => x.role === 'property_manager')!;
    expect(
      (await s.api('POST', `/api/jobs/${job.id}/documents/signers/${owner.id}/resend`, { as: 'contractor_a' })).status,
    ).toBe(200);
    await worker.drain();
    const [ownerLink] = linksTo('pat@owners.test');
    expect(ownerLink).toBeTruthy();
    expect((await s.api('GET', `/api/signing/${linksTo('pat@typo.test')[0]}`)).status).toBe(404);
    expect((await sign(ownerLink, { consent: true, accept_terms: true, signature: drawn() })).body).toEqual({
      status: 'success',
      document_status: 'success',
    });
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/sign_ira_tenant_owner_acknowledgment`, { as: 'ops' });
    expect(task.body).toMatchObject({
      status: 'COMPLETE',
      data: { signature_status: 'success', sign_manually: false },
    });
  });

  it('CA TECH: the customer agreement opens after the homeowner details, the homeowner signs it, and the task completes by itself', async () => {
    const job = await createJob(s, 'contractor_a', {
      program_id: 'ca-tech',
      address: '12 Olive Ave',
      city: 'Fresno',
      county: 'Fresno',
      state: 'CA',
      zip: '93701',
      lat: 36.74,
      lon: -119.78,
      electric_utility: 'Pacific Gas and Electric',
      gas_utility: 'Pacific Gas and Electric',
    });
    const t0 = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(
      (
        await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
          as: 'contractor_a',
          body: { data: filled('home_details'), version: t0.body.version },
        })
      ).status,
    ).toBe(200);
    await worker.drain();
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const [link] = linksTo(email).slice(-1);
    const view = await s.api('GET', `/api/signing/${link}`);
    expect(view.body.document.title).toBe('TECH Clean California customer agreement');
    expect(view.body.signers).toEqual([{ role: 'homeowner', name: expect.any(String), status: 'pending' }]);
    expect(
      (await sign(link, { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo Tester' } })).body,
    ).toEqual({ status: 'success', document_status: 'success' });
    const task = await s.api('GET', `/api/jobs/${job.id}/tasks/sign_tech_customer_agreement`, { as: 'contractor_a' });
    expect(task.body).toMatchObject({
      status: 'COMPLETE',
      data: { signature_status: 'success', sign_manually: false },
    });
    expect((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.submit_terms_id).toBe(termsId);
    // What waited for the agreement is open now.
    const after = (await s.api('GET', `/api/jobs/${job.id}/tasks`, { as: 'ops' })).body.items as {
      id: string;
      status: string;
      blocked_by: string[];
    }[];
    expect(after.filter((t) => t.blocked_by.includes('sign_tech_customer_agreement'))).toEqual([]);
  });

  it('a signed copy that cannot be made shows ops its cause and a way out: retried, stopped, tried again once fixed', async () => {
    const started = clock;
    const config = s.deps.config as { signing_certificate_path?: string };
    const job = await createJob(s, 'contractor_a', {
      program_id: 'ca-tech',
      address: '14 Olive Ave',
      city: 'Fresno',
      county: 'Fresno',
      state: 'CA',
      zip: '93701',
      lat: 36.74,
      lon: -119.78,
      electric_utility: 'Pacific Gas and Electric',
      gas_utility: 'Pacific Gas and Electric',
    });
    const t0 = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    await s.api('POST', `/api/jobs/${job.id}/tasks/provide_homeowner_details/submit`, {
      as: 'contractor_a',
      body: { data: filled('home_details'), version: t0.body.version },
    });
    await worker.drain();
    const email = String((await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' })).body.email);
    const [link] = linksTo(email).slice(-1);
    // The seal's certificate is configured to a file that is not there.
    config.signing_certificate_path = '/nonexistent/portal-seal.p12';
    try {
      expect(
        (await sign(link, { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo Tester' } })).body,
      ).toEqual({ status: 'success', document_status: 'success' });
      await worker.drain();
      type Failure = { cause: string; stopped: boolean; attempts: number; next_attempt_at: string | null };
      const failing = async () => {
        const docs = await documentsOf(job.id);
        const doc = docs.items.find((d) => d.task_id === 'sign_tech_customer_agreement')!;
        return { docs, doc: doc as typeof doc & { stamping_failure: Failure | null } };
      };
      const first = await failing();
      expect(first.doc.signed_download_url).toBeNull();
      expect(first.doc.stamping_failure).toEqual({
        cause:
          "The portal's signing certificate (SIGNING_CERTIFICATE_PATH /nonexistent/portal-seal.p12) could not be read: there is no such file. Fix the file or its passphrase (SIGNING_CERTIFICATE_PASSPHRASE).",
        stopped: false,
        attempts: 1,
        next_attempt_at: expect.any(String),
      });
      expect(first.docs.pending_work).toBe(true);
      // The cause is for ops: the contractor reads the document without it, and may not try again.
      const asContractor = await s.api('GET', `/api/jobs/${job.id}/documents`, { as: 'contractor_a' });
      expect(JSON.stringify(asContractor.body)).not.toContain('stamping_failure');
      const url = `/api/jobs/${job.id}/documents/${first.doc.id}/stamp`;
      expect((await s.api('POST', url, { as: 'contractor_a' })).status).toBe(403);

      // The worker retries with its backoff until its last attempt, then stops: the page stops waiting.
      for (let i = 0; i < 10; i++) {
        clock = new Date(clock.getTime() + 10 * 60_000);
        await worker.drain();
      }
      const stopped = await failing();
      expect(stopped.doc.stamping_failure).toMatchObject({ stopped: true, attempts: 8, next_attempt_at: null });
      expect(stopped.docs.pending_work).toBe(false);

      // Fixed, ops try again: the copy is made, sealed, and history says who asked.
      config.signing_certificate_path = undefined;
      const retried = await s.api('POST', url, { as: 'ops' });
      expect(retried.status).toBe(200);
      expect(retried.body.pending_work).toBe(true);
      await worker.drain();
      const done = await failing();
      expect(done.doc.signed_download_url).toBeTruthy();
      expect(done.doc.stamping_failure).toBeNull();
      const h = await s.api('GET', `/api/jobs/${job.id}/history?type=document_stamping_retried`, { as: 'ops' });
      expect(h.body.items).toMatchObject([
        { user_name: 'Olive Ops', detail: { task_id: 'sign_tech_customer_agreement' } },
      ]);
      // Made once: there is nothing to stamp again.
      expect(await s.api('POST', url, { as: 'ops' })).toMatchObject({
        status: 409,
        body: {
          detail: 'This document is not signed by everyone yet, or its signed copy is made: there is nothing to stamp.',
        },
      });
    } finally {
      config.signing_certificate_path = undefined;
      clock = started;
    }
  });

  it('signing links that are not ours answer 404 without detail of anything', async () => {
    for (const t of ['x', 'A'.repeat(43), '../../etc/passwd', 'A'.repeat(500)]) {
      const r = await s.api('GET', `/api/signing/${encodeURIComponent(t)}`);
      expect(r.status).toBe(404);
      expect(['signing_link_invalid', 'not_found']).toContain(r.body.code);
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|SELECT/);
    }
  });
});
