/**
 * The job change feed over HTTP (issue 42, GET /api/changes): a write to a job, from a request or straight to the
 * database as the worker writes, reaches every open stream that may read the job, and no other; no session, no
 * stream; two apps over one database (PostgreSQL: two stores, NOTIFY between them) tell each other's streams.
 * Runs on SQLite and PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, API_BACKEND, type TestServer } from './harness.ts';
import { createJob, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { openEventStream, names, type EventStream } from '../support/event-stream.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { updateJob } from '../../server/db/jobs.db.ts';
import { createApp } from '../../server/app.ts';
import { depsOf } from '../../server/deps.ts';
import { openStore } from '../../server/db/database.ts';

let s: TestServer;
const streams: EventStream[] = [];
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  for (const x of streams) x.close();
  await s?.close();
});

async function stream(who: 'ops' | 'contractor_a' | 'contractor_b' | 'homeowner' | 'inspector', base = s.url) {
  const x = await openEventStream(`${base}/api/changes`, await s.tokenOf(who));
  streams.push(x);
  await x.next((e) => e.event === 'ready');
  return x;
}

describe('GET /api/changes', () => {
  it('tells each stream of the jobs it may read that changed, from a request or a direct write, and of no other', async () => {
    const [ops, a, b, owner] = [
      await stream('ops'),
      await stream('contractor_a'),
      await stream('contractor_b'),
      await stream('homeowner'),
    ];
    const jobA = await createJob(s, 'contractor_a');
    await a.next(names(jobA.id));
    await ops.next(names(jobA.id));
    // A task submitted by the contractor.
    const [task, form, data] = WI_HEAR_APPLY[0];
    const before = a.events.length;
    expect((await submit(s, 'contractor_a', jobA.id, task, form, data)).status).toBe(200);
    await a.next((e) => a.events.indexOf(e) >= before && names(jobA.id)(e));
    // Company B's job reaches B and ops; by then A's had reached B had it been sent (events come in order).
    const jobB = await createJob(s, 'contractor_b');
    await b.next(names(jobB.id));
    await ops.next(names(jobB.id));
    expect(b.events.some(names(jobA.id))).toBe(false);
    // The homeowner hears of their own job once it is theirs, written straight to the database (as the worker writes).
    await updateJob(s.deps.db, jobA.id, { homeowner_user_id: s.ids.users.homeowner });
    await owner.next(names(jobA.id));
    await tasksDb.writeTask(
      s.deps.db,
      {
        job_id: jobB.id,
        task_id: task,
        status: 'IN_PROGRESS',
        data: null,
        draft: { note: 'saved by the worker' },
        owner_override: null,
        exceptions: null,
        updated_at: new Date().toISOString(),
        updated_by: null,
      },
      (await tasksDb.getTask(s.deps.db, jobB.id, task))?.version ?? 0,
    );
    await b.next((e) => b.events.filter(names(jobB.id)).length >= 2 && names(jobB.id)(e));
    expect(owner.events.some(names(jobB.id))).toBe(false);
    expect(a.events.some(names(jobB.id))).toBe(false);
  });

  it('tells an inspector of the jobs of the inspections assigned to them, and of no other', async () => {
    const inspector = await stream('inspector');
    const ops = await stream('ops');
    const [mine, other] = [await createJob(s, 'contractor_a'), await createJob(s, 'contractor_a')];
    await ops.next(names(other.id));
    await s.deps.db
      .insertInto('quality_assignments')
      .values({
        job_id: mine.id,
        review_id: 'field_inspection',
        inspector_id: s.ids.users.inspector,
        assigned_at: new Date().toISOString(),
        assigned_by: null,
      })
      .execute();
    await updateJob(s.deps.db, other.id, { phone_number: '555-0100' });
    await ops.next((e) => ops.events.filter(names(other.id)).length >= 2 && names(other.id)(e));
    await updateJob(s.deps.db, mine.id, { phone_number: '555-0101' });
    await inspector.next(names(mine.id));
    // By then the other job's change had reached the inspector had it been sent (events come in order).
    expect(inspector.events.some(names(other.id))).toBe(false);
  });

  it('tells of a signer’s row, written as the worker writes it', async () => {
    const ops = await stream('ops');
    const job = await createJob(s, 'contractor_a');
    await ops.next(names(job.id));
    const seen = () => ops.events.filter(names(job.id)).length;
    const now = new Date();
    let before = 0;
    // A signer's row has no job id of its own: its document's job is told.
    const doc = await s.deps.db
      .insertInto('documents')
      .values({
        job_id: job.id,
        task_id: 'live-test',
        doc_key: 'live',
        title: 'Live',
        content: 'Live',
        boxes: '[]',
        generation: 1,
        file_name: 'live.pdf',
        sha256: '0'.repeat(64),
        created_at: now.toISOString(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    before = seen();
    await s.deps.db
      .insertInto('document_signatures')
      .values({ document_id: doc.id, order_index: 0, role: 'homeowner', name: 'H' } as never)
      .execute();
    await ops.next(() => seen() > before);
  });

  it('answers 401 without a session', async () => {
    const r = await fetch(`${s.url}/api/changes`);
    expect(r.status).toBe(401);
    await r.body?.cancel();
  });

  it('two apps over one database tell each other’s streams', async () => {
    const other = await openStore(s.database.url, s.database.schema ? { schema: s.database.schema } : {});
    const deps2 = depsOf(other, s.deps.config, { now: s.deps.now, defs: s.deps.defs });
    const { app } = await createApp(deps2);
    const server: Server = await new Promise((resolve) => {
      const srv = app.listen(0, '127.0.0.1', () => resolve(srv));
    });
    try {
      const url2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const onSecond = await stream('ops', url2);
      const job = await createJob(s, 'contractor_a');
      // PostgreSQL says which job (NOTIFY); SQLite sees only that another connection wrote (data_version): read again.
      await onSecond.next((e) => names(job.id)(e) || (API_BACKEND === 'sqlite' && e.event === 'resync'));
    } finally {
      // An open stream holds its connection: the server ends it before it closes.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await other.close();
    }
    // A ceiling for a busy machine (a second app starts here), not a wait.
  }, 120_000);
});
