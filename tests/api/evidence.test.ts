/**
 * Evidence is real (issue 41): an upload field of a task's data names only attachments stored for this job, for this
 * task's field, not deleted. A made-up id, another job's file, another field's file or a deleted one is refused on
 * submit (422 under the field, with the form's message; nothing written) and dropped from a draft (the answer says
 * which and why); what a client says about a file (its name, size, where a photo was taken) is never kept: the stored
 * attachment's own reference is. Runs on SQLite and PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob, submit, uploadFile, WI_HEAR_APPLY } from './fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const TASK = 'scope_of_work_proposed';
const FIELD = 'upload_scope_of_work';
const MESSAGE = 'Please upload proposed scope of work';

/** A WI HEAR job whose proposed scope of work is open (the Apply answers up to the services). */
async function jobAtScope() {
  const job = await createJob(s);
  for (const [task, form, data] of WI_HEAR_APPLY.slice(0, 5))
    expect((await submit(s, 'contractor_a', job.id, task, form, data)).status).toBe(200);
  return job;
}

const taskOf = async (jobId: number) =>
  (await s.api('GET', `/api/jobs/${jobId}/tasks/${TASK}`, { as: 'contractor_a' })).body as {
    status: string;
    version: number;
    data: Record<string, unknown> | null;
  };
const send = async (jobId: number, files: unknown[], how: 'submit' | 'draft' = 'submit') => {
  const cur = await taskOf(jobId);
  return how === 'submit'
    ? s.api('POST', `/api/jobs/${jobId}/tasks/${TASK}/submit`, {
        as: 'contractor_a',
        body: { data: { [FIELD]: files }, version: cur.version },
      })
    : s.api('PUT', `/api/jobs/${jobId}/tasks/${TASK}/draft`, {
        as: 'contractor_a',
        body: { data: { [FIELD]: files }, version: cur.version },
      });
};

describe('an upload field names only files stored for it', () => {
  it('a made-up id, another job’s file, another field’s file: 422 under the field with the form’s message, nothing written', async () => {
    const job = await jobAtScope();
    const other = await jobAtScope();
    const before = await taskOf(job.id);
    const elsewhere = await uploadFile(s, 'contractor_a', other.id, TASK, FIELD, 'pdf');
    const wrongField = await uploadFile(
      s,
      'contractor_a',
      job.id,
      'photos_of_installed_measures',
      'heat_pump_outdoor_unit_photos',
      'photo',
    );
    const wrongTask = await uploadFile(s, 'contractor_a', job.id, 'upload_final_invoice', 'final_invoice', 'pdf');
    const cases: [string, unknown][] = [
      ['made up', { id: 'made-up-invoice' }],
      ['another job’s', elsewhere],
      ['another field’s', wrongField],
      ['another task’s (a PDF too)', wrongTask],
      ['an overlong id', { id: 'x'.repeat(5000) }],
    ];
    for (const [what, ref] of cases) {
      const r = await send(job.id, [ref]);
      expect(r, what).toMatchObject({
        status: 422,
        body: { code: 'validation_failed', errors: [{ path: `${FIELD}.0`, message: MESSAGE }] },
      });
    }
    const after = await taskOf(job.id);
    expect(after).toMatchObject({ status: before.status, version: before.version, data: before.data });
    // Another company's contractor cannot learn whether an id exists: the same answer as a made-up one.
    expect(JSON.stringify((await send(job.id, [elsewhere])).body)).not.toContain(String(other.id));
  });

  it('a deleted file is no longer available; a good one is kept as stored, whatever the client said of it', async () => {
    const job = await jobAtScope();
    const gone = await uploadFile(s, 'contractor_a', job.id, TASK, FIELD, 'pdf');
    expect((await s.api('DELETE', `/api/attachments/${gone.id}`, { as: 'contractor_a' })).status).toBe(204);
    expect(await send(job.id, [gone])).toMatchObject({
      status: 422,
      body: { errors: [{ path: `${FIELD}.0`, message: 'Attachment is no longer available.' }] },
    });
    const good = (await uploadFile(s, 'contractor_a', job.id, TASK, FIELD, 'pdf')) as Record<string, unknown>;
    const forged = { ...good, name: 'invoice-paid-in-full.pdf', size_bytes: 1, lat: 43.04, lon: -87.9 };
    const r = await send(job.id, [forged]);
    expect(r.status).toBe(200);
    expect((await taskOf(job.id)).data?.[FIELD]).toEqual([
      { id: good.id, name: good.name, content_type: 'application/pdf', size_bytes: good.size_bytes },
    ]);
  });

  it('a draft keeps the good files, drops the rest and says which and why', async () => {
    const job = await jobAtScope();
    const good = (await uploadFile(s, 'contractor_a', job.id, TASK, FIELD, 'pdf')) as { id: string };
    const r = await send(job.id, [{ id: 'no-such-file' }, good], 'draft');
    expect(r.status).toBe(200);
    expect(r.body.dropped).toEqual([{ path: `${FIELD}.0`, message: MESSAGE }]);
    expect(r.body.data[FIELD]).toEqual([expect.objectContaining({ id: good.id })]);
    // Nothing dropped: the answer has no list of drops.
    const clean = await send(job.id, [good], 'draft');
    expect(clean.status).toBe(200);
    expect(clean.body).not.toHaveProperty('dropped');
  });
});
