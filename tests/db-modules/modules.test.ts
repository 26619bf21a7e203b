/**
 * The async db modules (server/db/next) answer the same on every backend: round trips, updates, the
 * optimistic task version, tokens, preferences, flags, history filters, contractors, the admin tables,
 * attachments; the jobs module's list, filters, sorts and counts are in jobs.test.ts.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import * as users from '../../server/db/users.db.ts';
import * as tasks from '../../server/db/tasks.db.ts';
import * as history from '../../server/db/history.db.ts';
import * as settings from '../../server/db/settings.db.ts';
import * as places from '../../server/db/places.db.ts';
import * as attachments from '../../server/db/attachments.db.ts';
import * as contractors from '../../server/db/contractors.db.ts';
import * as admin from '../../server/db/admin.db.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';

const AT = '2024-05-01T00:00:00.000Z';
const page = (page_number: number, per_page: number) => ({ page_number, per_page });
let n = 0;
/** A job to hang rows on. */
const newJob = (db: Kysely<DB>, extra: Partial<Parameters<typeof insertJob>[1]> = {}) =>
  insertJob(db, {
    code: `M-${++n}`,
    first_name: 'F',
    last_name: 'L',
    full_name: 'F L',
    address: 'A',
    program_id: 'p',
    created_at: AT,
    updated_at: AT,
    stage_entered_at: AT,
    ...extra,
  });

describe.each(BACKENDS)('db/next modules on %s', (backend) => {
  let fresh: Fresh;
  let db: Kysely<DB>;
  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    db = fresh.store.kysely;
  });
  afterAll(() => fresh?.drop());

  it('users: round trip, email whatever its case, password, lists by role and company', async () => {
    const c = await contractors.insertContractor(db, {
      name: 'Co',
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      created_at: AT,
    });
    const a = await users.insertUser(db, {
      email: 'Mixed.Case@Example.org',
      name: 'zed',
      role: 'contractor',
      contractor_id: c,
      created_at: AT,
    });
    const b = await users.insertUser(db, {
      email: 'b@example.org',
      name: 'Amy',
      role: 'contractor',
      contractor_id: c,
      password_hash: 'h0',
      created_at: AT,
    });
    const o = await users.insertUser(db, { email: 'ops@example.org', name: 'Bea', role: 'ops', created_at: AT });
    expect(await users.findUserByEmail(db, 'mixed.case@EXAMPLE.ORG')).toEqual({
      id: a,
      email: 'Mixed.Case@Example.org',
      name: 'zed',
      role: 'contractor',
      contractor_id: c,
      password_hash: null,
    });
    expect(await users.findUserByEmail(db, 'nobody@example.org')).toBeUndefined();
    await expect(
      users.insertUser(db, { email: 'MIXED.case@example.org', name: 'dup', role: 'ops', created_at: AT }),
    ).rejects.toThrow();
    await users.setPasswordHash(db, a, 'h1');
    expect((await users.findUserById(db, a))?.password_hash).toBe('h1');
    expect(await users.findUserById(db, 9999)).toBeUndefined();
    // Byte order: capitals first, as SQLite's BINARY.
    expect((await users.listUsers(db, { contractor_id: c })).map((u) => u.id)).toEqual([b, a]);
    expect(await users.listUsers(db, { role: 'ops' })).toEqual([
      { id: o, email: 'ops@example.org', name: 'Bea', role: 'ops', contractor_id: null },
    ]);
    expect((await users.listUsers(db, {})).length).toBe(3);
  });

  it('tokens: live until spent or expired; every live token of a user ends at once', async () => {
    const u = await users.insertUser(db, { email: 'tok@example.org', name: 'T', role: 'homeowner', created_at: AT });
    for (const [token_hash, kind, expires_at] of [
      ['s1', 'session', '2030'],
      ['s2', 'session', '2030'],
      ['l1', 'login', '2030'],
      ['old', 'session', '2020'],
    ] as const) {
      await users.insertToken(db, { token_hash, user_id: u, kind, expires_at, created_at: AT });
    }
    expect((await users.userOfToken(db, 's1', 'session', '2025'))?.id).toBe(u);
    expect(await users.userOfToken(db, 's1', 'login', '2025')).toBeUndefined();
    expect(await users.userOfToken(db, 'old', 'session', '2025')).toBeUndefined();
    expect(await users.spendToken(db, 's1', '2025')).toBe(true);
    expect(await users.spendToken(db, 's1', '2025')).toBe(false);
    expect(await users.userOfToken(db, 's1', 'session', '2025')).toBeUndefined();
    expect(await users.spendTokensOfUser(db, u, '2025')).toBe(3);
    expect(await users.spendTokensOfUser(db, u, '2025')).toBe(0);
    expect(await users.userOfToken(db, 'l1', 'login', '2025')).toBeUndefined();
  });

  it('login failures: counted per key since a time, cleared per key', async () => {
    await users.recordLoginFailure(db, ['ip:1', 'email:x'], '2024-01-01T00:00:01Z');
    await users.recordLoginFailure(db, ['ip:1'], '2024-01-01T00:00:05Z');
    await users.recordLoginFailure(db, [], '2024-01-01T00:00:06Z');
    expect(await users.countLoginFailures(db, 'ip:1', '2024-01-01T00:00:00Z')).toBe(2);
    expect(await users.countLoginFailures(db, 'ip:1', '2024-01-01T00:00:01Z')).toBe(1);
    expect(await users.countLoginFailures(db, 'email:x', '2024')).toBe(1);
    await users.clearLoginFailures(db, 'ip:1');
    expect(await users.countLoginFailures(db, 'ip:1', '2024')).toBe(0);
    expect(await users.countLoginFailures(db, 'email:x', '2024')).toBe(1);
  });

  it('tasks: the optimistic version (a stale write returns false and changes nothing), copies', async () => {
    const j = await newJob(db);
    const base = {
      job_id: j,
      task_id: 'survey',
      status: 'IN_PROGRESS' as const,
      data: { a: 1 },
      draft: { d: 2 },
      owner_override: { role: 'ops', reason: 'r' },
      exceptions: { x: { note: 'n' } },
      updated_at: AT,
      updated_by: null,
    };
    expect(await tasks.writeTask(db, base, 0)).toBe(true);
    expect(await tasks.writeTask(db, { ...base, data: { a: 'lost' } }, 0)).toBe(false);
    expect(await tasks.getTask(db, j, 'survey')).toEqual({ ...base, version: 1 });
    expect(await tasks.writeTask(db, { ...base, status: 'COMPLETE', data: { a: 3 }, draft: null }, 1)).toBe(true);
    expect(await tasks.writeTask(db, { ...base, data: { a: 'stale' } }, 1)).toBe(false);
    const after = await tasks.getTask(db, j, 'survey');
    expect(after).toEqual({ ...base, status: 'COMPLETE', data: { a: 3 }, draft: null, version: 2 });
    expect(await tasks.writeTask(db, { ...base, task_id: 'never' }, 5)).toBe(false);
    expect(await tasks.getTask(db, j, 'never')).toBeUndefined();
    await tasks.writeTask(db, { ...base, task_id: 'install', data: { b: 1 } }, 0);
    await tasks.writeTask(db, { ...base, task_id: 'skip' }, 0);
    const k = await newJob(db);
    await tasks.copyTasks(db, j, k, ['survey', 'install']);
    await tasks.copyTasks(db, j, k, []);
    const copied = (await tasks.tasksOfJob(db, k)).sort((x, y) => x.task_id.localeCompare(y.task_id));
    expect(copied).toEqual([
      {
        job_id: k,
        task_id: 'install',
        status: 'IN_PROGRESS',
        data: { b: 1 },
        draft: null,
        owner_override: null,
        exceptions: null,
        version: 1,
        updated_at: AT,
        updated_by: null,
      },
      {
        job_id: k,
        task_id: 'survey',
        status: 'COMPLETE',
        data: { a: 3 },
        draft: null,
        owner_override: null,
        exceptions: null,
        version: 1,
        updated_at: AT,
        updated_by: null,
      },
    ]);
    expect((await tasks.tasksOfJob(db, j)).length).toBe(3);
  });

  it('history: newest first, filtered by types and by user, with the user name', async () => {
    const j = await newJob(db);
    const u = await users.insertUser(db, { email: 'hist@example.org', name: 'Hana', role: 'ops', created_at: AT });
    await history.addHistory(db, { job_id: j, type: 'created', user_id: u, at: '2024-01-01', detail: { via: 'web' } });
    await history.addHistory(db, { job_id: j, type: 'task', user_id: null, at: '2024-01-02' });
    await history.addHistory(db, { job_id: j, type: 'stage', user_id: u, at: '2024-01-02' });
    const all = await history.historyOfJob(db, j, {});
    expect(all.map((h) => h.type)).toEqual(['stage', 'task', 'created']);
    expect(all[2]).toMatchObject({ job_id: j, user_id: u, user_name: 'Hana', detail: { via: 'web' } });
    expect(all[1]).toMatchObject({ user_name: null, detail: null });
    expect((await history.historyOfJob(db, j, { type: ['created', 'task'] })).map((h) => h.type)).toEqual([
      'task',
      'created',
    ]);
    expect((await history.historyOfJob(db, j, { type: [] })).length).toBe(3);
    expect((await history.historyOfJob(db, j, { user_id: u })).map((h) => h.type)).toEqual(['stage', 'created']);
    expect(await history.historyOfJob(db, j, { type: ['task'], user_id: u })).toEqual([]);
  });

  it('settings: outbox newest first, preferences upserted, flags set and listed', async () => {
    await db
      .insertInto('outbox')
      .values([1, 2, 3].map((i) => ({ to_address: `${i}@x.org`, subject: `s${i}`, body: 'b', created_at: AT })))
      .execute();
    expect((await settings.readOutbox(db, 2)).map((m) => m.subject)).toEqual(['s3', 's2']);
    const u = await users.insertUser(db, { email: 'prefs@example.org', name: 'P', role: 'ops', created_at: AT });
    expect(await settings.getPreferences(db, u)).toBeUndefined();
    await settings.putPreferences(db, u, { columns: ['a'] });
    await settings.putPreferences(db, u, { columns: ['b'], dense: true });
    expect(await settings.getPreferences(db, u)).toEqual({ columns: ['b'], dense: true });
    await settings.setFlag(db, 'zeta', true);
    await settings.setFlag(db, 'Alpha', true);
    await settings.setFlag(db, 'zeta', false);
    expect(await settings.listFlags(db)).toEqual([
      { name: 'Alpha', enabled: true },
      { name: 'zeta', enabled: false },
    ]);
  });

  it('places: inserted as given', async () => {
    const p = {
      place_id: 'pl1',
      address: '1 Main',
      city: 'Town',
      county: 'C',
      state: 'CA',
      zip: '90000',
      lat: 37.5,
      lon: -122.25,
      electric_utility: 'E',
      gas_utility: null,
    };
    await places.insertPlace(db, p);
    expect(await db.selectFrom('places').selectAll().where('place_id', '=', 'pl1').executeTakeFirst()).toEqual(p);
  });

  it('attachments: uploader joined, newest first, soft delete once', async () => {
    const j = await newJob(db);
    const c = await contractors.insertContractor(db, {
      name: 'Up Co',
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      created_at: AT,
    });
    const u = await users.insertUser(db, {
      email: 'up@example.org',
      name: 'Uma',
      role: 'contractor',
      contractor_id: c,
      created_at: AT,
    });
    const a = {
      job_id: j,
      task_id: 't',
      field: 'photo',
      name: 'a.jpg',
      content_type: 'image/jpeg',
      size_bytes: 10,
      stored_name: 's',
      lat: 1.5,
      lon: 2.5,
      taken_at: null,
      created_by: u,
    };
    await attachments.insertAttachment(db, { ...a, id: 'b-2', created_at: '2024-01-02' });
    await attachments.insertAttachment(db, {
      ...a,
      id: 'a-1',
      created_at: '2024-01-01',
      created_by: null,
      lat: null,
      lon: null,
    });
    await attachments.insertAttachment(db, { ...a, id: 'B-3', created_at: '2024-01-02' });
    expect(await attachments.getAttachment(db, 'b-2')).toEqual({
      ...a,
      id: 'b-2',
      created_at: '2024-01-02',
      created_by_name: 'Uma',
      created_by_contractor: c,
      deleted_at: null,
    });
    expect((await attachments.attachmentsOfJob(db, j)).map((x) => x.id)).toEqual(['B-3', 'b-2', 'a-1']);
    expect(await attachments.markAttachmentDeleted(db, 'b-2', AT)).toBe(true);
    expect(await attachments.markAttachmentDeleted(db, 'b-2', AT)).toBe(false);
    expect((await attachments.attachmentsOfJob(db, j)).map((x) => x.id)).toEqual(['B-3', 'a-1']);
    expect((await attachments.getAttachment(db, 'b-2'))?.deleted_at).toBe(AT);
    expect(await attachments.getAttachment(db, 'none')).toBeUndefined();
  });

  it('contractors: round trip, partial update, soft delete, filters, names, equipment, job counts', async () => {
    const none = { address: null, city: null, phone: null, email: null, primary_contact: null, program_id: null };
    const a = await contractors.insertContractor(db, {
      ...none,
      name: 'Zeal 100% Heat',
      program_id: 'px',
      city: 'Fresno',
      created_at: AT,
    });
    const b = await contractors.insertContractor(db, {
      ...none,
      name: 'acme_air',
      program_id: 'px',
      email: 'INFO@acme.org',
      created_at: AT,
    });
    const c = await contractors.insertContractor(db, {
      ...none,
      name: 'Best Air',
      program_id: 'py',
      phone: '555-0100',
      created_at: AT,
    });
    const gone = await contractors.insertContractor(db, { ...none, name: 'Gone', program_id: 'px', created_at: AT });
    expect(await contractors.getContractor(db, a)).toEqual({
      id: a,
      ...none,
      name: 'Zeal 100% Heat',
      program_id: 'px',
      city: 'Fresno',
      created_at: AT,
    });
    await contractors.updateContractor(db, a, { city: 'Clovis', phone: '1', id: 5, created_at: 'x' } as never);
    await contractors.updateContractor(db, a, {});
    expect(await contractors.getContractor(db, a)).toMatchObject({
      id: a,
      city: 'Clovis',
      phone: '1',
      name: 'Zeal 100% Heat',
      created_at: AT,
    });
    expect(await contractors.deleteContractor(db, gone, AT)).toBe(true);
    expect(await contractors.deleteContractor(db, gone, AT)).toBe(false);
    expect(await contractors.getContractor(db, gone)).toBeUndefined();
    const ids = (f: contractors.ContractorFilters, p = page(1, 50)) =>
      contractors.listContractors(db, f, p).then((r) => [r.total, r.items.map((x) => x.id)]);
    expect(await ids({ program_id: 'px' })).toEqual([2, [a, b]]);
    expect(await ids({ q: 'AIR' })).toEqual([2, [c, b]]);
    expect(await ids({ q: 'acme.ORG' })).toEqual([1, [b]]);
    expect(await ids({ q: '100%' })).toEqual([1, [a]]);
    expect(await ids({ q: '_' })).toEqual([1, [b]]);
    expect(await ids({ q: '555-01' })).toEqual([1, [c]]);
    expect(await ids({ ids: [a, c, gone] })).toEqual([2, [c, a]]);
    expect(await ids({ ids: [] })).toEqual([0, []]);
    expect(await ids({ program_id: 'px', q: 'zeal', ids: [a, b] })).toEqual([1, [a]]);
    const all = await ids({});
    expect(await ids({}, page(2, 1))).toEqual([all[0], [(all[1] as number[])[1]]]);
    const every = await contractors.allContractors(db);
    expect(every.map((x) => x.name)).toEqual(
      [...every.map((x) => x.name)].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
    );
    expect(every.some((x) => x.id === gone)).toBe(false);
    expect(await contractors.contractorNames(db, [a, b, a])).toEqual(
      new Map([
        [a, 'Zeal 100% Heat'],
        [b, 'acme_air'],
      ]),
    );
    expect(await contractors.contractorNames(db, [])).toEqual(new Map());
    await contractors.setContractorEquipment(db, a, [3, 1, 3]);
    expect(await contractors.equipmentOfContractor(db, a)).toEqual([1, 3]);
    await contractors.setContractorEquipment(db, a, [2]);
    expect(await contractors.equipmentOfContractor(db, a)).toEqual([2]);
    await contractors.setContractorEquipment(db, a, []);
    expect(await contractors.equipmentOfContractor(db, a)).toEqual([]);
    await newJob(db, { contractor_id: b });
    await newJob(db, { contractor_id: b });
    await newJob(db, { contractor_id: b, is_canceled: 1 });
    expect(await contractors.jobCountOfContractor(db, b)).toBe(2);
  });

  it('announcements: round trip with audiences, update, soft delete, active on a day, pages', async () => {
    const f = {
      title: 'T',
      content: 'C',
      valid_from: '2024-01-01',
      valid_until: '2024-01-31',
      video_url: null,
      image_url: null,
      link: 'https://x',
      contractor_ids: [1, 2],
      program_ids: null,
    };
    const a = await admin.insertAnnouncement(db, { ...f, created_by: null, at: '2024-01-01T00:00:00Z' });
    const b = await admin.insertAnnouncement(db, {
      ...f,
      valid_from: null,
      valid_until: null,
      contractor_ids: null,
      program_ids: ['p'],
      created_by: null,
      at: '2024-01-02T00:00:00Z',
    });
    const c = await admin.insertAnnouncement(db, {
      ...f,
      valid_from: '2024-03-01',
      created_by: null,
      at: '2024-01-03T00:00:00Z',
    });
    expect(await admin.getAnnouncement(db, a)).toEqual({
      id: a,
      ...f,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    });
    expect(await admin.updateAnnouncement(db, a, { ...f, title: 'T2', contractor_ids: null }, '2024-01-05')).toBe(true);
    expect(await admin.getAnnouncement(db, a)).toMatchObject({
      title: 'T2',
      contractor_ids: null,
      updated_at: '2024-01-05',
    });
    const list = (d?: string, p = page(1, 10)) =>
      admin.listAnnouncements(db, d ? { active_on: d } : {}, p).then((r) => [r.total, r.items.map((x) => x.id)]);
    expect(await list()).toEqual([3, [c, b, a]]);
    expect(await list('2024-01-15')).toEqual([2, [b, a]]);
    expect(await list(undefined, page(2, 2))).toEqual([3, [a]]);
    expect(await admin.deleteAnnouncement(db, b, AT)).toBe(true);
    expect(await admin.deleteAnnouncement(db, b, AT)).toBe(false);
    expect(await admin.updateAnnouncement(db, b, f, AT)).toBe(false);
    expect(await admin.getAnnouncement(db, b)).toBeUndefined();
    expect(await list('2024-01-15')).toEqual([1, [a]]);
  });

  it('terms: each save is the only current version, numbered in order, with its author', async () => {
    expect(await admin.currentTermsVersion(db)).toBeUndefined();
    const u = await users.insertUser(db, { email: 'terms@example.org', name: 'Tess', role: 'ops', created_at: AT });
    const sections = [{ title: 'S', items: ['i1', 'i2'] }];
    const v1 = await admin.insertTermsVersion(db, {
      title: 'v1',
      description: 'd',
      sections,
      created_by: u,
      at: '2024-01-01',
    });
    const v2 = await admin.insertTermsVersion(db, {
      title: 'v2',
      description: '',
      sections: [],
      created_by: null,
      at: '2024-01-02',
    });
    const v3 = await db.transaction().execute((trx) =>
      admin.insertTermsVersion(trx, {
        title: 'v1 again',
        description: 'd',
        sections,
        restored_from: v1,
        created_by: u,
        at: '2024-01-03',
      }),
    );
    expect(await admin.getTermsVersion(db, v1)).toEqual({
      id: v1,
      version: 1,
      title: 'v1',
      description: 'd',
      sections,
      is_current: false,
      restored_from: null,
      created_by: { id: u, name: 'Tess' },
      created_at: '2024-01-01',
    });
    expect(await admin.currentTermsVersion(db)).toMatchObject({
      id: v3,
      version: 3,
      is_current: true,
      restored_from: v1,
    });
    const current = await db.selectFrom('terms_versions').select('id').where('is_current', '=', 1).execute();
    expect(current).toEqual([{ id: v3 }]);
    expect(await admin.listTermsVersions(db, page(1, 2)).then((r) => [r.total, r.items.map((t) => t.version)])).toEqual(
      [3, [3, 2]],
    );
    expect((await admin.getTermsVersion(db, v2))?.created_by).toBeNull();
    await expect(
      db
        .insertInto('terms_versions')
        .values({ version: 9, title: 'x', sections: '[]', is_current: 1, created_at: AT })
        .execute(),
    ).rejects.toThrow();
  });

  it('providers: vendor joined, states exact, name case-insensitive, soft delete', async () => {
    const v = await contractors.insertContractor(db, {
      name: 'Vendor',
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      created_at: AT,
    });
    const a = await admin.insertProvider(db, {
      name: 'PG&E',
      type: 'both',
      states: ['CA', 'NV'],
      preferred_vendor_id: v,
      notes: 'n',
      at: AT,
    });
    const b = await admin.insertProvider(db, {
      name: 'edison 100%',
      type: 'electric',
      states: ['CA'],
      preferred_vendor_id: null,
      notes: null,
      at: AT,
    });
    const c = await admin.insertProvider(db, {
      name: 'Gas Co',
      type: 'gas',
      states: [],
      preferred_vendor_id: null,
      notes: null,
      at: AT,
    });
    expect(await admin.getProvider(db, a)).toEqual({
      id: a,
      name: 'PG&E',
      type: 'both',
      states: ['CA', 'NV'],
      preferred_vendor_id: v,
      preferred_vendor: 'Vendor',
      notes: 'n',
      created_at: AT,
    });
    const list = (f: { q?: string; state?: string }, p = page(1, 10)) =>
      admin.listProviders(db, f, p).then((r) => [r.total, r.items.map((x) => x.id)]);
    expect(await list({})).toEqual([3, [c, a, b]]);
    expect(await list({ state: 'CA' })).toEqual([2, [a, b]]);
    expect(await list({ state: 'ca' })).toEqual([0, []]);
    expect(await list({ state: 'N' })).toEqual([0, []]);
    expect(await list({ q: 'EDISON' })).toEqual([1, [b]]);
    expect(await list({ q: '0%' })).toEqual([1, [b]]);
    expect(await list({ q: 'co', state: 'CA' })).toEqual([0, []]);
    expect(await list({}, page(2, 2))).toEqual([3, [b]]);
    expect(
      await admin.updateProvider(db, c, {
        name: 'Gas Co',
        type: 'gas',
        states: ['OR'],
        preferred_vendor_id: v,
        notes: 'x',
      }),
    ).toBe(true);
    expect(await admin.getProvider(db, c)).toMatchObject({ states: ['OR'], preferred_vendor: 'Vendor', notes: 'x' });
    expect(await admin.deleteProvider(db, c, AT)).toBe(true);
    expect(await admin.deleteProvider(db, c, AT)).toBe(false);
    expect(
      await admin.updateProvider(db, c, { name: 'x', type: 'gas', states: [], preferred_vendor_id: null, notes: null }),
    ).toBe(false);
    expect(await admin.getProvider(db, c)).toBeUndefined();
  });

  it('equipment: flags as booleans, type and text filters, ASCII case-folded order, soft delete', async () => {
    const blank = Object.fromEntries(admin.EQUIPMENT_FIELDS.map((k) => [k, null]));
    const a = await admin.insertEquipment(db, {
      type: 'heat_pump',
      manufacturer: 'acme',
      model: 'X-2',
      seer: 16.5,
      neep: true,
      energy_star: false,
      at: AT,
    });
    const b = await admin.insertEquipment(db, {
      type: 'heat_pump',
      manufacturer: 'Acme',
      model: 'x-1',
      ahri_id: '123_9',
      at: AT,
    });
    const c = await admin.insertEquipment(db, {
      type: 'water_heater',
      manufacturer: 'Bosch',
      model: 'W',
      gallons: 50,
      at: AT,
    });
    expect(await admin.getEquipment(db, a)).toEqual({
      ...blank,
      id: a,
      type: 'heat_pump',
      manufacturer: 'acme',
      model: 'X-2',
      seer: 16.5,
      neep: true,
      energy_star: false,
      created_at: AT,
    });
    const list = (f: { type?: string; q?: string }, p = page(1, 10)) =>
      admin.listEquipment(db, f, p).then((r) => [r.total, r.items.map((x) => x.id)]);
    expect(await list({})).toEqual([3, [b, a, c]]);
    expect(await list({ type: 'heat_pump' })).toEqual([2, [b, a]]);
    expect(await list({ q: 'ACME X-2' })).toEqual([1, [a]]);
    expect(await list({ q: '3_9' })).toEqual([1, [b]]);
    expect(await list({ q: 'bosch', type: 'heat_pump' })).toEqual([0, []]);
    expect(await list({}, page(2, 2))).toEqual([3, [c]]);
    expect(
      await admin.updateEquipment(db, c, { type: 'other', manufacturer: 'Bosch', model: 'W2', energy_star: true }),
    ).toBe(true);
    expect(await admin.getEquipment(db, c)).toEqual({
      ...blank,
      id: c,
      type: 'other',
      manufacturer: 'Bosch',
      model: 'W2',
      energy_star: true,
      created_at: AT,
    });
    expect(await admin.deleteEquipment(db, c, AT)).toBe(true);
    expect(await admin.deleteEquipment(db, c, AT)).toBe(false);
    expect(await admin.updateEquipment(db, c, { type: 'other', manufacturer: 'x', model: 'y' })).toBe(false);
    expect(await admin.getEquipment(db, c)).toBeUndefined();
  });
});
