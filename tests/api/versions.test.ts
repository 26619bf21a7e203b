/**
 * Definition versions (issue 19): each program's version is stored once (a restart over the same
 * database stores nothing again); a job pins to the version current at submission and keeps its outcome
 * when the definitions change, while an unpinned job follows them; the paths of `apply_to_pinned`
 * (WI HEAR: incentives.caps) reach pinned jobs, a closed submission window does not; ops move jobs to the
 * current version explicitly, one or all pinned to a version, with a history row of the outcome before
 * and after. The list and the detail agree after each step.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, NOW, type TestServer } from './harness.ts';
import { createJob, submit, WI_HEAR_APPLY } from './fixtures.ts';
import { depsOf, repoDefinitions, repoDefinitionSources } from '../../server/deps.ts';
import { withSafeLookups } from '../../server/definitions.ts';
import { loadDefinitions, validateTask, type Definitions } from '../../engine/index.ts';
import { registerVersions, storeLoadedVersions, versionOfProgram } from '../../server/services/pinned-program.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import { schemaKey } from '../../engine/forms/precompiled.ts';

const FILE = 'program-defs/wi-hear/program.yaml';
const CAP = '    heat_pump: 800000';
const WINDOW = 'accept_submissions: { from: "2025-01-01", until: null }';
/** Closed the day before the jobs' submission (NOW): a job submitted on NOW is out of the window. */
const CLOSED = 'accept_submissions: { from: "2025-01-01", until: "2026-05-31" }';
const APPLY = 'apply_to_pinned: [incentives.caps]';

/** The repository's definitions with one file edited (WI HEAR's program.yaml by default), loaded and registered as the
 * server does. */
function definitionsWith(edits: [string, string][], file = FILE): Definitions {
  const files = repoDefinitionSources().map((f) => {
    if (f.path !== file) return f;
    let text = f.text;
    for (const [from, to] of edits) {
      if (!text.includes(from)) throw new Error(`'${from}' not in ${file}`);
      text = text.replace(from, to);
    }
    return { path: f.path, text };
  });
  const defs = loadDefinitions(files, { lazy_forms: true });
  expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return registerVersions(withSafeLookups(defs), files);
}

let s: TestServer;
const ORIGINAL = () => versionOfProgram(repoDefinitions().programs['wi-hear'])!.hash;

async function appliedJob() {
  const job = await createJob(s);
  for (const [task, form, data] of WI_HEAR_APPLY) {
    const r = await submit(s, 'contractor_a', job.id, task, form, data);
    expect(r.status, `${task}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  return job;
}

const stored = (id: number) => s.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const detail = async (id: number) => (await s.api('GET', `/api/jobs/${id}`, { as: 'ops' })).body;
const versions = async () =>
  (await s.api('GET', '/api/programs/wi-hear/versions', { as: 'ops' })).body.items as {
    hash: string;
    current: boolean;
    pinned_jobs: number;
    first_loaded_at: string;
  }[];
const history = async (id: number) =>
  (await s.api('GET', `/api/jobs/${id}/history?type=definition_migrated`, { as: 'ops' })).body.items as {
    detail: Record<string, unknown>;
  }[];

/** The job as the jobs list shows it equals what the detail evaluates now; answers that outcome. */
async function agreed(id: number) {
  const listed = (
    (await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items as {
      id: number;
      eligibility: string;
      stage: { number: number };
      rebate: { max_cents: number | null };
    }[]
  ).find((j) => j.id === id)!;
  const d = await detail(id);
  expect(listed.eligibility).toBe(d.evaluation.eligibility.status);
  expect(listed.stage.number).toBe(d.evaluation.stage.number);
  expect(listed.rebate.max_cents).toBe(d.evaluation.incentive.range.max_cents);
  return {
    eligibility: listed.eligibility,
    stage: listed.stage.number,
    rebate_max_cents: listed.rebate.max_cents,
    pinned_version: d.pinned_version,
    current_version: d.current_version,
  };
}

/** Runs with the server's definitions replaced (as after a restart on changed files), re-evaluating the jobs given. */
async function under<T>(defs: Definitions, jobs: number[], fn: () => Promise<T>): Promise<T> {
  const before = s.deps.defs;
  s.deps.defs = defs;
  try {
    for (const id of jobs) await refreshJob(s.deps, id);
    return await fn();
  } finally {
    s.deps.defs = before;
    for (const id of jobs) await refreshJob(s.deps, id);
  }
}

let pinned: { id: number };
let unpinned: { id: number };
let start: Awaited<ReturnType<typeof agreed>>;
beforeAll(async () => {
  s = await startServer();
  pinned = await appliedJob();
  // Created but not submitted: nothing pins it.
  unpinned = await createJob(s);
  for (const [task, form, data] of WI_HEAR_APPLY.slice(0, 5))
    expect((await submit(s, 'contractor_a', unpinned.id, task, form, data)).status).toBe(200);
  start = await agreed(pinned.id);
});
afterAll(() => s.close());

describe('definition versions', () => {
  it('a version is stored once: a restart on the same database stores nothing again, two instances starting together both succeed', async () => {
    const count = async () =>
      (await s.deps.db.selectFrom('definition_versions').select('hash').where('program_id', '=', 'wi-hear').execute())
        .length;
    const first = await count();
    expect(first).toBe(1);
    const later = () => new Date(NOW.getTime() + 86_400_000);
    const restart = depsOf(s.deps.store, s.deps.config, { now: later });
    await Promise.all([
      storeLoadedVersions(restart),
      storeLoadedVersions(depsOf(s.deps.store, s.deps.config, { now: later })),
    ]);
    expect(await count()).toBe(1);
    const [v] = await versions();
    expect(v).toMatchObject({ hash: ORIGINAL(), current: true, first_loaded_at: NOW.toISOString() });
    const read = await s.api('GET', `/api/programs/wi-hear/versions/${ORIGINAL()}`, { as: 'ops' });
    expect(read.status).toBe(200);
    expect(read.body.files.map((f: { path: string }) => f.path)).toContain(FILE);
    expect(read.body.files.map((f: { path: string }) => f.path)).toContain('task-schemas/home_details/form.yaml');
    expect(read.body.files.map((f: { path: string }) => f.path)).not.toContain('program-defs/reco/program.yaml');
  });

  it('a job pins to the current version at submission; one not submitted does not', async () => {
    expect(start.pinned_version).toBe(ORIGINAL());
    expect(start.current_version).toBe(ORIGINAL());
    expect(start.eligibility).toBe('eligible');
    expect((await stored(unpinned.id)).pinned_version).toBeNull();
    expect((await versions())[0].pinned_jobs).toBe(1);
    // A clone is a new job: it pins at its own submission, not to its source's version.
    const clone = await s.api('POST', `/api/jobs/${pinned.id}/clone`, { as: 'ops', body: { program_id: 'ga-hear' } });
    expect(clone.status).toBe(201);
    expect((await detail(clone.body.id)).pinned_version).toBeNull();
  });

  it('a pinned job keeps its outcome when the definitions change (nothing applies to pinned jobs); an unpinned one follows', async () => {
    const defs = definitionsWith([
      [CAP, '    heat_pump: 650000'],
      [WINDOW, CLOSED],
      [APPLY, 'apply_to_pinned: []'],
    ]);
    const unpinnedBefore = await agreed(unpinned.id);
    await under(defs, [pinned.id, unpinned.id], async () => {
      const p = await agreed(pinned.id);
      expect(p).toMatchObject({
        eligibility: 'eligible',
        stage: start.stage,
        rebate_max_cents: start.rebate_max_cents,
        pinned_version: ORIGINAL(),
      });
      expect(p.current_version).not.toBe(ORIGINAL());
      // Not submitted: judged by the current files, where the window has closed.
      const u = await agreed(unpinned.id);
      expect(u.eligibility).toBe('ineligible');
      expect(u.pinned_version).toBeNull();
    });
    expect((await agreed(unpinned.id)).eligibility).toBe(unpinnedBefore.eligibility);
  });

  it('apply_to_pinned: a changed cap reaches the pinned job, the closed window does not strike it', async () => {
    const defs = definitionsWith([
      [CAP, '    heat_pump: 650000'],
      [WINDOW, CLOSED],
    ]);
    expect(start.rebate_max_cents).toBeGreaterThanOrEqual(800000);
    await under(defs, [pinned.id], async () => {
      const p = await agreed(pinned.id);
      expect(p.eligibility).toBe('eligible');
      expect(p.rebate_max_cents).toBe(start.rebate_max_cents! - 150000);
      expect(p.pinned_version).toBe(ORIGINAL());
    });
    expect(await agreed(pinned.id)).toEqual(start);
  });

  it('the diff from the pinned version to the current one lists each changed value in words; 404 for an unknown version or program', async () => {
    const defs = definitionsWith([
      [CAP, '    heat_pump: 650000'],
      [WINDOW, CLOSED],
    ]);
    await storeLoadedVersions({ ...s.deps, defs });
    await under(defs, [], async () => {
      const r = await s.api('GET', `/api/programs/wi-hear/versions/${ORIGINAL()}/diff?against=current`, { as: 'ops' });
      expect(r.status).toBe(200);
      expect(r.body.from).toBe(ORIGINAL());
      expect(r.body.to).toBe(versionOfProgram(defs.programs['wi-hear'])!.hash);
      expect(r.body.changes).toContainEqual({
        file: FILE,
        path: 'incentives.caps.heat_pump',
        before: 800000,
        after: 650000,
        text: `${FILE}: incentives.caps.heat_pump changed 800000 -> 650000`,
      });
      expect(r.body.changes).toContainEqual(
        expect.objectContaining({ file: FILE, path: 'accept_submissions.until', before: null, after: '2026-05-31' }),
      );
      expect(r.body.changes).toHaveLength(2);
      const back = await s.api('GET', `/api/programs/wi-hear/versions/${r.body.to}/diff?against=${ORIGINAL()}`, {
        as: 'ops',
      });
      expect(back.body.changes).toContainEqual(
        expect.objectContaining({ path: 'incentives.caps.heat_pump', before: 650000, after: 800000 }),
      );
    });
    expect((await s.api('GET', '/api/programs/wi-hear/versions/0123456789abcdef', { as: 'ops' })).status).toBe(404);
    expect((await s.api('GET', '/api/programs/wi-hear/versions/0123456789abcdef/diff', { as: 'ops' })).status).toBe(
      404,
    );
    expect(
      (await s.api('GET', `/api/programs/wi-hear/versions/${ORIGINAL()}/diff?against=nonsense`, { as: 'ops' })).status,
    ).toBe(400);
    // A version of another program is not this program's.
    expect((await s.api('GET', `/api/programs/reco/versions/${ORIGINAL()}`, { as: 'ops' })).status).toBe(404);
    expect((await s.api('GET', '/api/programs/no-such/versions', { as: 'ops' })).status).toBe(404);
  });

  it('only ops see versions and move jobs', async () => {
    for (const as of ['contractor_a', 'homeowner'] as const) {
      expect((await s.api('GET', '/api/programs/wi-hear/versions', { as })).status).toBe(403);
      expect((await s.api('POST', `/api/jobs/${pinned.id}/migrate-version`, { as })).status).toBe(403);
      expect(
        (await s.api('POST', '/api/programs/wi-hear/migrate-jobs', { as, body: { from: ORIGINAL() } })).status,
      ).toBe(403);
    }
    expect((await stored(pinned.id)).pinned_version).toBe(ORIGINAL());
    expect(await history(pinned.id)).toEqual([]);
  });

  it('an explicit migration moves one job to the current version, with its outcome before and after in history', async () => {
    const defs = definitionsWith([
      [CAP, '    heat_pump: 650000'],
      [WINDOW, CLOSED],
    ]);
    const current = versionOfProgram(defs.programs['wi-hear'])!.hash;
    await under(defs, [pinned.id], async () => {
      const before = await agreed(pinned.id);
      expect((await s.api('POST', '/api/jobs/999999/migrate-version', { as: 'ops' })).status).toBe(404);
      const r = await s.api('POST', `/api/jobs/${pinned.id}/migrate-version`, { as: 'ops' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ job_id: pinned.id, pinned_version: current, eligibility: 'ineligible' });
      const after = await agreed(pinned.id);
      expect(after).toMatchObject({ eligibility: 'ineligible', pinned_version: current, current_version: current });
      const [h] = await history(pinned.id);
      expect(h.detail).toEqual({
        from: ORIGINAL(),
        to: current,
        before: {
          stage: before.stage,
          eligibility: 'eligible',
          rebate_max_cents: before.rebate_max_cents,
          rebate_final_cents: null,
        },
        after: {
          stage: after.stage,
          eligibility: 'ineligible',
          rebate_max_cents: after.rebate_max_cents,
          rebate_final_cents: null,
        },
      });
      const items = await versions();
      expect(items.find((v) => v.hash === current)).toMatchObject({ current: true, pinned_jobs: 1 });
      expect(items.find((v) => v.hash === ORIGINAL())).toMatchObject({ current: false, pinned_jobs: 0 });
      // Moved already: nothing more to record.
      expect((await s.api('POST', `/api/jobs/${pinned.id}/migrate-version`, { as: 'ops' })).status).toBe(200);
      expect(await history(pinned.id)).toHaveLength(1);
    });
  });

  it('ops move every job pinned to a version (optionally only at some stages) to the current one', async () => {
    const a = await appliedJob();
    const b = await appliedJob();
    const defs = definitionsWith([[CAP, '    heat_pump: 700000']]);
    const current = versionOfProgram(defs.programs['wi-hear'])!.hash;
    await under(defs, [a.id, b.id], async () => {
      const stage = (await agreed(a.id)).stage;
      expect(
        (await s.api('POST', '/api/programs/wi-hear/migrate-jobs', { as: 'ops', body: { from: '0123456789abcdef' } }))
          .status,
      ).toBe(404);
      expect(
        (await s.api('POST', '/api/programs/wi-hear/migrate-jobs', { as: 'ops', body: { from: 'not a hash' } })).status,
      ).toBe(422);
      const none = await s.api('POST', '/api/programs/wi-hear/migrate-jobs', {
        as: 'ops',
        body: { from: ORIGINAL(), stage: [stage + 1] },
      });
      expect(none.body).toEqual({ moved: 0 });
      expect((await stored(a.id)).pinned_version).toBe(ORIGINAL());
      const r = await s.api('POST', '/api/programs/wi-hear/migrate-jobs', {
        as: 'ops',
        body: { from: ORIGINAL(), stage: [stage] },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ moved: 2 });
      for (const id of [a.id, b.id]) {
        const o = await agreed(id);
        expect(o.pinned_version).toBe(current);
        // The cap of the current files: 7,000.00 for the heat pump instead of 8,000.00.
        expect(o.rebate_max_cents).toBe(start.rebate_max_cents! - 100000);
        expect((await history(id))[0].detail).toMatchObject({ from: ORIGINAL(), to: current });
      }
      expect((await versions()).find((v) => v.hash === ORIGINAL())!.pinned_jobs).toBe(0);
    });
  });

  it("every service reads a pinned job's own version: its forms validate its submissions, whatever the current forms ask", async () => {
    const REVIEW = 'task-schemas/review_income_qualification/form.yaml';
    const defs = definitionsWith(
      [
        [
          'required: [income_level, income_verification_started_at]',
          'required: [income_level, income_verification_started_at, notes]',
        ],
      ],
      REVIEW,
    );
    const answers = { income_level: 'below_ami_80', income_verification_started_at: NOW.toISOString().slice(0, 10) };
    // The current form asks for notes now; the version the job was submitted under does not.
    expect(validateTask(defs.forms.review_income_qualification, answers).ok).toBe(false);
    const job = await appliedJob();
    await under(defs, [job.id], async () => {
      const task = await s.api('GET', `/api/jobs/${job.id}/tasks/review_income_qualification`, { as: 'ops' });
      expect(task.status).toBe(200);
      const r = await s.api('POST', `/api/jobs/${job.id}/tasks/review_income_qualification/submit`, {
        as: 'ops',
        body: { data: answers, version: task.body.version },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await agreed(job.id)).pinned_version).toBe(ORIGINAL());
    });
  });

  it("a pinned job's forms and stages read as its version has them: the task names its own form, which the browser loads with its validators", async () => {
    const REVIEW = 'task-schemas/review_income_qualification/form.yaml';
    const TASK = 'review_income_qualification';
    const formDefs = definitionsWith(
      [
        [
          'required: [income_level, income_verification_started_at]',
          'required: [income_level, income_verification_started_at, notes]',
        ],
      ],
      REVIEW,
    );
    const job = await appliedJob();
    const module = (query: string) => fetch(`${s.url}/api/forms/${TASK}/validator.js?${query}`);
    const tasksOf = async () =>
      (await s.api('GET', `/api/jobs/${job.id}/tasks`, { as: 'ops' })).body.items as {
        id: string;
        form: string;
        form_version: string | null;
      }[];
    const explored = async () =>
      (await s.api('GET', `/api/definitions/jobs/${job.id}/input`, { as: 'ops' })).body.pinned_version;
    // Under the definitions it was submitted with, the job's forms are the loaded ones (and so is its version, to the
    // explorer).
    expect((await tasksOf()).every((t) => t.form_version === null)).toBe(true);
    expect(await explored()).toBeNull();
    await under(formDefs, [job.id], async () => {
      const task = await s.api('GET', `/api/jobs/${job.id}/tasks/${TASK}`, { as: 'ops' });
      expect(task.body.form_version).toMatch(/^[0-9a-f]{16}$/);
      // The explorer, which shows the loaded definitions, is told the job is kept on another version.
      expect(await explored()).toBe(ORIGINAL());
      // Only the changed form differs: every other task of the job still reads the loaded form.
      expect((await tasksOf()).filter((t) => t.form_version !== null).map((t) => t.id)).toEqual([TASK]);
      const own = await s.api('GET', `/api/jobs/${job.id}/tasks/${TASK}/form`, { as: 'ops' });
      const loaded = await s.api('GET', `/api/forms/${TASK}`, { as: 'ops' });
      expect(own.status).toBe(200);
      expect(own.body.schema.required).not.toContain('notes');
      expect(loaded.body.schema.required).toContain('notes');
      // The validators module: the job's form answers to its hash with the job named, not without; nothing else
      // answers.
      const ownHash = schemaKey(own.body.schema);
      const served = await module(`v=${ownHash}&job=${job.id}`);
      expect(served.status).toBe(200);
      expect(await served.text()).toContain(ownHash);
      for (const query of [
        `v=${ownHash}`,
        `v=${schemaKey(loaded.body.schema)}&job=${job.id}`,
        `v=${ownHash}&job=99999999`,
        `v=${ownHash}&job=abc`,
        `v=${ownHash}&job=99999999999`,
      ]) {
        expect((await module(query)).status, query).toBe(404);
      }
      expect((await module(`v=${schemaKey(loaded.body.schema)}`)).status).toBe(200);
      // The job's own form is the job's: another company's contractor is told nothing.
      expect((await s.api('GET', `/api/jobs/${job.id}/tasks/${TASK}/form`, { as: 'contractor_b' })).status).toBe(404);
      expect((await s.api('GET', `/api/jobs/${job.id}/tasks/no_such_task/form`, { as: 'ops' })).status).toBe(404);
    });
    // A renamed stage: the pinned job's list row and detail name its stage as its version does.
    const STAGES = 'program-defs/_shared/stage-models.yaml';
    const stageDefs = definitionsWith(
      [['label: Review rebate submission, progress:', 'label: Rebate under review, progress:']],
      STAGES,
    );
    const label = async () => {
      const listed = (
        (await s.api('GET', '/api/jobs/internal?per_page=200', { as: 'ops' })).body.items as {
          id: number;
          stage: { key: string; label: string };
        }[]
      ).find((j) => j.id === job.id)!;
      return { listed: listed.stage, detail: (await detail(job.id)).stage };
    };
    const before = await label();
    expect(before.listed).toMatchObject({ key: 'review', label: 'Review rebate submission' });
    await under(stageDefs, [job.id], async () => {
      expect(stageDefs.programs['wi-hear'].stage_model.stages.find((x) => x.key === 'review')!.label).toBe(
        'Rebate under review',
      );
      const after = await label();
      expect(after.listed).toEqual(before.listed);
      expect(after.detail).toEqual(before.detail);
    });
  });
});
