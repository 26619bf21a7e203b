/**
 * A paid job's completion record (issue 44) over HTTP, with the worker: issued once the payment is recorded, one PDF
 * that qpdf finds sound, listing every file of the job with its SHA-256 (pdftotext reads each whole) and the signed
 * payment; downloaded by ops, the job's contractor and its homeowner (another company: 404); checked at the public
 * verify route by its SHA-256, which says what it covers and names nobody; a changed file's SHA-256 is refused.
 * Issued once: a worker killed after writing it, or before, or two runs at once leave one record with the same bytes.
 */

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { filled, recoJobAtPayment } from './fixtures.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { leaseWork } from '../../server/db/work.db.ts';
import { RECORD_WORK } from '../../server/workflows/records/work-kinds.ts';
import { issueRecord, recordHandlers } from '../../server/workflows/records/records.service.ts';
import { recordContent } from '../../server/workflows/records/record-content.ts';
import { renderRecord } from '../../server/workflows/records/record-pdf.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { VERIFY_MESSAGES } from '../../engine/api/completion.ts';
import { pdfTool } from '../support/pdf-tools.ts';
import { jpeg } from '../support/photos.ts';
import { demoPdf } from '../../server/seed/demo-files.ts';

let s: TestServer;
let worker: Worker;
let clock = new Date('2026-06-01T15:00:00.000Z');
const MAHWAH = { lat: 41.08, lon: -74.14 };

beforeAll(async () => {
  s = await startServer({ now: () => clock });
  worker = createWorker(s.deps.db, { handlers: recordHandlers(s.deps), now: () => clock });
});
afterAll(() => s.close());

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Uploads a file for a task's field as the job's contractor; its id. */
async function upload(jobId: number, bytes: Buffer, name: string, task: string, field: string) {
  const f = new FormData();
  f.set('task_id', task);
  f.set('field', field);
  f.set('file', new Blob([new Uint8Array(bytes)]), name);
  const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: f });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function submit(jobId: number, task: string, data: Record<string, unknown>) {
  const cur = (await s.api('GET', `/api/jobs/${jobId}/tasks/${task}`, { as: 'ops' })).body;
  const r = await s.api('POST', `/api/jobs/${jobId}/tasks/${task}/submit`, {
    as: 'ops',
    body: { data: filled(task, data), version: cur.version ?? 0 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A RECO job with a photo and an invoice, payment approved and recorded by hand: paid. */
async function paidJob() {
  const job = await recoJobAtPayment(s, { at: clock });
  const photo = jpeg(MAHWAH);
  const invoice = await demoPdf('Final invoice');
  await upload(job.id, photo, 'outdoor unit.jpg', 'photos_of_installed_measures', 'heat_pump_outdoor_unit_photos');
  await upload(job.id, invoice, 'final invoice.pdf', 'upload_final_invoice', 'final_invoice');
  await submit(job.id, 'approve_payment', {
    is_payment_approved: true,
    payable_amount: 275_000,
    invoiced_at: '2026-05-29',
  });
  await submit(job.id, 'send_payment', {
    payment_amount: 275_000,
    payment_sent_date: '2026-06-01',
    payment_reference: 'CHK-4242',
  });
  return { job, files: [photo, invoice] };
}

const summaryOf = async (jobId: number) =>
  (await s.api('GET', `/api/jobs/${jobId}`, { as: 'ops' })).body.completion_record as {
    sha256: string;
    file_count: number;
    issued_at: string;
  } | null;

async function download(jobId: number, as: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner' = 'ops') {
  const r = await fetch(`${s.url}/api/jobs/${jobId}/completion-record`, {
    headers: { authorization: `Bearer ${await s.tokenOf(as)}` },
  });
  return { status: r.status, type: r.headers.get('content-type'), bytes: new Uint8Array(await r.arrayBuffer()) };
}

describe('completion record', () => {
  it('is issued once the job is paid: sound PDF, every listed file’s SHA-256, the payment, verifiable by its hash', async () => {
    const { job, files } = await paidJob();
    expect(await summaryOf(job.id)).toBeNull();
    expect((await download(job.id)).status).toBe(404);
    expect(await worker.drain()).toBeGreaterThan(0);

    const summary = (await summaryOf(job.id))!;
    expect(summary).toMatchObject({ file_count: 2, issued_at: clock.toISOString() });
    const pdf = await download(job.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(sha(pdf.bytes)).toBe(summary.sha256);
    expect(pdfTool(pdf.bytes, 'qpdf', (f) => ['--check', f])).toMatch(/No syntax or stream encoding errors found/);
    const text = pdfTool(pdf.bytes, 'pdftotext', (f) => ['-layout', f, '-']);
    for (const f of files) expect(text).toContain(sha(f));
    expect(text).toContain('Completion record');
    expect(text).toContain(job.code);
    expect(text).toContain('CHK-4242');
    expect(text).toContain('$2,750.00');
    expect(text).toMatch(/41\.08000, -74\.14000/);
    expect(text).toContain('outdoor unit.jpg');

    // Verify: what it covers, nobody's name, address or file name.
    const v = await s.api('GET', `/api/verify/${summary.sha256}`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      sha256: summary.sha256,
      size_bytes: pdf.bytes.length,
      covers: { paid_on: '2026-06-01' },
    });
    expect(v.body.covers.files.map((f: { sha256: string }) => f.sha256).sort()).toEqual(files.map(sha).sort());
    const said = JSON.stringify(v.body);
    for (const personal of ['Paula', 'Payee Lane', 'Mahwah', 'outdoor unit', 'final invoice', job.code])
      expect(said).not.toContain(personal);
    // Upper case finds it too; a changed file's hash is no record's.
    expect((await s.api('GET', `/api/verify/${summary.sha256.toUpperCase()}`)).status).toBe(200);
    const changed = Uint8Array.from(pdf.bytes);
    changed[changed.length - 10] ^= 1;
    const refused = await s.api('GET', `/api/verify/${sha(changed)}`);
    expect(refused.status).toBe(404);
    expect(refused.body.detail ?? refused.body.error ?? JSON.stringify(refused.body)).toContain(
      VERIFY_MESSAGES.unknown,
    );

    // Whoever may see the job downloads the same file; another company does not find it.
    expect(sha((await download(job.id, 'contractor_a')).bytes)).toBe(summary.sha256);
    expect((await download(job.id, 'contractor_b')).status).toBe(404);
    const history = (await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' })).body.items as { type: string }[];
    expect(history.filter((h) => h.type === 'completion_record_issued')).toHaveLength(1);
  });

  it('is issued once: a worker killed after writing it, or before, and two runs at once leave one record', async () => {
    const { job } = await paidJob();
    const handlers = recordHandlers(s.deps);
    // Killed before writing: the content it would have written is what the next run writes (same bytes).
    const row = (await getJob(s.deps.db, job.id))!;
    const before = await renderRecord(await recordContent(s.deps, row, clock.toISOString()));
    // A worker takes the item, writes the record and dies before finishing the item.
    const [item] = await leaseWork(s.deps.db, {
      owner: 'doomed',
      now: clock,
      lease_ms: 60_000,
      kinds: [RECORD_WORK.issue],
    });
    expect(item).toBeDefined();
    await handlers[RECORD_WORK.issue]({ ...item, data: JSON.parse(item.payload) }, s.deps.db);
    const first = (await summaryOf(job.id))!;
    expect(first.sha256).toBe(before.sha256);
    // Its lease runs out; the restarted worker takes it again and writes nothing more.
    clock = new Date(clock.getTime() + 120_000);
    await worker.drain();
    // Two more runs at once.
    const payload = JSON.parse(item.payload) as { job_id: number; at: string };
    await Promise.all([issueRecord(s.deps, payload), issueRecord(s.deps, payload)]);
    expect((await summaryOf(job.id))!.sha256).toBe(first.sha256);
    const history = (await s.api('GET', `/api/jobs/${job.id}/history`, { as: 'ops' })).body.items as { type: string }[];
    expect(history.filter((h) => h.type === 'completion_record_issued')).toHaveLength(1);
    expect(sha((await download(job.id)).bytes)).toBe(first.sha256);
  });

  it('is not issued for a job that is not paid; an unknown or malformed hash is 404', async () => {
    const job = await recoJobAtPayment(s, { at: clock });
    await worker.drain();
    expect(await summaryOf(job.id)).toBeNull();
    const r = await s.api('GET', `/api/jobs/${job.id}/completion-record`, { as: 'ops' });
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).toContain(VERIFY_MESSAGES.not_issued);
    expect((await s.api('GET', `/api/verify/${'a'.repeat(64)}`)).status).toBe(404);
    expect((await s.api('GET', '/api/verify/not-a-hash')).status).toBe(404);
  });
});
