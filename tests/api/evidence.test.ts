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
import { checkEvidence, uploadOrigins } from '../../server/services/evidence.ts';

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

describe('a form may reuse another form’s uploads (form.yaml reuse_uploads)', () => {
  it('a file uploaded for the named form and field is accepted and kept as stored; any other is not', async () => {
    const job = await jobAtScope();
    const program = s.deps.defs.programs['wi-hear'];
    const invoice = s.deps.defs.forms.upload_final_invoice;
    const reusing = {
      ...invoice,
      reuse_uploads: { final_invoice: [{ form: 'scope_of_work_proposed', field: 'upload_scope_of_work' }] },
    };
    const scope = (await uploadFile(s, 'contractor_a', job.id, TASK, FIELD, 'pdf')) as { id: string; name: string };
    const photo = await uploadFile(
      s,
      'contractor_a',
      job.id,
      'photos_of_installed_measures',
      'heat_pump_outdoor_unit_photos',
      'photo',
    );
    const check = (form: typeof invoice, refs: Record<string, unknown>[]) =>
      checkEvidence(s.deps, job, program, 'upload_final_invoice', form, { final_invoice: refs });
    // Without the declaration, the scope's PDF is not the invoice's.
    expect((await check(invoice, [scope])).problems).toHaveLength(1);
    // With it, the PDF is accepted and kept as stored.
    const ok = await check(reusing, [{ ...scope, name: 'forged.pdf' }]);
    expect(ok.problems).toEqual([]);
    expect(ok.data.final_invoice).toEqual([expect.objectContaining({ id: scope.id, name: scope.name })]);
    // Another job's file of the same task and field is still refused.
    const other = await jobAtScope();
    const theirs = await uploadFile(s, 'contractor_a', other.id, TASK, FIELD, 'pdf');
    expect((await check(reusing, [theirs])).problems).toHaveLength(1);
    // A file of a field the form does not name (a photo of the installed measures) is not the invoice either.
    expect((await check(reusing, [photo])).problems).toHaveLength(1);
  });

  it('the origins of a field: its own task and field, and each task of the program using the form it reuses from', () => {
    const program = {
      tasks: [
        { id: 'sow_a', form: 'scope_of_work_proposed' },
        { id: 'inv', form: 'upload_final_invoice' },
      ],
    };
    const form = {
      ...s.deps.defs.forms.upload_final_invoice,
      reuse_uploads: { final_invoice: [{ form: 'scope_of_work_proposed', field: 'upload_scope_of_work' }] },
    };
    expect([...uploadOrigins(program as never, form, 'inv', 'final_invoice')]).toEqual([
      'inv\u0000final_invoice',
      'sow_a\u0000upload_scope_of_work',
    ]);
    expect([...uploadOrigins(program as never, form, 'inv', 'notes')]).toEqual(['inv\u0000notes']);
  });
});

describe('the served form offers the files a field may reuse', () => {
  it('ui:options.reuse_from names the other form’s field and title; a field without reuse has none', async () => {
    const r = await s.api('GET', '/api/forms/scope_of_work_project', { as: 'contractor_a' });
    expect(r.status).toBe(200);
    expect(r.body.ui_schema.upload_scope_of_work['ui:options'].reuse_from).toEqual([
      { form: 'scope_of_work_proposed', field: FIELD, title: s.deps.defs.forms.scope_of_work_proposed.title },
    ]);
    const proposed = await s.api('GET', '/api/forms/scope_of_work_proposed', { as: 'contractor_a' });
    expect(proposed.body.ui_schema.upload_scope_of_work['ui:options']).not.toHaveProperty('reuse_from');
  });
});
