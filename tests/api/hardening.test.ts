/**
 * Requests that once hurt the portal (issue 11): each answers a clear 4xx, changes nothing and leaves the
 * server answering everyone else.
 */

import { demoPdf } from '../../server/seed/demo-files.ts';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import { dbRun, dbValue } from '../support/db.ts';

let s: TestServer;
let job: { id: number };
beforeAll(async () => {
  s = await startServer();
  job = await createJob(s);
});
afterAll(() => s.close());

/** Sends raw bytes (fetch would finish a multipart body for us). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(s.url + path);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { 'content-length': String(body.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const stillUp = async () => expect((await s.api('GET', '/api/config')).status).toBe(200);
const JPEG_HEAD = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//', 'base64');

function multipart(
  boundary: string,
  parts: { name: string; value?: string; filename?: string; bytes?: Buffer }[],
  close = true,
): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    out.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
    );
    out.push(p.bytes ?? Buffer.from(p.value ?? ''));
    out.push(Buffer.from('\r\n'));
  }
  if (close) out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

describe('multipart uploads', () => {
  it('a body that ends inside a file part answers 400 and the server keeps serving', async () => {
    const token = await s.tokenOf('homeowner');
    const body = multipart(
      'XyZ',
      [
        { name: 'task_id', value: 'photos_of_installed_measures' },
        { name: 'field', value: 'heat_pump_outdoor_unit_photos' },
        { name: 'file', filename: 'a.jpg', bytes: JPEG_HEAD },
      ],
      false,
    );
    // Cut inside the file part: no closing boundary.
    for (const as of ['homeowner', 'contractor_a'] as const) {
      const r = await raw(
        'POST',
        `/api/jobs/${job.id}/attachments`,
        {
          authorization: `Bearer ${as === 'homeowner' ? token : await s.tokenOf(as)}`,
          'content-type': 'multipart/form-data; boundary=XyZ',
        },
        body,
      );
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const r = await raw(
      'POST',
      `/api/jobs/${job.id}/attachments`,
      {
        authorization: `Bearer ${await s.tokenOf('contractor_a')}`,
        'content-type': 'multipart/form-data; boundary=XyZ',
      },
      body,
    );
    expect(JSON.parse(r.text)).toEqual({ code: 'malformed_multipart', detail: 'Malformed multipart upload' });
    await stillUp();
  });

  it('takes a file of exactly the limit and refuses one byte more', async () => {
    const small = await startServer({ config: { upload_max_bytes: 4096 } });
    try {
      const j = await createJob(small);
      const upload = (size: number) => {
        const f = new FormData();
        f.set('task_id', 'photos_of_installed_measures');
        f.set('field', 'heat_pump_outdoor_unit_photos');
        f.set(
          'file',
          new Blob([new Uint8Array(Buffer.concat([JPEG_HEAD, Buffer.alloc(size - JPEG_HEAD.length)]))]),
          'x.jpg',
        );
        return small.api('POST', `/api/jobs/${j.id}/attachments`, { as: 'contractor_a', body: f });
      };
      const exact = await upload(4096);
      expect(exact.status).toBe(201);
      expect(exact.body.size_bytes).toBe(4096);
      expect(await upload(4097)).toMatchObject({ status: 413 });
    } finally {
      await small.close();
    }
  });
});

describe('bodies and ids that once answered 500', () => {
  it('Content-Encoding that does not match the body answers 400 on every JSON route', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const r = await raw(
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json', 'content-encoding': encoding },
        Buffer.from('{"email":"a@b.c","password":"x"}'),
      );
      expect(r.status, encoding).toBe(400);
      expect(JSON.parse(r.text)).toEqual({ code: 'body_undecodable', detail: 'The request body could not be decoded' });
    }
    const unknown = await raw(
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-encoding': 'x-compress-9' },
      Buffer.from('{}'),
    );
    expect(unknown.status).toBe(415);
    await stillUp();
  });

  it('a body nested deeper than the limit answers 400 and saves nothing', async () => {
    const deep = '{"a":'.repeat(6000) + '1' + '}'.repeat(6000);
    const before = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    const r = await raw(
      'PUT',
      `/api/jobs/${job.id}/tasks/provide_homeowner_details/draft`,
      { authorization: `Bearer ${await s.tokenOf('contractor_a')}`, 'content-type': 'application/json' },
      Buffer.from(`{"version":${before.body.version},"data":${deep}}`),
    );
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({
      code: 'body_too_deep',
      detail: 'The request body is nested too deeply (at most 32 levels).',
    });
    const after = await s.api('GET', `/api/jobs/${job.id}/tasks/provide_homeowner_details`, { as: 'contractor_a' });
    expect(after.body.version).toBe(before.body.version);
    await stillUp();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    '%s is no program and no form',
    async (id) => {
      expect(await s.api('GET', `/api/programs/${id}`, { as: 'ops' })).toMatchObject({
        status: 404,
        body: { detail: 'Program not found' },
      });
      expect(await s.api('GET', `/api/programs/${id}/definition`, { as: 'ops' })).toMatchObject({ status: 404 });
      expect(await s.api('GET', `/api/forms/${id}`, { as: 'ops' })).toMatchObject({
        status: 404,
        body: { detail: 'Form not found' },
      });
      expect((await s.api('GET', `/api/jobs?program_id=${id}`, { as: 'ops' })).status).toBeLessThan(500);
      expect((await s.api('POST', `/api/jobs/${job.id}/clone`, { as: 'ops', body: { program_id: id } })).status).toBe(
        422,
      );
    },
  );
});

const PDF = await demoPdf('Test document');
function pdfForm(task_id: string, field: string): FormData {
  const f = new FormData();
  f.set('task_id', task_id);
  f.set('field', field);
  f.set('file', new Blob([new Uint8Array(PDF)]), 'doc.pdf');
  return f;
}

describe('internal-only data stays with ops in every view', () => {
  it('history shows a contractor neither the ops exception note nor who claimed the job', async () => {
    const j = await createJob(s);
    const flagged = await s.api('POST', `/api/jobs/${j.id}/tasks/provide_services/exceptions/ops`, {
      as: 'ops',
      body: { note: 'Secret: call the utility about this one' },
    });
    expect(flagged.status).toBe(200);
    expect((await s.api('PUT', `/api/jobs/${j.id}/claim-job`, { as: 'ops' })).status).toBe(200);
    const asOps = await s.api('GET', `/api/jobs/${j.id}/history`, { as: 'ops' });
    expect(JSON.stringify(asOps.body)).toContain('Secret: call the utility');
    expect(asOps.body.items.find((h: { type: string }) => h.type === 'job_claimed')).toMatchObject({
      user_id: s.ids.users.ops,
      user_name: 'Olive Ops',
    });
    const asContractor = await s.api('GET', `/api/jobs/${j.id}/history`, { as: 'contractor_a' });
    expect(asContractor.status).toBe(200);
    expect(JSON.stringify(asContractor.body)).not.toContain('Secret');
    const flag = asContractor.body.items.find((h: { type: string }) => h.type === 'task_exception_flagged');
    expect(flag.detail).toEqual({ task_id: 'provide_services', kind: 'ops' });
    expect(asContractor.body.items.find((h: { type: string }) => h.type === 'job_claimed')).toMatchObject({
      user_id: null,
      user_name: null,
    });
    // Filtering by the hidden actor finds nothing of theirs.
    const byOps = await s.api('GET', `/api/jobs/${j.id}/history?user_id=${s.ids.users.ops}`, { as: 'contractor_a' });
    expect(byOps.body.items.some((h: { type: string }) => h.type === 'job_claimed')).toBe(false);
  });

  it('an ops exception needs a note; completing a task resolves both flags', async () => {
    const j = await createJob(s);
    const empty = await s.api('POST', `/api/jobs/${j.id}/tasks/provide_homeowner_details/exceptions/ops`, {
      as: 'ops',
      body: { note: '   ' },
    });
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'note', message: 'This field is required' }] },
    });
    expect(
      (await s.api('POST', `/api/jobs/${j.id}/tasks/provide_homeowner_details/exceptions/ops`, { as: 'ops', body: {} }))
        .status,
    ).toBe(422);
    expect(
      (
        await s.api('POST', `/api/jobs/${j.id}/tasks/provide_homeowner_details/exceptions/ops`, {
          as: 'ops',
          body: { note: 'Check the address' },
        })
      ).body.exceptions,
    ).toBeTruthy();
    expect(
      (
        await s.api('POST', `/api/jobs/${j.id}/tasks/provide_homeowner_details/exceptions/contractor`, {
          as: 'contractor_a',
          body: {},
        })
      ).status,
    ).toBe(200);
    const { submit } = await import('./fixtures.ts');
    const done = await submit(s, 'contractor_a', j.id, 'provide_homeowner_details', 'home_details', {
      the_site_building_type: 'SINGLE_FAMILY_DETACHED',
      renter_or_owner: 'owner',
    });
    expect(done.status).toBe(200);
    expect(done.body.task.status).toBe('COMPLETE');
    expect(done.body.task.exceptions).toEqual({ contractor: false, ops: false });
    const asOps = await s.api('GET', `/api/jobs/${j.id}/tasks/provide_homeowner_details`, { as: 'ops' });
    expect(asOps.body.exception_notes).toBeNull();
  });

  it('claiming a job one already holds writes no second history row', async () => {
    const j = await createJob(s);
    for (let i = 0; i < 3; i += 1)
      expect((await s.api('PUT', `/api/jobs/${j.id}/claim-job`, { as: 'ops' })).status).toBe(200);
    const h = await s.api('GET', `/api/jobs/${j.id}/history?type=job_claimed`, { as: 'ops' });
    expect(h.body.items).toHaveLength(1);
  });
});

describe('attachments follow the task’s access rules', () => {
  it('a homeowner neither lists, reads, downloads nor uploads into a contractor’s task; their own task works', async () => {
    const j = await createJob(s);
    const { updateJob } = await import('../../server/db/jobs.db.ts');
    await updateJob(s.deps.db, j.id, { homeowner_user_id: s.ids.users.homeowner });
    const sow = await s.api('POST', `/api/jobs/${j.id}/attachments`, {
      as: 'contractor_a',
      body: pdfForm('scope_of_work_proposed', 'upload_scope_of_work'),
    });
    expect(sow.status).toBe(201);
    const mine = await s.api('POST', `/api/jobs/${j.id}/attachments`, {
      as: 'homeowner',
      body: pdfForm('apply_for_income_verification', 'proof_of_income_upload'),
    });
    expect(mine.status).toBe(201);
    const list = await s.api('GET', `/api/jobs/${j.id}/attachments`, { as: 'homeowner' });
    expect(list.body.items.map((a: { id: string }) => a.id)).toEqual([mine.body.id]);
    expect((await s.api('GET', `/api/attachments/${sow.body.id}`, { as: 'homeowner' })).status).toBe(404);
    expect((await s.api('GET', `/api/attachments/${sow.body.id}/download`, { as: 'homeowner' })).status).toBe(404);
    expect((await s.api('DELETE', `/api/attachments/${sow.body.id}`, { as: 'homeowner' })).status).toBe(404);
    const into = await s.api('POST', `/api/jobs/${j.id}/attachments`, {
      as: 'homeowner',
      body: pdfForm('scope_of_work_proposed', 'upload_scope_of_work'),
    });
    expect(into.status).toBe(422);
    expect((await s.api('GET', `/api/attachments/${mine.body.id}/download`, { as: 'homeowner' })).status).toBe(200);
    // The contractor sees both; ops too.
    expect((await s.api('GET', `/api/jobs/${j.id}/attachments`, { as: 'contractor_a' })).body.items).toHaveLength(2);
  });

  it('a contractor cannot upload into an ops task; ops can', async () => {
    const { insertJob } = await import('../../server/db/jobs.db.ts');
    const at = new Date().toISOString();
    const id = await insertJob(s.deps.db, {
      code: 'OPSUP1',
      first_name: 'Jo',
      last_name: 'Tester',
      full_name: 'Jo Tester',
      address: '1 Main St',
      city: 'Salinas',
      state: 'CA',
      program_id: '3ce',
      contractor_id: s.ids.contractor_a,
      created_at: at,
      updated_at: at,
      stage_entered_at: at,
    });
    const r = await s.api('POST', `/api/jobs/${id}/attachments`, {
      as: 'contractor_a',
      body: pdfForm('manual_j_review', 'corrected_manual_j_report'),
    });
    expect(r).toMatchObject({ status: 403, body: { detail: 'This task belongs to the operations team.' } });
    expect((await s.api('GET', `/api/jobs/${id}/attachments`, { as: 'ops' })).body.items).toEqual([]);
    expect(
      (
        await s.api('POST', `/api/jobs/${id}/attachments`, {
          as: 'ops',
          body: pdfForm('manual_j_review', 'corrected_manual_j_report'),
        })
      ).status,
    ).toBe(201);
    expect((await s.api('GET', `/api/jobs/${id}/attachments`, { as: 'contractor_a' })).body.items).toHaveLength(1);
  });
});

describe('a password reset ends every session', () => {
  it('sessions signed in before the reset (and seen a moment ago) are refused at once; a new sign-in works', async () => {
    const t = await startServer();
    try {
      const signIn = async (password: string) =>
        (await t.api('POST', '/api/auth/login', { body: { email: 'bob@company-b.test', password } })).body
          .token as string;
      const { PASSWORD } = await import('./harness.ts');
      const phone = await signIn(PASSWORD);
      const laptop = await signIn(PASSWORD);
      // Both seen just now: the 5-second session memory holds them.
      expect((await t.api('GET', '/api/auth/me', { token: phone })).status).toBe(200);
      expect((await t.api('GET', '/api/auth/me', { token: laptop })).status).toBe(200);
      const link = await t.api('POST', '/api/auth/login-links', {
        as: 'ops',
        body: { user_id: t.ids.users.contractor_b },
      });
      expect((await t.api('POST', '/api/auth/forgot-password', { body: { email: 'bob@company-b.test' } })).status).toBe(
        202,
      );
      const mail = (await t.api('GET', '/api/auth/outbox', { as: 'ops' })).body.find(
        (m: { to_address: string }) => m.to_address === 'bob@company-b.test',
      );
      const token = /reset=([\w-]+)/.exec(mail.body)![1];
      expect(
        (await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'a brand new password' } })).status,
      ).toBe(204);
      expect((await t.api('GET', '/api/auth/me', { token: phone })).status).toBe(401);
      expect((await t.api('GET', '/api/jobs', { token: laptop })).status).toBe(401);
      // A sign-in link minted before the reset is spent too.
      expect((await t.api('POST', '/api/auth/token', { body: { token: link.body.token } })).status).toBe(401);
      const fresh = await signIn('a brand new password');
      expect((await t.api('GET', '/api/auth/me', { token: fresh })).status).toBe(200);
      // Other people's sessions are untouched.
      expect((await t.api('GET', '/api/auth/me', { as: 'contractor_a' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('a hostile search holds no one else up', () => {
  it('a query past 100 characters answers 400 at once; the longest allowed queries keep the event loop free', async () => {
    const { monitorEventLoopDelay } = await import('node:perf_hooks');
    const { insertJob } = await import('../../server/db/jobs.db.ts');
    const t = await startServer();
    try {
      const at = new Date().toISOString();
      const streets = ['Main St', 'Oak Ave', 'Maple Dr', 'Lakeshore Blvd', 'Washington Ave', 'University Ave'];
      await t.deps.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 1000; i += 1) {
          await insertJob(trx, {
            code: `HS${String(i).padStart(5, '0')}`,
            first_name: `Name${i}`,
            last_name: `Family${i % 97}`,
            full_name: `Name${i} Family${i % 97}`,
            address: `${i} ${streets[i % streets.length]}`,
            city: i % 2 ? 'Milwaukee' : 'Madison',
            state: 'WI',
            program_id: 'wi-hear',
            contractor_id: t.ids.contractor_a,
            created_at: at,
            updated_at: at,
            stage_entered_at: at,
          });
        }
      });
      const long = 'a'.repeat(8000);
      for (const path of [`/api/jobs/search?q=${long}`, `/api/contractor/search?q=${long}`, `/api/jobs?q=${long}`]) {
        expect(await t.api('GET', path, { as: 'contractor_a' })).toMatchObject({
          status: 400,
          body: { detail: 'Type at most 100 characters' },
        });
      }
      const hostile = [
        'a'.repeat(100),
        'ab '.repeat(34).slice(0, 100),
        'name1 family1 1 main st milwaukee '.repeat(3).slice(0, 100),
        Array.from({ length: 100 }, (_, i) => 'aeinorst lmu0123456789'[(i * 7) % 22]).join(''),
      ];
      const h = monitorEventLoopDelay({ resolution: 5 });
      h.enable();
      for (const q of hostile) {
        for (const as of ['contractor_a', 'ops'] as const) {
          const [r, config] = await Promise.all([
            t.api('GET', `/api/jobs/search?q=${encodeURIComponent(q)}`, { as }),
            t.api('GET', '/api/config'),
          ]);
          expect(r.status).toBe(200);
          expect(config.status).toBe(200);
        }
      }
      h.disable();
      const worst = h.max / 1e6;
      console.log(
        `worst event-loop delay under hostile searches: ${worst.toFixed(1)} ms (target ~50 ms; npm run bench prints it beside normal searches)`,
      );
      // The figure is measured, not a timing assertion on a shared machine: this only catches the seconds-long stall of
      // old (14.6 s).
      expect(worst).toBeLessThan(2000);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('announcement links', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://example.com/x',
    '//evil.test/x',
    'https://exa mple.com',
  ])('refuses %j as link and image', async (url) => {
    const r = await s.api('POST', '/api/announcements', {
      as: 'ops',
      body: { title: 'Hi', content: 'x', link: url, image_url: url },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'link' }),
        expect.objectContaining({ path: 'image_url' }),
      ]),
    );
  });
  it('takes https links, and a stored unsafe link never reaches the banner', async () => {
    const ok = await s.api('POST', '/api/announcements', {
      as: 'ops',
      body: {
        title: 'Safe',
        content: 'x',
        link: 'https://example.com/rebates?x=1',
        image_url: 'https://example.com/a.png',
      },
    });
    expect(ok.status).toBe(201);
    await dbRun(
      s.deps,
      'UPDATE announcements SET link = ?, image_url = ? WHERE id = ?',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      ok.body.id,
    );
    const banner = await s.api('GET', '/api/announcements/current', { as: 'contractor_a' });
    const mine = banner.body.items.find((a: { id: number }) => a.id === ok.body.id);
    expect(mine).toMatchObject({ link: null, image_url: null });
  });
});

describe('drafts are pruned and bounded like submissions', () => {
  it('a draft drops unknown keys and answers in hidden branches; what remains counts as facts', async () => {
    const j = await createJob(s);
    const path = `/api/jobs/${j.id}/tasks/provide_homeowner_details`;
    const cur = await s.api('GET', path, { as: 'contractor_a' });
    const r = await s.api('PUT', `${path}/draft`, {
      as: 'contractor_a',
      body: {
        version: cur.body.version,
        data: {
          renter_or_owner: 'owner',
          property_manager_name: 'Hidden Landlord',
          not_a_field: 'x',
          __proto__: { polluted: true },
          constructor: 'y',
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ renter_or_owner: 'owner' });
    const stored = (await dbValue(
      s.deps,
      'SELECT data FROM job_tasks WHERE job_id = ? AND task_id = ?',
      j.id,
      'provide_homeowner_details',
    )) as string;
    expect(JSON.parse(stored)).toEqual({ renter_or_owner: 'owner' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a draft answer past 10,000 characters or a list past 200 items answers 422 and saves nothing', async () => {
    const j = await createJob(s);
    const path = `/api/jobs/${j.id}/tasks/provide_homeowner_details`;
    const cur = await s.api('GET', path, { as: 'contractor_a' });
    const big = await s.api('PUT', `${path}/draft`, {
      as: 'contractor_a',
      body: {
        version: cur.body.version,
        data: { renter_or_owner: 'renter', property_manager_name: 'x'.repeat(1_000_000) },
      },
    });
    expect(big).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'property_manager_name', message: 'Please enter a value less than 10000 characters' }] },
    });
    const again = await s.api('GET', path, { as: 'contractor_a' });
    expect(again.body.version).toBe(cur.body.version);
    expect(again.body.data).toBeNull();
    const services = `/api/jobs/${j.id}/tasks/provide_services`;
    const list = await s.api('PUT', `${services}/draft`, {
      as: 'contractor_a',
      body: { version: 0, data: { services_being_installed: Array.from({ length: 201 }, () => 'heat_pump') } },
    });
    expect(list).toMatchObject({
      status: 422,
      body: { errors: [{ path: 'services_being_installed', message: 'Please enter at most 200 items' }] },
    });
  });
});

describe('other views of internal data', () => {
  it('a contractor may not filter jobs by their ops owner', async () => {
    for (const path of [`/api/jobs?ops_user=${s.ids.users.ops}`, `/api/jobs/summary?ops_user=${s.ids.users.ops}`]) {
      expect(await s.api('GET', path, { as: 'contractor_a' })).toMatchObject({
        status: 403,
        body: { detail: "The filter 'ops_user' is for operations staff only." },
      });
      expect((await s.api('GET', path, { as: 'ops' })).status).toBe(200);
    }
  });
  it('a 409 shows a contractor what is there now without naming the ops user who wrote it', async () => {
    const j = await createJob(s);
    const path = `/api/jobs/${j.id}/tasks/provide_services`;
    const before = (await s.api('GET', path, { as: 'contractor_a' })).body.version;
    expect(
      (
        await s.api('PUT', `${path}/draft`, {
          as: 'ops',
          body: { version: before, data: { existing_heating_plan: 'remove' } },
        })
      ).status,
    ).toBe(200);
    const stale = await s.api('PUT', `${path}/draft`, {
      as: 'contractor_a',
      body: { version: before, data: { existing_heating_plan: 'keep' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ data: { existing_heating_plan: 'remove' }, updated_by: null });
    const asOps = await s.api('PUT', `${path}/draft`, { as: 'ops', body: { version: before, data: {} } });
    expect(asOps.body.current.updated_by).toBe(s.ids.users.ops);
  });
});

describe('values no database column holds answer 4xx on every backend, and change nothing', () => {
  it('a NUL character in a body, a path or a query answers 400 invalid_value', async () => {
    const before = await dbValue(s.deps, 'SELECT COUNT(*) FROM jobs');
    const body = {
      first_name: 'Nul\u0000l',
      last_name: 'Byte',
      address: '1 Main St',
      city: 'Milwaukee',
      state: 'WI',
      zip: '53202',
      program_id: 'wi-hear',
    };
    const r = await s.api('POST', '/api/jobs', { as: 'contractor_a', body });
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'invalid_value', detail: 'Text may not contain the NUL character (U+0000).' },
    });
    expect(await dbValue(s.deps, 'SELECT COUNT(*) FROM jobs')).toBe(before);
    expect(
      (await s.api('POST', '/api/jobs', { as: 'contractor_a', body: { ...body, first_name: 'Nul', ['x\u0000']: 1 } }))
        .body.code,
    ).toBe('invalid_value');
    expect((await s.api('GET', '/api/jobs/code/a%00b', { as: 'ops' })).body.code).toBe('invalid_value');
    expect((await s.api('GET', '/api/jobs/search?q=ab%00cd', { as: 'ops' })).body.code).toBe('invalid_value');
    // A link hiding a NUL never gets as far as the link check.
    const url = 'https://\u0000evil.test';
    expect(
      (
        await s.api('POST', '/api/announcements', {
          as: 'ops',
          body: { title: 'Hi', content: 'x', link: url, image_url: url },
        })
      ).body.code,
    ).toBe('invalid_value');
  });
  it('an id past the largest one a row can have is not found (path) or out of range (query)', async () => {
    for (const path of [
      '/api/jobs/2147483648',
      '/api/contractor/2147483648',
      '/api/providers/2147483648',
      '/api/jobs/99999999999/tasks',
    ]) {
      expect((await s.api('GET', path, { as: 'ops' })).status, path).toBe(404);
    }
    expect((await s.api('GET', '/api/jobs/2147483647', { as: 'ops' })).status).toBe(404);
    const q = await s.api('GET', '/api/jobs?contractor_id=2147483648', { as: 'ops' });
    expect(q).toMatchObject({ status: 400, body: { code: 'invalid_query' } });
    expect(q.body.detail).toBe("Query parameter 'contractor_id' must be at most 2147483647");
    expect((await s.api('GET', '/api/jobs?stage=2147483648', { as: 'ops' })).status).toBe(400);
    expect((await s.api('GET', '/api/jobs?contractor_id=2147483647', { as: 'ops' })).status).toBe(200);
  });
});
