import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../server/seed/demo-files.ts';
import { jpeg } from '../support/photos.ts';
import { NOW, startServer, type Person, type TestServer } from './harness.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { getAttachment, insertAttachment } from '../../server/db/attachments.db.ts';
import { historyOfJob } from '../../server/db/history.db.ts';
import { databaseFiles } from '../../server/adapters/index.ts';
import { loadConfig } from '../../server/config.ts';
import { existsSync, readdirSync } from 'node:fs';

const SITE = { lat: 43.0389, lon: -87.9065 };
const GONE = 'Attachment is no longer available.';
const PHOTO_EXTENSIONS = 'File extension is not allowed. Allowed extensions are: jpg, jpeg, png, heic, heif';
const PHOTO = ['photos_of_installed_measures', 'heat_pump_outdoor_unit_photos'] as const;
const PDF_FIELD = ['scope_of_work_proposed', 'upload_scope_of_work'] as const;
/** A homeowner task's upload field (a homeowner sees and works only the homeowner's tasks). */
const HOMEOWNER_PDF = ['apply_for_income_verification', 'proof_of_income_upload'] as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A one-page PDF (the demo's). */
const PDF = await demoPdf('Proposed scope of work');
/** A HEIC whose second box has length 0: exifr walks such a file forever. */
const STALLING_HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.alloc(4),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

function form(bytes: Buffer, filename: string, [task_id, field]: readonly [string, string] = PHOTO): FormData {
  const f = new FormData();
  f.set('task_id', task_id);
  f.set('field', field);
  f.set('file', new Blob([new Uint8Array(bytes)]), filename);
  return f;
}

let s: TestServer;
let jobId: number;
let n = 0;
const at = NOW.toISOString();
async function newJob(t: TestServer): Promise<number> {
  n += 1;
  return await insertJob(t.deps.db, {
    code: `ATT${n}`,
    first_name: 'Jo',
    last_name: 'Tester',
    full_name: 'Jo Tester',
    address: '1 Main St',
    city: 'Milwaukee',
    state: 'WI',
    ...SITE,
    program_id: 'wi-hear',
    contractor_id: t.ids.contractor_a,
    homeowner_user_id: t.ids.users.homeowner,
    created_at: at,
    updated_at: at,
    stage_entered_at: at,
  });
}
const post = (body: FormData, as?: Person, job = jobId) => s.api('POST', `/api/jobs/${job}/attachments`, { as, body });
/** An attachment on the job, uploaded by `as`. */
const uploaded = async (as: Person = 'contractor_a') =>
  (await post(as === 'homeowner' ? form(PDF, 'mine.pdf', HOMEOWNER_PDF) : form(jpeg(SITE), 'unit.jpg'), as)).body
    .id as string;
const download = async (id: string, as: Person) =>
  fetch(`${s.url}/api/attachments/${id}/download`, { headers: { authorization: `Bearer ${await s.tokenOf(as)}` } });

beforeAll(async () => {
  s = await startServer();
  jobId = await newJob(s);
});
afterAll(() => s.close());

describe('POST /api/jobs/{job_id}/attachments', () => {
  it('stores a photo near the site with its id, metadata, location and time, no warning, and a history row', async () => {
    const bytes = jpeg({ lat: 43.039, lon: -87.9066 });
    const r = await post(form(bytes, 'outdoor unit.jpg'), 'contractor_a');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^att_[0-9a-f]{24}$/),
      name: 'outdoor unit.jpg',
      content_type: 'image/jpeg',
      size_bytes: bytes.length,
      warnings: [],
    });
    expect(r.body.lat).toBeCloseTo(43.039, 4);
    expect(r.body.lon).toBeCloseTo(-87.9066, 4);
    expect(r.body.taken_at).toBe('2026-05-30T10:15:00.000Z');
    const row = (await getAttachment(s.deps.db, r.body.id))!;
    expect(row).toMatchObject({
      job_id: jobId,
      task_id: PHOTO[0],
      field: PHOTO[1],
      created_by: s.ids.users.contractor_a,
      created_at: at,
      deleted_at: null,
    });
    expect(row.stored_name).not.toContain('outdoor');
    expect((await s.deps.adapters.files.get(row.stored_name))?.equals(bytes)).toBe(true);
    expect(
      (await historyOfJob(s.deps.db, jobId, { type: ['attachment_uploaded'] })).some(
        (h) => h.detail?.attachment_id === r.body.id,
      ),
    ).toBe(true);
  });
  it('prefers the GPS time (UTC) over the camera clock, which has no zone', async () => {
    const r = await post(form(jpeg({ ...SITE, utc: ['2026:05:30', 15, 15, 0] }), 'a.jpg'), 'contractor_a');
    expect(r.body.taken_at).toBe('2026-05-30T15:15:00.000Z');
  });
  it('warns, and still stores, a photo taken more than one mile from the site', async () => {
    const r = await post(form(jpeg({ lat: 43.1, lon: -87.9 }), 'far.jpg'), 'contractor_a');
    expect(r.status).toBe(201);
    expect(r.body.warnings).toEqual([
      { path: 'heat_pump_outdoor_unit_photos', message: 'This photo was taken more than one mile from the job site.' },
    ]);
  });
  it('a photo without GPS has no location and no warning; a PNG is a photo too', async () => {
    const noGps = await post(form(jpeg(), 'plain.jpeg'), 'contractor_a');
    expect(noGps.status).toBe(201);
    expect(noGps.body).not.toHaveProperty('lat');
    expect(noGps.body.warnings).toEqual([]);
    expect((await post(form(PNG, 'panel.png'), 'contractor_a')).body).toMatchObject({
      content_type: 'image/png',
      name: 'panel.png',
    });
  });
  it('a PDF field takes PDFs and names only pdf in its extension message', async () => {
    expect((await post(form(PDF, 'scope.pdf', PDF_FIELD), 'contractor_a')).body).toMatchObject({
      content_type: 'application/pdf',
      warnings: [],
    });
    const bad = await post(form(jpeg(), 'scope.jpg', PDF_FIELD), 'contractor_a');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { path: 'file', message: 'File extension is not allowed. Allowed extensions are: pdf' },
    ]);
  });
  it.each([
    ['cut off after its header', () => PDF.subarray(0, 300)],
    ['garbled after its header', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 65)])],
    [
      'with no pages',
      () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    ],
  ])('refuses a PDF %s: it must open (422, nothing stored)', async (_, bytes) => {
    const before = (await s.api('GET', `/api/jobs/${jobId}/attachments`, { as: 'ops' })).body.items.length;
    const r = await post(form(bytes(), 'scope.pdf', PDF_FIELD), 'contractor_a');
    expect(r).toMatchObject({
      status: 422,
      body: {
        errors: [
          { path: 'file', message: 'This PDF cannot be opened. Please export it as a PDF again and upload that file.' },
        ],
      },
    });
    expect((await s.api('GET', `/api/jobs/${jobId}/attachments`, { as: 'ops' })).body.items).toHaveLength(before);
  });
  it.each([['photo.exe'], ['photo'], ['photo.pdf']])(
    'refuses %s on a photo field with the field’s extension list',
    async (name) => {
      const r = await post(form(jpeg(), name), 'contractor_a');
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ detail: PHOTO_EXTENSIONS, errors: [{ path: 'file', message: PHOTO_EXTENSIONS }] });
    },
  );
  it.each([
    ['a PDF named .jpg', PDF, 'not-a-photo.jpg', 'The file’s content is not a .jpg file.'],
    ['a JPEG named .png', jpeg(), 'photo.png', 'The file’s content is not a .png file.'],
    ['a JPEG named .pdf', jpeg(), 'scope.pdf', 'The file’s content is not a .pdf file.'],
  ])('refuses %s by its magic bytes', async (_, bytes, name) => {
    const r = await post(form(bytes, name, name.endsWith('.pdf') ? PDF_FIELD : PHOTO), 'contractor_a');
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([
      { path: 'file', message: expect.stringContaining(name.slice(name.lastIndexOf('.'))) },
    ]);
  });
  it('the form served to the browser gives each upload field the file filter of what the server takes', async () => {
    const photos = await s.api('GET', '/api/forms/photos_of_installed_measures', { as: 'contractor_a' });
    expect(photos.body.ui_schema.heat_pump_outdoor_unit_photos['ui:options'].accept).toBe(
      '.jpg,.jpeg,.png,.heic,.heif,image/jpeg,image/png,image/heic,image/heif',
    );
    const pdfs = await s.api('GET', '/api/forms/scope_of_work_proposed', { as: 'contractor_a' });
    expect(pdfs.body.ui_schema.upload_scope_of_work['ui:options'].accept).toBe('.pdf,application/pdf');
    // Every extension the filter offers is one the upload takes (its message lists the same).
    expect(PHOTO_EXTENSIONS).toContain(['jpg', 'jpeg', 'png', 'heic', 'heif'].join(', '));
  });
  it('refuses a field that takes no uploads and a task the job’s program does not have', async () => {
    const field = await post(
      form(jpeg(), 'a.jpg', ['provide_services', 'estimated_total_project_cost']),
      'contractor_a',
    );
    expect(field).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'field', message: 'This field does not take uploads.' }] },
    });
    const task = await post(form(jpeg(), 'a.jpg', ['no_such_task', 'x']), 'contractor_a');
    expect(task).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'task_id', message: 'This job has no such task.' }] },
    });
  });
  it('requires a non-empty file part, task_id and field', async () => {
    const f = new FormData();
    f.set('file', new Blob([]), 'empty.jpg');
    const r = await post(f, 'contractor_a');
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([
      { path: 'file', message: 'Please choose a file to upload.' },
      { path: 'task_id', message: 'This field is required' },
      { path: 'field', message: 'This field is required' },
    ]);
  });
  it('answers 400 to a body that is not multipart', async () => {
    const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, {
      as: 'contractor_a',
      body: { task_id: PHOTO[0], field: PHOTO[1] },
    });
    expect(r).toMatchObject({ status: 400, body: { detail: 'Expected a multipart/form-data upload' } });
  });
  it('refuses a file over the size limit with 413 and stores nothing', async () => {
    const small = await startServer({ config: { upload_max_bytes: 1024 * 1024 } });
    try {
      const job = await newJob(small);
      const r = await small.api('POST', `/api/jobs/${job}/attachments`, {
        as: 'contractor_a',
        body: form(Buffer.concat([jpeg(), Buffer.alloc(1024 * 1024)]), 'big.jpg'),
      });
      expect(r).toMatchObject({ status: 413, body: { detail: 'File is too large. The limit is 1 MB.' } });
      expect((await small.api('GET', `/api/jobs/${job}/attachments`, { as: 'ops' })).body.items).toEqual([]);
      expect(
        (await small.api('POST', `/api/jobs/${job}/attachments`, { as: 'contractor_a', body: form(jpeg(), 'ok.jpg') }))
          .status,
      ).toBe(201);
    } finally {
      await small.close();
    }
  });
  it('keeps a safe name: no folders, no markup or header characters, the checked extension', async () => {
    const r = await post(form(jpeg(), '../../etc/pa;ss<b>*.JPG'), 'contractor_a');
    expect(r.body.name).toBe('pa_ss_b_.JPG');
    const res = await download(r.body.id, 'contractor_a');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="pa_ss_b_.JPG"; filename*=UTF-8\'\'pa_ss_b_.JPG',
    );
    const accented = await post(form(jpeg(), 'Café unit.jpg'), 'contractor_a');
    expect((await download(accented.body.id, 'contractor_a')).headers.get('content-disposition')).toBe(
      'attachment; filename="Caf_ unit.jpg"; filename*=UTF-8\'\'Caf%C3%A9%20unit.jpg',
    );
  });
  it('stores a HEIC whose EXIF cannot be read in time without a location, and the server keeps answering', async () => {
    const r = await post(form(STALLING_HEIC, 'loop.heic'), 'contractor_a');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ content_type: 'image/heic', warnings: [] });
    expect(r.body).not.toHaveProperty('lat');
    expect((await s.api('GET', `/api/jobs/${jobId}/attachments`, { as: 'ops' })).status).toBe(200);
  }, 20_000);
  it.each([
    [undefined, 401],
    ['homeowner', 422],
    ['contractor_a', 201],
    ['contractor_b', 404],
    ['ops', 201],
  ] as const)('into a contractor task as %s answers %i', async (as, status) => {
    expect((await post(form(jpeg(), 'who.jpg'), as)).status).toBe(status);
  });
  // apply_for_income_verification: the homeowner's own (WI HEAR gives it no on_behalf), so the contractor may not
  // answer it.
  it.each([
    [undefined, 401],
    ['homeowner', 201],
    ['contractor_a', 403],
    ['contractor_b', 404],
    ['ops', 201],
  ] as const)('into a homeowner-only task as %s answers %i', async (as, status) => {
    expect((await post(form(PDF, 'mine.pdf', HOMEOWNER_PDF), as)).status).toBe(status);
  });
  it('answers 404 for a job that does not exist', async () => {
    expect((await post(form(jpeg(), 'a.jpg'), 'ops', 999999)).body).toEqual({
      code: 'not_found',
      detail: 'Job not found',
    });
  });
});

describe('GET /api/jobs/{job_id}/attachments', () => {
  it('lists metadata, time, location and uploader, newest first, without deleted ones', async () => {
    const job = await newJob(s);
    const first = await post(form(jpeg(SITE), 'first.jpg'), 'ops', job);
    const second = await post(form(PDF, 'second.pdf', PDF_FIELD), 'contractor_a', job);
    const deleted = await post(form(jpeg(), 'deleted.jpg'), 'ops', job);
    await s.api('DELETE', `/api/attachments/${deleted.body.id}`, { as: 'ops' });
    const r = await s.api('GET', `/api/jobs/${job}/attachments`, { as: 'contractor_a' });
    expect(r.body.items.map((a: { name: string }) => a.name).sort()).toEqual(['first.jpg', 'second.pdf']);
    expect(r.body.items.find((a: { id: string }) => a.id === first.body.id)).toMatchObject({
      job_id: job,
      task_id: PHOTO[0],
      field: PHOTO[1],
      content_type: 'image/jpeg',
      lat: expect.any(Number),
      lon: expect.any(Number),
      taken_at: '2026-05-30T10:15:00.000Z',
      created_at: at,
      created_by: s.ids.users.ops,
      created_by_name: 'Olive Ops',
    });
    expect(r.body.items.find((a: { id: string }) => a.id === second.body.id)).toMatchObject({
      created_by_name: 'Alice Adams',
      field: PDF_FIELD[1],
    });
  });
  it.each([
    [undefined, 401],
    ['homeowner', 200],
    ['contractor_a', 200],
    ['contractor_b', 404],
    ['ops', 200],
  ] as const)('as %s answers %i', async (as, status) => {
    expect((await s.api('GET', `/api/jobs/${jobId}/attachments`, { as })).status).toBe(status);
  });
});

describe('GET /api/attachments/{id} and /download', () => {
  let id: string;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = jpeg(SITE);
    id = (await post(form(bytes, 'meta.jpg'), 'contractor_a')).body.id;
  });
  it('answers the metadata', async () => {
    expect((await s.api('GET', `/api/attachments/${id}`, { as: 'contractor_a' })).body).toMatchObject({
      id,
      name: 'meta.jpg',
      job_id: jobId,
      created_by_name: 'Alice Adams',
    });
  });
  it('streams the same bytes with their type, as an attachment, never sniffed or cached', async () => {
    const r = await download(id, 'ops');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="meta\.jpg"/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true);
  });
  // A contractor task's photo: the homeowner does not see that task (issue 11).
  it.each([
    [undefined, 401],
    ['homeowner', 404],
    ['contractor_a', 200],
    ['contractor_b', 404],
    ['ops', 200],
  ] as const)('as %s answers %i', async (as, status) => {
    expect((await s.api('GET', `/api/attachments/${id}`, { as })).status).toBe(status);
    expect((await s.api('GET', `/api/attachments/${id}/download`, { as })).status).toBe(status);
  });
  it('says "Attachment is no longer available." for an unknown id and when the stored file is gone', async () => {
    expect(await s.api('GET', '/api/attachments/att_000000000000000000000000', { as: 'ops' })).toMatchObject({
      status: 404,
      body: { detail: GONE },
    });
    const lost = await uploaded();
    await s.deps.adapters.files.remove((await getAttachment(s.deps.db, lost))!.stored_name);
    expect(await s.api('GET', `/api/attachments/${lost}/download`, { as: 'ops' })).toMatchObject({
      status: 404,
      body: { detail: GONE },
    });
  });
});

describe('DELETE /api/attachments/{id}', () => {
  it('soft-deletes: the record and bytes stay, a history row is written, and it is then "no longer available"', async () => {
    const id = await uploaded('contractor_a');
    expect((await s.api('DELETE', `/api/attachments/${id}`, { as: 'contractor_a' })).status).toBe(204);
    const row = (await getAttachment(s.deps.db, id))!;
    expect(row.deleted_at).toBe(at);
    expect(s.deps.adapters.files.get(row.stored_name)).toBeDefined();
    expect(
      (await historyOfJob(s.deps.db, jobId, { type: ['attachment_deleted'] })).some(
        (h) => h.detail?.attachment_id === id && h.user_id === s.ids.users.contractor_a,
      ),
    ).toBe(true);
    for (const path of [`/api/attachments/${id}`, `/api/attachments/${id}/download`])
      expect(await s.api('GET', path, { as: 'ops' })).toMatchObject({ status: 404, body: { detail: GONE } });
    expect((await s.api('DELETE', `/api/attachments/${id}`, { as: 'ops' })).status).toBe(404);
  });
  it('lets a colleague of the uploader’s company delete it', async () => {
    const colleague = await insertUser(s.deps.db, {
      email: 'carl@company-a.test',
      name: 'Carl Colleague',
      role: 'contractor',
      contractor_id: s.ids.contractor_a,
      created_at: at,
    });
    const id = 'att_0123456789abcdef01234567';
    await insertAttachment(s.deps.db, {
      id,
      job_id: jobId,
      task_id: PHOTO[0],
      field: PHOTO[1],
      name: 'c.jpg',
      content_type: 'image/jpeg',
      size_bytes: 1,
      stored_name: await s.deps.adapters.files.put(jpeg()),
      lat: null,
      lon: null,
      taken_at: null,
      created_by: colleague,
      created_at: at,
    });
    expect((await s.api('DELETE', `/api/attachments/${id}`, { as: 'contractor_a' })).status).toBe(204);
  });
  it.each([
    ['contractor_a', { anonymous: 401, homeowner: 404, contractor_b: 404, contractor_a: 204, ops: 204 }],
    ['homeowner', { anonymous: 401, contractor_a: 403, contractor_b: 404, homeowner: 204, ops: 204 }],
    ['ops', { anonymous: 401, homeowner: 404, contractor_a: 403, contractor_b: 404, ops: 204 }],
  ] as const)('of an upload by %s answers per role', async (uploader, expected) => {
    for (const [who, status] of Object.entries(expected)) {
      const id = await uploaded(uploader);
      const as = who === 'anonymous' ? undefined : (who as Person);
      const r = await s.api('DELETE', `/api/attachments/${id}`, { as });
      expect([who, r.status]).toEqual([who, status]);
      if (status === 403)
        expect(r.body.detail).toBe('Only ops, the uploader or the uploader’s company may delete this attachment.');
    }
  });
});

describe('UPLOAD_STORAGE=database', () => {
  it('keeps the bytes in the database, where a second instance on it reads them; nothing goes to UPLOAD_DIR', async () => {
    const t = await startServer({ config: { upload_storage: 'database' } });
    try {
      const job = await newJob(t);
      const bytes = jpeg(SITE);
      const r = await t.api('POST', `/api/jobs/${job}/attachments`, {
        as: 'contractor_a',
        body: form(bytes, 'unit.jpg'),
      });
      expect(r.status).toBe(201);
      const row = (await getAttachment(t.deps.db, r.body.id))!;
      const stored = await t.deps.db.selectFrom('stored_files').select(['name', 'bytes']).execute();
      expect(stored.map((f) => [f.name, Buffer.from(f.bytes).equals(bytes)])).toEqual([[row.stored_name, true]]);
      expect(existsSync(t.deps.config.upload_dir) ? readdirSync(t.deps.config.upload_dir) : []).toEqual([]);
      // Another instance on the same database (its own store and adapters) serves the download.
      const other = await t.database.another();
      const files = databaseFiles(other.kysely, () => NOW);
      expect((await files.get(row.stored_name))?.equals(bytes)).toBe(true);
      const got = await fetch(`${t.url}/api/attachments/${r.body.id}/download`, {
        headers: { authorization: `Bearer ${await t.tokenOf('ops')}` },
      });
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
      await files.remove(row.stored_name);
      expect((await t.api('GET', `/api/attachments/${r.body.id}/download`, { as: 'ops' })).body).toMatchObject({
        detail: GONE,
      });
    } finally {
      await t.close();
    }
  });

  it('refuses an unknown storage name at start', () => {
    expect(() => loadConfig({ UPLOAD_STORAGE: 'databse' })).toThrow(
      "UPLOAD_STORAGE must be 'disk' or 'database', not 'databse'",
    );
    expect(loadConfig({ UPLOAD_STORAGE: 'database' }).upload_storage).toBe('database');
    expect(loadConfig({}).upload_storage).toBe('disk');
  });
});
