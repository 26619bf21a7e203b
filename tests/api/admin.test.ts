import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { PROGRAM_IDS } from '../load-repo.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('announcements', () => {
  it('shows a contractor only what is valid today and meant for its company and program', async () => {
    const mk = (body: Record<string, unknown>) =>
      s.api('POST', '/api/announcements', { as: 'ops', body: { content: 'Text', ...body } });
    const all = await mk({ title: 'For everyone' });
    const onlyA = await mk({ title: 'Only company A', contractor_ids: [s.ids.contractor_a] });
    const expired = await mk({ title: 'Expired', valid_from: '2026-01-01', valid_until: '2026-05-31' });
    const future = await mk({ title: 'Next month', valid_from: '2026-07-01' });
    const otherProgram = await mk({ title: 'GA only', program_ids: ['ga-hear'] });
    expect([all, onlyA, expired, future, otherProgram].map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const titles = async (as: 'contractor_a' | 'contractor_b') =>
      (await s.api('GET', '/api/announcements/current', { as })).body.items.map((a: { title: string }) => a.title);
    expect(await titles('contractor_a')).toEqual(expect.arrayContaining(['For everyone', 'Only company A']));
    expect(await titles('contractor_a')).not.toEqual(expect.arrayContaining(['Expired']));
    expect(await titles('contractor_b')).toEqual(['For everyone']);
    expect((await s.api('GET', `/api/announcements/${onlyA.body.id}`, { as: 'contractor_b' })).status).toBe(404);
    expect(
      (await s.api('GET', '/api/announcements?active=true', { as: 'ops' })).body.items.map(
        (a: { title: string }) => a.title,
      ),
    ).not.toContain('Expired');
  });
  it('takes only YouTube video links and a window that ends after it starts', async () => {
    const r = await s.api('POST', '/api/announcements', {
      as: 'ops',
      body: {
        title: 'Video',
        content: 'x',
        video_url: 'https://vimeo.com/123456',
        valid_from: '2026-06-10',
        valid_until: '2026-06-01',
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([
      { path: 'video_url', message: 'Please enter a YouTube video link' },
      { path: 'valid_until', message: 'The end of the window must be after its start' },
    ]);
    const ok = await s.api('POST', '/api/announcements', {
      as: 'ops',
      body: { title: 'Video', content: 'x', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(ok.status).toBe(201);
  });
  it('updates and deletes', async () => {
    const a = await s.api('POST', '/api/announcements', { as: 'ops', body: { title: 'Draft', content: 'x' } });
    expect(
      (await s.api('PUT', `/api/announcements/${a.body.id}`, { as: 'ops', body: { title: 'Final', content: 'y' } }))
        .body.title,
    ).toBe('Final');
    expect((await s.api('DELETE', `/api/announcements/${a.body.id}`, { as: 'ops' })).status).toBe(204);
    expect((await s.api('GET', `/api/announcements/${a.body.id}`, { as: 'ops' })).status).toBe(404);
  });
});

describe('terms and conditions', () => {
  it('saving creates a new version; restoring an old one creates a copy as the new current version', async () => {
    const v1 = await s.api('POST', '/api/terms_and_conditions', {
      as: 'ops',
      body: { title: 'Terms', description: 'First', sections: [{ title: 'Scope', items: ['One'] }] },
    });
    const v2 = await s.api('POST', '/api/terms_and_conditions', {
      as: 'ops',
      body: { title: 'Terms', description: 'Second', sections: [{ title: 'Scope', items: ['One', 'Two'] }] },
    });
    expect(v2.body.version).toBe(v1.body.version + 1);
    expect((await s.api('GET', `/api/terms_and_conditions/${v1.body.id}`, { as: 'ops' })).body).toMatchObject({
      description: 'First',
      is_current: false,
    });
    const r = await s.api('POST', `/api/terms_and_conditions/${v1.body.id}/restore`, { as: 'ops' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      version: v2.body.version + 1,
      description: 'First',
      is_current: true,
      restored_from: v1.body.id,
      created_by: { name: 'Olive Ops' },
    });
    const current = await s.api('GET', '/api/terms_and_conditions/current', { as: 'homeowner' });
    expect(current.body.id).toBe(r.body.id);
    const list = await s.api('GET', '/api/terms_and_conditions', { as: 'ops' });
    expect(list.body.items.filter((t: { is_current: boolean }) => t.is_current)).toHaveLength(1);
  });
  it('refuses a section without a title', async () => {
    const r = await s.api('POST', '/api/terms_and_conditions', {
      as: 'ops',
      body: { title: 'T', sections: [{ items: [] }] },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'sections.0.title', message: 'This field is required' }]);
  });
});

describe('energy providers and equipment', () => {
  it('a provider names its preferred vendor; an unknown vendor is refused', async () => {
    const p = await s.api('POST', '/api/providers', {
      as: 'ops',
      body: { name: 'We Energies', type: 'both', states: ['WI'], preferred_vendor_id: s.ids.contractor_a },
    });
    expect(p.body).toMatchObject({ name: 'We Energies', preferred_vendor: 'Company A Heating', states: ['WI'] });
    expect(
      (
        await s.api('POST', '/api/providers', {
          as: 'ops',
          body: { name: 'X', type: 'gas', preferred_vendor_id: 99999 },
        })
      ).status,
    ).toBe(422);
    expect(
      (await s.api('GET', '/api/providers?state=WI', { as: 'contractor_b' })).body.items.map(
        (x: { name: string }) => x.name,
      ),
    ).toContain('We Energies');
  });
  it('the catalog searches by manufacturer, model and AHRI id within a type', async () => {
    await s.api('POST', '/api/equipment', {
      as: 'ops',
      body: {
        type: 'heat_pump',
        manufacturer: 'Mitsubishi',
        model: 'MXZ-3C24NA',
        ahri_id: '201234567',
        seer2: 19.5,
        hspf2: 9.5,
        energy_star: true,
      },
    });
    await s.api('POST', '/api/equipment', {
      as: 'ops',
      body: { type: 'water_heater', manufacturer: 'Rheem', model: 'ProTerra 50', uef: 3.75, gallons: 50 },
    });
    const by = async (q: string, type = 'heat_pump') =>
      (
        await s.api('GET', `/api/equipment?type=${type}&q=${encodeURIComponent(q)}`, { as: 'contractor_a' })
      ).body.items.map((e: { model: string }) => e.model);
    expect(await by('mitsu')).toEqual(['MXZ-3C24NA']);
    expect(await by('3C24')).toEqual(['MXZ-3C24NA']);
    expect(await by('201234567')).toEqual(['MXZ-3C24NA']);
    expect(await by('rheem')).toEqual([]);
    expect(await by('rheem', 'water_heater')).toEqual(['ProTerra 50']);
    expect((await s.api('GET', '/api/equipment?type=boiler', { as: 'ops' })).status).toBe(400);
  });
});

describe('programs, preferences and flags', () => {
  it('a program reads with its eligibility and incentive criteria (name, description, order_index)', async () => {
    const r = await s.api('GET', '/api/programs/wi-hear', { as: 'contractor_a' });
    expect(r.body.eligibility_criteria[0]).toMatchObject({ order_index: 0 });
    expect(r.body.incentive_criteria.find((c: { name: string }) => c.name === 'Heat pump').description).toMatch(
      /^Up to \$8,000\.00\./,
    );
    expect(
      (await s.api('GET', '/api/programs', { as: 'homeowner' })).body.items.map((p: { id: string }) => p.id).sort(),
    ).toEqual([...PROGRAM_IDS].sort());
    expect((await s.api('GET', '/api/programs/wi-hear/definition', { as: 'ops' })).body.hash).toBe(
      s.deps.defs.programs['wi-hear'].hash,
    );
    expect((await s.api('GET', '/api/programs/nope', { as: 'ops' })).status).toBe(404);
  });
  it('preferences default to 10 jobs and 25 contractors per page and keep what is saved', async () => {
    expect((await s.api('GET', '/api/preferences', { as: 'contractor_b' })).body).toMatchObject({
      jobs_per_page: 10,
      contractors_per_page: 25,
    });
    expect(
      (
        await s.api('PUT', '/api/preferences', {
          as: 'contractor_b',
          body: { jobs_per_page: 50, sla_days_in_stage: { Review: 7 } },
        })
      ).status,
    ).toBe(200);
    expect((await s.api('GET', '/api/preferences', { as: 'contractor_b' })).body).toMatchObject({
      jobs_per_page: 50,
      sla_days_in_stage: { Review: 7 },
      contractors_per_page: 25,
    });
    expect((await s.api('PUT', '/api/preferences', { as: 'contractor_b', body: { jobs_per_page: 7 } })).status).toBe(
      422,
    );
  });
  it('ops turn the program-explorer flag off and on; the public config follows', async () => {
    expect(
      (await s.api('PUT', '/api/feature-flags/program-explorer', { as: 'ops', body: { enabled: false } })).status,
    ).toBe(200);
    expect((await s.api('GET', '/api/config')).body.feature_flags).toEqual([]);
    await s.api('PUT', '/api/feature-flags/program-explorer', { as: 'ops', body: { enabled: true } });
    expect((await s.api('GET', '/api/config')).body.feature_flags).toEqual(['program-explorer']);
    expect((await s.api('PUT', '/api/feature-flags/nonsense', { as: 'ops', body: { enabled: true } })).status).toBe(
      404,
    );
  });
});
