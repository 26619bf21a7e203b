import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions, evaluateJob } from '../../engine/index.ts';
import { fromParsedEntry, type ParsedEntry } from '../../engine/load/parsed-entry.ts';
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
  it('of some programs: their own files, the shared ones and the forms they name, each as the server parsed it', async () => {
    const r = await s.api('GET', '/api/definitions/sources?programs=ca-tech,wi-hear', { as: 'ops' });
    expect(r.status).toBe(200);
    const paths = r.body.files.map((f: { path: string }) => f.path);
    expect(paths).toContain('program-defs/wi-hear/program.yaml');
    expect(paths).toContain('program-defs/ca-tech/cases.yaml');
    expect(
      paths
        .filter((p: string) => p.startsWith('program-defs/') && !p.includes('/_shared/'))
        .every((p: string) => /^program-defs\/(wi-hear|ca-tech)\//.test(p)),
    ).toBe(true);
    // Every form the two programs' tasks name is there, and no other program's file.
    const forms = new Set(
      paths.filter((p: string) => p.startsWith('task-schemas/')).map((p: string) => p.split('/')[1]),
    );
    for (const id of ['wi-hear', 'ca-tech'])
      for (const t of s.deps.defs.programs[id].tasks) expect(forms.has(t.form), `${id} ${t.form}`).toBe(true);
    // Loaded from the server's parse alone (no YAML parsed, no meta-schema checked): the programs the server runs.
    const files = r.body.files as { path: string; text: string; parsed?: ParsedEntry }[];
    expect(files.every((f) => f.parsed)).toBe(true);
    const entries = new Map(files.map((f) => [f.path, f.parsed!]));
    const browser = loadDefinitions(files, {
      unused_forms: false,
      meta_validators: {} as never,
      parse: (file) => ({ ...fromParsedEntry(file, entries.get(file)!), meta_checked: true }),
    });
    expect(browser.diagnostics).toEqual([]);
    expect(Object.keys(browser.programs).sort()).toEqual(['ca-tech', 'wi-hear']);
    for (const id of ['ca-tech', 'wi-hear']) expect(browser.programs[id].hash).toBe(s.deps.defs.programs[id].hash);
    expect(browser.programs['wi-hear'].eligibility.map((r) => r.source)).toEqual(
      s.deps.defs.programs['wi-hear'].eligibility.map((r) => r.source),
    );
  });
  it('of programs that do not exist: the shared files only', async () => {
    for (const programs of ['no-such-program', '__proto__,constructor', '../../etc', '']) {
      const r = await s.api('GET', `/api/definitions/sources?programs=${encodeURIComponent(programs)}`, { as: 'ops' });
      expect(r.status).toBe(200);
      expect(r.body.files.length).toBeGreaterThan(0);
      expect(
        r.body.files.every((f: { path: string }) => f.path.includes('/_shared/')),
        programs,
      ).toBe(true);
    }
  });
  it('a job input evaluated in the "browser" agrees with the server’s evaluation', async () => {
    const job = await createJob(s, 'contractor_a');
    const input = await s.api('GET', `/api/definitions/jobs/${job.id}/input`, { as: 'ops' });
    const browser = loadDefinitions((await s.api('GET', '/api/definitions/sources', { as: 'ops' })).body.files);
    const ev = evaluateJob(browser.programs[input.body.program_id], input.body.job, { today: input.body.today });
    const server = await s.api('GET', `/api/jobs/${job.id}`, { as: 'ops' });
    expect(ev.stage.number).toBe(server.body.evaluation.stage.number);
    expect(ev.eligibility.status).toBe(server.body.evaluation.eligibility.status);
    expect(ev.tasks.map((t) => [t.id, t.status])).toEqual(
      server.body.tasks.map((t: { id: string; status: string }) => [t.id, t.status]),
    );
  });
});
