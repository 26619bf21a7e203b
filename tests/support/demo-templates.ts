/**
 * The demo, seeded once per test run for each backend, clock and configuration, and copied for every test that reads a
 * seeded portal. The seed works some three hundred jobs through the services (20-45 s on SQLite, one to two minutes on
 * PostgreSQL on two busy cores), which each such test file paid for before, on each backend.
 *
 * A template is seeded by a child process of its own (tests/support/seed-template.ts), started by the first to ask for
 * it (the global setup starts the common ones before the tests, so they seed beside the first files); whoever asks
 * waits for its `ready` file. SQLite: the template is a folder (database file and uploads) copied per test.
 * PostgreSQL: a database of its own, copied with CREATE DATABASE ... TEMPLATE (about 0.1 s) into a database per test,
 * dropped afterwards. The run's templates live under REBATE_DEMO_TEMPLATES (made by tests/support/global-setup.ts and
 * removed with its template databases after the run); a process started without it makes a folder of its own.
 */

import { spawn } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type Backend, type Store } from '../../server/db/database.ts';
import type { Config } from '../../server/config.ts';
import type { Fresh } from '../db/backends.ts';

/** What a template is seeded with: its backend, its clock ('wall': the real one) and config that the seed reads. */
export interface TemplateKey {
  backend: Backend;
  /** The seed's "now" (ISO), or 'wall' for the real clock at seeding (the browser journeys'). */
  now: string;
  upload_storage?: Config['upload_storage'];
  app_env?: string;
  /** Seed as server/main.ts opens a portal (buildDeps: the loaded definition versions stored first). */
  built?: boolean;
  /** A smaller demo of this many jobs (the seed's `jobs`; the whole demo unless said). */
  jobs?: number;
}

/**
 * The browser tests' demo, seeded once per test run into a template folder (its database and uploads) that every portal
 * copies: the seed writes some three hundred jobs through the services, which each browser test file paid for before.
 * Seeded on the wall clock, as `npm start` seeds; started by tests/e2e/global-setup.ts while other tests run, or by the
 * first portal of a run of browser tests alone; the others wait for it.
 */
export const E2E_TEMPLATE: TemplateKey = { backend: 'sqlite', now: 'wall', app_env: 'staging', built: true };

/** The schema every PostgreSQL template (and so each copy) keeps its tables in. */
export const TEMPLATE_SCHEMA = 't_demo';
const ROOT = join(import.meta.dirname, '..', '..');

/** The folder of this run's templates (made for the process when the global setup did not make one). */
export function templatesDir(): string {
  if (!process.env.REBATE_DEMO_TEMPLATES) {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-demo-templates-'));
    process.env.REBATE_DEMO_TEMPLATES = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return process.env.REBATE_DEMO_TEMPLATES;
}

/** A key's name: readable, and unique for its content (uploads on disk, the default, need not be said). */
export function templateName(key: TemplateKey): string {
  const { upload_storage, ...rest } = key;
  const said = upload_storage && upload_storage !== 'disk' ? { ...rest, upload_storage } : rest;
  const hash = createHash('sha1').update(JSON.stringify(said)).digest('hex').slice(0, 10);
  return `${key.backend === 'postgres' ? 'pg' : 'sqlite'}_${hash}`;
}

/** The PostgreSQL template database of a key in this run (named after the run's folder, so runs never share one). */
export function templateDatabase(key: TemplateKey): string {
  const run = createHash('sha1').update(templatesDir()).digest('hex').slice(0, 8);
  return `rebate_tpl_${run}_${templateName(key)}`;
}

/** The demo as the seed left it, before the template's worker stamped the signed copies: a file beside the template. */
export const AS_SEEDED_FILE = 'portal-as-seeded.db';
/** ... and its database, beside the template's (dropped with it). */
export const asSeededDatabase = (template: string) => `${template}_as_seeded`;

/** The URL of another database on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts seeding a key's template unless someone (this process or another) already did. */
export function startTemplate(key: TemplateKey): void {
  const dir = join(templatesDir(), templateName(key));
  try {
    mkdirSync(dir); // atomic: one process wins
  } catch {
    return;
  }
  writeFileSync(join(dir, 'key.json'), JSON.stringify(key));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/support/seed-template.ts'), dir], {
    cwd: ROOT,
    env: { ...process.env, REBATE_TEMPLATE_DATABASE: key.backend === 'postgres' ? templateDatabase(key) : '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => void (err = (err + d.toString()).slice(-4000)));
  child.on('exit', (code) => {
    if (code !== 0 && !existsSync(join(dir, 'ready.json')))
      writeFileSync(join(dir, 'failed.txt'), `seeding exited ${code}: ${err}`);
  });
  // The seed does not keep a test process alive.
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
}

/** The folder of a key's seeded template, once ready (seeded now if nobody started it). */
export async function templateOf(key: TemplateKey): Promise<string> {
  startTemplate(key);
  const dir = join(templatesDir(), templateName(key));
  // Polled: the seeder writes ready.json last (or failed.txt when it fails).
  for (;;) {
    if (existsSync(join(dir, 'ready.json'))) return dir;
    if (existsSync(join(dir, 'failed.txt')))
      throw new Error(
        `the demo template ${JSON.stringify(key)} failed: ${readFileSync(join(dir, 'failed.txt'), 'utf8')}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A copy of the seeded demo for one test (its own database and upload folder), dropped by `drop()`. `asSeeded`: the
 * demo as the seed left it (the signed copies still to stamp), not as a portal starting on it finds it.
 */
export async function seededDatabase(
  key: TemplateKey,
  o: { asSeeded?: boolean } = {},
): Promise<Fresh & { upload_dir: string }> {
  const template = await templateOf(key);
  const dir = mkdtempSync(join(tmpdir(), 'rebate-seeded-'));
  if (existsSync(join(template, 'uploads')))
    cpSync(join(template, 'uploads'), join(dir, 'uploads'), { recursive: true });
  const opened: Store[] = [];
  const open = async (o: () => Promise<Store>) => {
    const s = await o();
    opened.push(s);
    return s;
  };
  const closeAll = async () => {
    for (const s of opened.splice(0)) await s.close();
  };
  if (key.backend === 'sqlite') {
    const file = join(dir, 'portal.db');
    if (o.asSeeded) cpSync(join(template, AS_SEEDED_FILE), file);
    else {
      cpSync(join(template, 'portal.db'), file);
      // (Closed by the seeder, the file holds everything; a write-ahead log left behind goes with it.)
      if (existsSync(join(template, 'portal.db-wal'))) cpSync(join(template, 'portal.db-wal'), `${file}-wal`);
    }
    return {
      store: await open(() => openStore(file)),
      url: `sqlite:${file}`,
      upload_dir: join(dir, 'uploads'),
      another: () => open(() => openStore(file)),
      drop: async () => {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await copyDatabase(o.asSeeded ? asSeededDatabase(templateDatabase(key)) : templateDatabase(key), name);
  const url = databaseUrl(name);
  return {
    store: await open(() => openStore(url, { schema: TEMPLATE_SCHEMA, max: 4 })),
    url,
    schema: TEMPLATE_SCHEMA,
    upload_dir: join(dir, 'uploads'),
    another: () => open(() => openStore(url, { schema: TEMPLATE_SCHEMA, max: 2 })),
    drop: async () => {
      await closeAll();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CREATE DATABASE ... TEMPLATE, again while another session still leaves the template (PostgreSQL refuses a copy of a
 * database someone is connected to: an autovacuum worker, or a copy being made at the same moment).
 */
export async function copyDatabase(template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      // A test database's commits need not wait for the disk: nothing outlives the test.
      await onServer(`ALTER DATABASE ${name} SET synchronous_commit = off`);
      return;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
}
