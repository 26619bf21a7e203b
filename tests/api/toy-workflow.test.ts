/**
 * A workflow is a folder and a line in the list (server/workflows/index.ts): here a toy one, given to an app of
 * its own through its dependencies (Deps.workflows), adds a server-owned field and an effect after a submission
 * without the task service knowing it. The field is the server's on every read, save and submit, whatever the
 * client sent; the effect runs after a successful submission, in its transaction: a refused submission (invalid,
 * or refused after the effect ran) leaves none. The other tests' apps run WORKFLOWS only.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startServer, type TestServer } from './harness.ts';
import { createJob, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { createApp } from '../../server/app.ts';
import type { AppWorkflow, Deps } from '../../server/context.ts';
import { addHistory } from '../../server/db/history.db.ts';
import { ApiError } from '../../server/errors.ts';
import { WORKFLOWS } from '../../server/workflows/index.ts';

/** The toy's field: the bedrooms of the site details, always the server's count. */
const TOY_TASK = 'provide_site_details';
const SERVER_BEDROOMS = 7;

const toy: AppWorkflow = {
  name: 'toy',
  fields: [
    {
      fill: (_deps, { taskId, data }) =>
        taskId === TOY_TASK ? { ...data, number_of_bedrooms: SERVER_BEDROOMS } : data,
    },
  ],
  afterSubmit: (deps, { user, job, taskId, data, at }) =>
    addHistory(deps.db, {
      job_id: job.id,
      type: 'toy_submitted',
      user_id: user.id,
      at,
      detail: { task_id: taskId, number_of_bedrooms: data.number_of_bedrooms ?? null },
    }),
  history: ['toy_submitted'],
};

/** A second toy after it: refuses a submission once the first effect ran (the refusal rolls both back). */
const refuser: AppWorkflow = {
  name: 'refuser',
  afterSubmit: (_deps, { data }) => {
    if (data.primary_fuel_type === 'propane') throw new ApiError(422, 'Refused after the effects.');
    return Promise.resolve();
  },
};

let s: TestServer;
let toyServer: Server;
/** The harness's server, its calls sent to an app running WORKFLOWS and the toys over the same database. */
let t: TestServer;

beforeAll(async () => {
  s = await startServer();
  const deps: Deps = { ...s.deps, workflows: [...WORKFLOWS, toy, refuser] };
  const { app } = await createApp(deps);
  toyServer = await new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const url = `http://127.0.0.1:${(toyServer.address() as AddressInfo).port}`;
  const api: TestServer['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const token = o.token ?? (o.as ? await s.tokenOf(o.as) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(url + path, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : undefined) as never, headers: r.headers };
  };
  t = { ...s, url, api };
});
afterAll(async () => {
  await new Promise<void>((resolve) => toyServer.close(() => resolve()));
  await s.close();
});

const toyHistory = async (jobId: number) =>
  (await t.api('GET', `/api/jobs/${jobId}/history?type=toy_submitted`, { as: 'ops' })).body.items as {
    detail: { task_id: string; number_of_bedrooms: number };
  }[];

describe('a workflow registered without touching the task service', () => {
  it('fills its server-owned field on read, save and submit, whatever the client sent', async () => {
    const job = await createJob(t);
    const read = await t.api('GET', `/api/jobs/${job.id}/tasks/${TOY_TASK}`, { as: 'contractor_a' });
    expect(read.body.data).toEqual({ number_of_bedrooms: SERVER_BEDROOMS });
    const saved = await t.api('PUT', `/api/jobs/${job.id}/tasks/${TOY_TASK}/draft`, {
      as: 'contractor_a',
      body: { data: { number_of_bedrooms: 2, primary_fuel_type: 'natural_gas' }, version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ number_of_bedrooms: SERVER_BEDROOMS, primary_fuel_type: 'natural_gas' });
    // Stored so: the app without the toy reads what the save stored.
    const stored = await s.api('GET', `/api/jobs/${job.id}/tasks/${TOY_TASK}`, { as: 'contractor_a' });
    expect(stored.body.data.number_of_bedrooms).toBe(SERVER_BEDROOMS);
    const [, form, data] = WI_HEAR_APPLY.find(([task]) => task === TOY_TASK)!;
    const submitted = await submit(t, 'contractor_a', job.id, TOY_TASK, form, { ...data, number_of_bedrooms: 1 });
    expect(submitted.status).toBe(200);
    expect(submitted.body.task.data.number_of_bedrooms).toBe(SERVER_BEDROOMS);
    expect((await toyHistory(job.id)).map((h) => h.detail)).toEqual([
      { task_id: TOY_TASK, number_of_bedrooms: SERVER_BEDROOMS },
    ]);
  });

  it('runs its effect only after a successful submission, in its transaction', async () => {
    const job = await createJob(t);
    // Invalid: refused before the effects.
    const invalid = await t.api('POST', `/api/jobs/${job.id}/tasks/${TOY_TASK}/submit`, {
      as: 'contractor_a',
      body: { data: {}, version: 0 },
    });
    expect(invalid.status).toBe(422);
    // Refused by a later workflow after the toy's effect ran: the effect is rolled back with the task.
    const [, form, data] = WI_HEAR_APPLY.find(([task]) => task === TOY_TASK)!;
    const refused = await submit(t, 'contractor_a', job.id, TOY_TASK, form, { ...data, primary_fuel_type: 'propane' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('Refused after the effects.');
    expect(await toyHistory(job.id)).toEqual([]);
    const task = await t.api('GET', `/api/jobs/${job.id}/tasks/${TOY_TASK}`, { as: 'contractor_a' });
    expect(task.body.status).not.toBe('COMPLETE');
    // The app without the toys runs no toy effect.
    expect((await submit(s, 'contractor_a', job.id, TOY_TASK, form, data)).status).toBe(200);
    expect(await toyHistory(job.id)).toEqual([]);
  });
});
