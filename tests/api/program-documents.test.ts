/**
 * CA TECH's program documents (issue 17): the contractor chooses, per set, e-signing or paper. A set chosen
 * for e-signing is generated and mailed to the signer the task names (the homeowner, or the property manager
 * when the homeowner rents); a set switched to paper is withdrawn (its links die); the task completes by
 * itself once every e-signature is in and nothing is owed on paper, or by the contractor's submission with
 * the paper set's PDFs once the e-signed set is signed. Mail goes through a real SMTP server.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, filled, uploadFile } from './fixtures.ts';
import { smtpServer, plainText } from '../support/smtp.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { MAIL_WORK, smtpMailHandler } from '../../server/adapters/mail.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let worker: Worker;
const clock = new Date('2026-06-01T15:00:00.000Z');

beforeAll(async () => {
  smtp = await smtpServer();
  s = await startServer({
    config: { smtp_url: smtp.url, public_url: 'https://portal.example.test' },
    now: () => clock,
  });
  worker = createWorker(s.deps.db, {
    handlers: {
      ...documentHandlers(s.deps),
      [MAIL_WORK]: smtpMailHandler(smtp.url, 'Rebate portal <no-reply@rebate.invalid>'),
    },
    now: () => clock,
  });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const FRESNO = {
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
};
const PROGRAM_SET = ['data_authorization', 'tech_program_terms'];
const PROJECT_SET = ['documents_bundle', 'tech_project_application'];

/** The signing links mailed to an address, in the order they arrived. */
const linksTo = (address: string) =>
  smtp.received
    .filter((m) => m.to.includes(address))
    .map((m) => /\/sign\/([A-Za-z0-9_-]+)/.exec(plainText(m.raw))?.[1])
    .filter((t): t is string => !!t);

async function answer(
  jobId: number,
  taskId: string,
  data: Record<string, unknown>,
  how: 'draft' | 'submit' = 'submit',
) {
  const cur = await s.api('GET', `/api/jobs/${jobId}/tasks/${taskId}`, { as: 'contractor_a' });
  return how === 'draft'
    ? s.api('PUT', `/api/jobs/${jobId}/tasks/${taskId}/draft`, {
        as: 'contractor_a',
        body: { data, version: cur.body.version },
      })
    : s.api('POST', `/api/jobs/${jobId}/tasks/${taskId}/submit`, {
        as: 'contractor_a',
        body: { data, version: cur.body.version },
      });
}

/** A CA TECH job whose program documents task is open (the homeowner's details and the services answered). */
async function openJob(home: Record<string, unknown>) {
  const job = await createJob(s, 'contractor_a', FRESNO);
  expect((await answer(job.id, 'provide_homeowner_details', filled('home_details', home))).status).toBe(200);
  expect(
    (
      await answer(
        job.id,
        'provide_services',
        filled('provide_services', {
          services_being_installed: ['heat_pump'],
          services_being_removed: ['gas_furnace'],
          existing_heating_plan: 'remove',
        }),
      )
    ).status,
  ).toBe(200);
  await worker.drain();
  return job.id;
}

async function documentsOf(jobId: number) {
  const r = await s.api('GET', `/api/jobs/${jobId}/documents`, { as: 'contractor_a' });
  expect(r.status).toBe(200);
  return (
    r.body.items as { key: string; task_id: string; signers: { role: string; name: string; email?: string }[] }[]
  ).filter((d) => d.task_id === 'program_documents');
}

const signAll = async (tokens: string[]) => {
  for (const token of tokens) {
    const r = await s.api('POST', `/api/signing/${token}/sign`, {
      body: { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Jo Tester' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await worker.drain();
};

const history = async (jobId: number) =>
  (await s.api('GET', `/api/jobs/${jobId}/history?per_page=200`, { as: 'ops' })).body.items as {
    type: string;
    detail?: Record<string, unknown>;
  }[];
const taskOf = async (jobId: number) =>
  (await s.api('GET', `/api/jobs/${jobId}/tasks/program_documents`, { as: 'contractor_a' })).body as {
    status: string;
    data: Record<string, unknown>;
  };

describe('CA TECH program documents', () => {
  it('nothing is generated before the contractor chooses; the set chosen for e-signing goes to the address the task gives, the other is signed on paper', async () => {
    const jobId = await openJob({ renter_or_owner: 'owner' });
    expect((await taskOf(jobId)).status).toBe('READY');
    expect(await documentsOf(jobId)).toEqual([]);

    // Program forms e-signed, project forms on paper.
    const choice = {
      manually_sign_program_forms: false,
      manually_sign_project_forms: true,
      signer_email: 'signer.one@home.test',
    };
    expect((await answer(jobId, 'program_documents', choice, 'draft')).status).toBe(200);
    await worker.drain();
    const docs = await documentsOf(jobId);
    expect(docs.map((d) => d.key).sort()).toEqual(PROGRAM_SET);
    for (const d of docs)
      expect(d.signers).toEqual([expect.objectContaining({ role: 'homeowner', email: 'signer.one@home.test' })]);
    const links = linksTo('signer.one@home.test');
    expect(links).toHaveLength(2);

    // Submitting the paper set while the e-signatures are pending: refused with the form's words, nothing changes.
    // Signed on paper and uploaded: real PDFs, stored for these fields of the task.
    const paper = {
      signed_project_application: await uploadFile(
        s,
        'contractor_a',
        jobId,
        'program_documents',
        'signed_project_application',
        'pdf',
      ),
      signed_documents_bundle: await uploadFile(
        s,
        'contractor_a',
        jobId,
        'program_documents',
        'signed_documents_bundle',
        'pdf',
      ),
    };
    const early = await answer(jobId, 'program_documents', { ...choice, ...paper });
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain('The documents being e-signed are not all signed yet.');
    expect((await taskOf(jobId)).status).toBe('IN_PROGRESS');

    // Both signed: the task still waits for the paper set (the completion by signatures is refused and recorded).
    await signAll(links);
    expect((await taskOf(jobId)).status).toBe('IN_PROGRESS');
    expect((await history(jobId)).map((h) => h.type)).toContain('signatures_complete');
    const done = await answer(jobId, 'program_documents', { ...choice, ...paper });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const task = await taskOf(jobId);
    expect(task).toMatchObject({
      status: 'COMPLETE',
      data: { e_signature_status: 'success', manually_sign_program_forms: false, manually_sign_project_forms: true },
    });
  });

  it('a set switched to paper is withdrawn (its links die); switched back, it is generated anew; all e-signed, the task completes by itself', async () => {
    const jobId = await openJob({ renter_or_owner: 'owner' });
    const both = {
      manually_sign_program_forms: false,
      manually_sign_project_forms: false,
      signer_email: 'signer.two@home.test',
    };
    expect((await answer(jobId, 'program_documents', both, 'draft')).status).toBe(200);
    await worker.drain();
    expect((await documentsOf(jobId)).map((d) => d.key).sort()).toEqual([...PROGRAM_SET, ...PROJECT_SET].sort());
    const first = linksTo('signer.two@home.test');
    expect(first).toHaveLength(4);

    // The project forms go to paper: withdrawn, their links no longer work, the program forms' still do.
    expect(
      (await answer(jobId, 'program_documents', { ...both, manually_sign_project_forms: true }, 'draft')).status,
    ).toBe(200);
    await worker.drain();
    expect((await documentsOf(jobId)).map((d) => d.key).sort()).toEqual(PROGRAM_SET);
    const withdrawn = (await history(jobId)).find((h) => h.type === 'documents_withdrawn');
    expect((withdrawn?.detail?.documents as string[]).sort()).toEqual(PROJECT_SET);
    const alive = await Promise.all(first.map(async (t) => (await s.api('GET', `/api/signing/${t}`)).status));
    expect(alive.filter((x) => x === 200)).toHaveLength(2);

    // Back to e-signing: the project forms are generated again with new links; every signature in, the task completes
    // by itself.
    expect((await answer(jobId, 'program_documents', both, 'draft')).status).toBe(200);
    await worker.drain();
    expect((await documentsOf(jobId)).map((d) => d.key).sort()).toEqual([...PROGRAM_SET, ...PROJECT_SET].sort());
    const live = [];
    for (const t of linksTo('signer.two@home.test'))
      if ((await s.api('GET', `/api/signing/${t}`)).status === 200) live.push(t);
    expect(live).toHaveLength(4);
    await signAll(live);
    expect(await taskOf(jobId)).toMatchObject({
      status: 'COMPLETE',
      data: { e_signature_status: 'success', manually_sign_program_forms: false, manually_sign_project_forms: false },
    });
    expect(
      (await history(jobId)).filter((h) => h.type === 'task_completed_by_signatures').map((h) => h.detail?.task_id),
    ).toContain('program_documents');
  });

  it('when the homeowner rents, the property manager named in the homeowner details signs', async () => {
    const jobId = await openJob({
      renter_or_owner: 'renter',
      property_manager_name: 'Pat Manager',
      property_manager_email: 'pat@manager.test',
    });
    expect(
      (
        await answer(
          jobId,
          'program_documents',
          { manually_sign_program_forms: false, manually_sign_project_forms: true, signer_email: 'pat@manager.test' },
          'draft',
        )
      ).status,
    ).toBe(200);
    await worker.drain();
    const docs = await documentsOf(jobId);
    expect(docs).toHaveLength(2);
    for (const d of docs)
      expect(d.signers).toEqual([
        expect.objectContaining({ role: 'property_manager', name: 'Pat Manager', email: 'pat@manager.test' }),
      ]);
    expect(linksTo('pat@manager.test')).toHaveLength(2);
  });
});
