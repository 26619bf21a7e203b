/**
 * Crash safety: the real server as a child process (`node --import tsx server/main.ts`) on a SQLite
 * file, a bounded write load from several clients at once, `SIGKILL` while writes are in flight, a
 * restart on the same file: every write the server acknowledged is there (job, its tasks and history
 * row, a saved draft) and `PRAGMA integrity_check` answers ok. No sleeps: each step waits on an event
 * (the server's start line, a response, the process's exit).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../load-repo.ts';
import { openStore } from '../../server/db/database.ts';
import { insertContractor } from '../../server/db/contractors.db.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { hashPassword } from '../../server/services/auth.service.ts';
import { MILWAUKEE } from './fixtures.ts';

const PASSWORD = 'correct horse battery';
const EMAIL = 'crash@company-a.test';
/** The write load: this many clients, each sending writes one after another. */
const CLIENTS = 4;
/** The kill comes once this many writes were acknowledged; no client sends more than its share of LIMIT. */
const KILL_AFTER = 24;
const LIMIT = 80;

const dir = mkdtempSync(join(tmpdir(), 'rebate-crash-'));
const dbFile = join(dir, 'crash.db');
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on the file; resolves with its URL once it prints its start line. */
function startChild(): Promise<{ url: string; child: ChildProcess; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbFile}`,
      DATA_DIR: dir,
      UPLOAD_DIR: join(dir, 'uploads'),
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Rebate portal on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) resolve({ url: m[1], child, exited });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err.slice(0, 2000)}`)));
  });
}

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { token: string }).token;
}

interface Ack {
  id: number;
  code: string;
  last_name: string;
  task: string;
  draft: string;
}

describe('a SIGKILL mid-load loses no acknowledged write', () => {
  it('keeps every acknowledged job, its tasks, history and draft, and the file passes integrity_check', async () => {
    // The database, migrated, with one contractor user, before the server first opens it.
    const seed = await openStore(`sqlite:${dbFile}`);
    const at = new Date().toISOString();
    const contractorId = await insertContractor(seed.kysely, {
      name: 'Crash Heating',
      address: '1 A St',
      city: 'Madison',
      phone: '608-555-0101',
      email: 'office@crash.test',
      primary_contact: 'Cat Crash',
      program_id: 'wi-hear',
      created_at: at,
    });
    await insertUser(seed.kysely, {
      email: EMAIL,
      name: 'Cat Crash',
      role: 'contractor',
      contractor_id: contractorId,
      password_hash: hashPassword(PASSWORD),
      created_at: at,
    });
    await seed.close();

    const first = await startChild();
    const token = await signIn(first.url);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const acked: Ack[] = [];
    let sent = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill('SIGKILL');
    };
    // One write = a job created (job, tasks, history in one transaction) and then a draft saved on
    // its first task; a write counts only once the server answered it.
    const client = async (c: number) => {
      for (let i = 0; !killed && sent < LIMIT; i += 1) {
        sent += 1;
        const last_name = `Crash-${c}-${i}`;
        try {
          const r = await fetch(`${first.url}/api/jobs`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              first_name: 'Kim',
              last_name,
              email: `kim.${c}.${i}@home.test`,
              phone_number: '414-555-0100',
              ...MILWAUKEE,
              program_id: 'wi-hear',
            }),
          });
          if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
          const job = (await r.json()) as {
            id: number;
            code: string;
            tasks: { id: string; owner: string; status: string; version: number }[];
          };
          const task = job.tasks.find((t) => t.id === 'provide_homeowner_details')!;
          const draft = `Draft ${c}-${i}`;
          const d = await fetch(`${first.url}/api/jobs/${job.id}/tasks/${task.id}/draft`, {
            method: 'PUT',
            headers: auth,
            body: JSON.stringify({ data: { language: 'other', language_other: draft }, version: task.version }),
          });
          acked.push({ id: job.id, code: job.code, last_name, task: task.id, draft: d.ok ? draft : '' });
          if (acked.length >= KILL_AFTER) kill();
        } catch (e) {
          // A request cut by the kill: never acknowledged, so nothing is owed for it.
          if (!killed) throw e;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    kill();
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(sent).toBeLessThanOrEqual(LIMIT);
    // The drafts saved before the kill are writes too: most acknowledged jobs carry one.
    expect(acked.filter((a) => a.draft).length).toBeGreaterThanOrEqual(KILL_AFTER - CLIENTS);

    // Restart on the same file: the session survived, every acknowledged write is there.
    const second = await startChild();
    for (const a of acked) {
      const r = await fetch(`${second.url}/api/jobs/${a.id}`, { headers: auth });
      expect(r.status, `job ${a.code}`).toBe(200);
      const job = (await r.json()) as { code: string; last_name: string; tasks: unknown[] };
      expect(job.code).toBe(a.code);
      expect(job.last_name).toBe(a.last_name);
      expect(job.tasks.length).toBeGreaterThan(0);
      const h = await fetch(`${second.url}/api/jobs/${a.id}/history`, { headers: auth });
      expect(h.status).toBe(200);
      expect(JSON.stringify(await h.json())).toContain('job_created');
      if (a.draft) {
        const t = await fetch(`${second.url}/api/jobs/${a.id}/tasks/${a.task}`, { headers: auth });
        expect(JSON.stringify(await t.json())).toContain(a.draft);
      }
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const jobs = (db.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n;
      expect(jobs).toBeGreaterThanOrEqual(acked.length);
    } finally {
      db.close();
    }
  }, 120_000);
});
