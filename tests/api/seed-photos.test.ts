/**
 * The demo's photos and PDFs open (issue 20, item 10): every upload reference in seeded task data is an
 * attachment of its own job whose file was stored through the storage adapter, on disk or in the
 * database, on this suite's backend; the API downloads it.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { depsOf } from '../../server/deps.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { seededDatabase } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';
import { dbAll } from '../support/db.ts';
import { API_BACKEND } from './harness.ts';

const NOW = new Date(SEEDED_NOW);
const dir = mkdtempSync(join(tmpdir(), 'rebate-seed-files-'));
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closing) await c();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The demo each storage is checked on: on disk, the whole demo (this run's template that most seeded tests copy); in
 * the database, a demo of 20 jobs (two of each program; a template of its own: the whole demo seeded again on each
 * backend only for this file was 70-95 s of a core in CI, for the same files through the same seed).
 */
const STORAGES = {
  disk: { upload_storage: 'disk', min_references: 100 },
  database: { upload_storage: 'database', jobs: 20, min_references: 20 },
} as const;

/**
 * A copy of the demo seeded with the given storage (this run's template of it), listening; `get` calls its API as the
 * demo's ops user.
 */
async function seededPortal(storage: Config['upload_storage']) {
  const { min_references: _, ...seed } = STORAGES[storage];
  const database = await seededDatabase({ backend: API_BACKEND, now: SEEDED_NOW, ...seed });
  const config: Config = {
    ...loadConfig({}),
    database_url: database.url,
    database_schema: database.schema,
    upload_dir: database.upload_dir,
    upload_storage: storage,
    port: 0,
  };
  const deps = depsOf(database.store, config, { now: () => NOW, log: () => undefined });
  const { app } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  closing.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.drop();
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@demo.rebates.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = (path: string) => fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  return { deps, get };
}

/** Every `{ id }` reference under an upload field of the stored task data, with its job. */
function references(rows: { job_id: number; data: string | null }[], ids: Set<string>) {
  const out: { job_id: number; id: string }[] = [];
  const walk = (job_id: number, v: unknown) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(job_id, x));
    if (!v || typeof v !== 'object') return;
    const id = (v as { id?: unknown }).id;
    if (typeof id === 'string' && ('content_type' in v || ids.has(id) || /^(ph|pdf)-/.test(id)))
      out.push({ job_id, id });
    else Object.values(v).forEach((x) => walk(job_id, x));
  };
  for (const r of rows) walk(r.job_id, typeof r.data === 'string' ? JSON.parse(r.data) : r.data);
  return out;
}

describe.each(Object.keys(STORAGES) as (keyof typeof STORAGES)[])('seeded attachments (%s storage)', (storage) => {
  it('every upload reference of the demo is an attachment of its job, and it downloads', async () => {
    const { deps, get } = await seededPortal(storage);
    const attachments = await dbAll<{ id: string; job_id: number; content_type: string; size_bytes: number }>(
      deps,
      'SELECT id, job_id, content_type, size_bytes FROM attachments',
    );
    const byId = new Map(attachments.map((a) => [a.id, a]));
    const refs = references(
      await dbAll(deps, 'SELECT job_id, data FROM job_tasks WHERE data IS NOT NULL'),
      new Set(byId.keys()),
    );
    expect(refs.length).toBeGreaterThan(STORAGES[storage].min_references);
    expect(refs.filter((r) => byId.get(r.id)?.job_id !== r.job_id)).toEqual([]);

    const photo = attachments.find((a) => a.content_type === 'image/png')!;
    const pdf = attachments.find((a) => a.content_type === 'application/pdf')!;
    for (const [a, magic] of [
      [photo, '\x89PNG'],
      [pdf, '%PDF'],
    ] as const) {
      const r = await get(`/api/attachments/${a.id}/download`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain(a.content_type);
      const bytes = Buffer.from(await r.arrayBuffer());
      expect(bytes.length).toBe(a.size_bytes);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(magic);
    }
  }, 600_000); // The template's seed works 300 jobs through the services: minutes on PostgreSQL on a busy machine.
});
