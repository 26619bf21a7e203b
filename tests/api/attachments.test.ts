import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import piexif from 'piexifjs';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';

/** A 1x1 JPEG, with an EXIF GPS position and time when given. */
function jpeg(gps?: { lat: number; lon: number }): Buffer {
  const base = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');
  if (!gps) return base;
  const deg = (v: number) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    const s = Math.round(((a - d) * 60 - m) * 60 * 100);
    return [[d, 1], [m, 1], [s, 100]];
  };
  const exif = piexif.dump({
    '0th': {},
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: '2026:05:30 10:15:00' },
    GPS: { [piexif.GPSIFD.GPSLatitudeRef]: gps.lat >= 0 ? 'N' : 'S', [piexif.GPSIFD.GPSLatitude]: deg(gps.lat), [piexif.GPSIFD.GPSLongitudeRef]: gps.lon >= 0 ? 'E' : 'W', [piexif.GPSIFD.GPSLongitude]: deg(gps.lon) },
  });
  return Buffer.from(piexif.insert(exif, base.toString('binary')), 'binary');
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function form(bytes: Buffer, filename: string, task_id = 'photos_of_installed_measures', field = 'heat_pump_outdoor_unit_photos') {
  const f = new FormData();
  f.set('task_id', task_id);
  f.set('field', field);
  f.set('file', new Blob([new Uint8Array(bytes)]), filename);
  return f;
}

let s: TestServer;
let jobId: number;
beforeAll(async () => {
  s = await startServer();
  jobId = (await createJob(s, 'contractor_a')).id;
  s.deps.db.prepare('UPDATE jobs SET homeowner_user_id = ? WHERE id = ?').run(s.ids.users.homeowner, jobId);
});
afterAll(() => s.close());

describe('uploading', () => {
  it('a photo near the site is stored with its location and time and no warning', async () => {
    const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg({ lat: 43.039, lon: -87.9066 }), 'outdoor unit.jpg') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^att_[0-9a-f]{24}$/), name: 'outdoor unit.jpg', content_type: 'image/jpeg', warnings: [] });
    expect(r.body.lat).toBeCloseTo(43.039, 3);
    expect(r.body.lon).toBeCloseTo(-87.9066, 3);
    expect(r.body.taken_at).toMatch(/^2026-05-30T/);
  });
  it('a photo taken more than one mile from the site is stored with the geotag warning', async () => {
    const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg({ lat: 43.1, lon: -87.9 }), 'far.jpg') });
    expect(r.status).toBe(201);
    expect(r.body.warnings).toEqual([{ path: 'heat_pump_outdoor_unit_photos', message: 'This photo was taken more than one mile from the job site.' }]);
  });
  it('a PDF field takes PDFs; the extension list of the field is in the message', async () => {
    const ok = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(PDF, 'scope.pdf', 'scope_of_work_proposed', 'upload_scope_of_work') });
    expect(ok.status).toBe(201);
    const bad = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg(), 'scope.jpg', 'scope_of_work_proposed', 'upload_scope_of_work') });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: 'file', message: 'File extension is not allowed. Allowed extensions are: pdf' }]);
    const exe = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg(), 'photo.exe') });
    expect(exe.body.errors).toEqual([{ path: 'file', message: 'File extension is not allowed. Allowed extensions are: jpg, jpeg, png, heic, heif' }]);
  });
  it('refuses a file whose content is not what its extension says', async () => {
    const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(PDF, 'not-a-photo.jpg') });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'file', message: 'The file content does not match its extension.' }]);
  });
  it('refuses a field that takes no uploads and a task the program does not have', async () => {
    expect((await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg(), 'a.jpg', 'provide_services', 'estimated_total_project_cost') })).status).toBe(422);
    expect((await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_a', body: form(jpeg(), 'a.jpg', 'no_such_task', 'x') })).status).toBe(404);
  });
  it('refuses a file over the size limit with 413', async () => {
    const small = await startServer({ config: { upload_max_bytes: 100 } });
    try {
      const job = await createJob(small, 'contractor_a');
      const r = await small.api('POST', `/api/jobs/${job.id}/attachments`, { as: 'contractor_a', body: form(Buffer.concat([jpeg(), Buffer.alloc(500)]), 'big.jpg') });
      expect(r.status).toBe(413);
      expect(r.body.detail).toBe('File is too large. The limit is 0 MB.');
    } finally {
      await small.close();
    }
  });
  it('someone else’s job answers 404; anonymous 401', async () => {
    expect((await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'contractor_b', body: form(jpeg(), 'a.jpg') })).status).toBe(404);
    expect((await s.api('POST', `/api/jobs/${jobId}/attachments`, { body: form(jpeg(), 'a.jpg') })).status).toBe(401);
  });
});

describe('listing, downloading, deleting', () => {
  it('lists with metadata, downloads the same bytes, and after delete says "Attachment is no longer available."', async () => {
    const bytes = jpeg({ lat: 43.0389, lon: -87.9065 });
    const up = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'homeowner', body: form(bytes, 'by-homeowner.jpg') });
    expect(up.status).toBe(201);
    const list = await s.api('GET', `/api/jobs/${jobId}/attachments`, { as: 'ops' });
    expect(list.body.items.find((a: { id: string }) => a.id === up.body.id)).toMatchObject({ name: 'by-homeowner.jpg', created_by: 'Hank Homeowner', task_id: 'photos_of_installed_measures' });
    const dl = await fetch(`${s.url}/api/attachments/${up.body.id}/download`, { headers: { authorization: `Bearer ${await s.tokenOf('contractor_a')}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await s.api('GET', `/api/attachments/${up.body.id}`, { as: 'contractor_b' })).status).toBe(404);
    expect((await s.api('DELETE', `/api/attachments/${up.body.id}`, { as: 'contractor_a' })).status).toBe(403);
    expect((await s.api('DELETE', `/api/attachments/${up.body.id}`, { as: 'homeowner' })).status).toBe(204);
    const gone = await s.api('GET', `/api/attachments/${up.body.id}/download`, { as: 'ops' });
    expect(gone).toMatchObject({ status: 404, body: { detail: 'Attachment is no longer available.' } });
    const types = (await s.api('GET', `/api/jobs/${jobId}/history`, { as: 'ops' })).body.items.map((h: { type: string }) => h.type);
    expect(types).toEqual(expect.arrayContaining(['attachment_uploaded', 'attachment_deleted']));
  });
});
