import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions, evaluateJob } from '../../engine/index.ts';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('the definitions the program explorer loads', () => {
  it('are the very files the server runs: loaded by the same engine function they give the same hashes', async () => {
    const r = await s.api('GET', '/api/definitions/sources', { as: 'ops' });
    expect(r.status).toBe(200);
    const browser = loadDefinitions(r.body.files);
    expect(Object.keys(browser.programs).sort()).toEqual(Object.keys(s.deps.defs.programs).sort());
    for (const [id, p] of Object.entries(s.deps.defs.programs)) expect(browser.programs[id].hash).toBe(p.hash);
    expect(r.body.hashes['wi-hear']).toBe(s.deps.defs.programs['wi-hear'].hash);
    expect(Object.keys(browser.forms).sort()).toEqual(Object.keys(s.deps.defs.forms).sort());
  });
  it('a job input evaluated in the "browser" agrees with the server’s evaluation', async () => {
    const job = await createJob(s, 'contractor_a');
    const input = await s.api('GET', `/api/definitions/jobs/${job.id}/input`, { as: 'ops' });
    const browser = loadDefinitions((await s.api('GET', '/api/definitions/sources', { as: 'ops' })).body.files);
    const ev = evaluateJob(browser.programs[input.body.program_id], input.body.job, { today: input.body.today });
    const server = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(ev.stage.number).toBe(server.body.evaluation.stage.number);
    expect(ev.eligibility.status).toBe(server.body.evaluation.eligibility.status);
    expect(ev.tasks.map((t) => [t.id, t.status])).toEqual(server.body.tasks.map((t: { id: string; status: string }) => [t.id, t.status]));
  });
});
