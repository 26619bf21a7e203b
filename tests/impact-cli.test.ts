/**
 * `rebate impact` through the binary, on the seeded demo database (SQLite; PostgreSQL too when
 * TEST_DATABASE_URL names one): a proposal lowering wi-hear's heat pump cap and closing ca-tech's
 * submission window. The expected counts and dollars are computed here from the database rows and the
 * engine, job by job, not by the report's own code. A job pinned to its definition version (submitted) keeps
 * it: only an edit under its program's `versioning.apply_to_pinned` reaches it (wi-hear's caps do, ca-tech's
 * window does not).
 */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateJob,
  jobInputOf,
  loadDefinitions,
  type Definitions,
  type JobEvaluation,
  type TaskState,
} from '../engine/index.ts';
import { loadConfig } from '../server/config.ts';
import { readDefinitionSources } from '../server/definitions.ts';
import { depsOf, REPO_ROOT, repoDefinitions } from '../server/deps.ts';
import { BACKENDS, type Fresh } from './db/backends.ts';
import { seededDatabase } from './support/demo-templates.ts';
import { impactCommand } from '../server/impact-cli.ts';
import { SEEDED_NOW } from './support/global-setup.ts';

const NOW = new Date(SEEDED_NOW);
const TODAY = '2026-06-01';
const BIN = join(REPO_ROOT, 'cli/bin/rebate.js');
const dir = mkdtempSync(join(tmpdir(), 'rebate-impact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of program-defs with one file's text replaced (the replaced text must be there). */
function proposal(name: string, edits: [file: string, from: string, to: string][]): string {
  const root = join(dir, name);
  cpSync(join(REPO_ROOT, 'program-defs'), join(root, 'program-defs'), { recursive: true });
  for (const [file, from, to] of edits) {
    const path = join(root, 'program-defs', file);
    const text = readFileSync(path, 'utf8');
    expect(text, `${file} has ${from}`).toContain(from);
    writeFileSync(path, text.replace(from, to));
  }
  return join(root, 'program-defs');
}

const CAP: [string, string, string] = ['wi-hear/program.yaml', '    heat_pump: 800000', '    heat_pump: 650000'];
const WINDOW: [string, string, string] = ['ca-tech/program.yaml', 'until: "2026-12-31"', 'until: "2026-03-31"'];
/** The definition path each edited program's edit changes. */
const EDITED: Record<string, string> = {
  'wi-hear': 'incentives.caps.heat_pump',
  'ca-tech': 'accept_submissions.until',
};

/** The repository's definitions with the same two edits, loaded here (not by the command). */
function proposedDefinitions(): Definitions {
  const files = readDefinitionSources(REPO_ROOT).map((f) => {
    for (const [file, from, to] of [CAP, WINDOW])
      if (f.path.replace(/\\/g, '/') === `program-defs/${file}`) return { ...f, text: f.text.replace(from, to) };
    return f;
  });
  const defs = loadDefinitions(files);
  expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return defs;
}

type Row = { id: number; code: string; program_id: string; county: string | null; is_canceled: number } & Record<
  string,
  unknown
>;
type TaskRowRaw = {
  job_id: number;
  task_id: string;
  status: string | null;
  data: unknown;
  owner_override: unknown;
  exceptions: unknown;
};
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? undefined));
const shown = (e: JobEvaluation) => e.incentive.final_cents ?? e.incentive.range.max_cents;

describe.each(BACKENDS)('rebate impact (%s)', (backend) => {
  let db: Fresh;
  let env: NodeJS.ProcessEnv;
  const expected = {
    evaluated: 0,
    eligibility: 0,
    closed: 0,
    stage: 0,
    tasks: 0,
    rebate: 0,
    total: 0,
    by_program: {} as Record<string, number>,
    by_county: {} as Record<string, number>,
  };
  let pinned = 0;
  /** `rebate impact` through the binary (a process of its own). */
  const binary = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, 'impact', ...args], { cwd: dir, env, encoding: 'utf8' });
  /** The same command in this process (what the binary runs; a process each took 4-8 s of this file's minute). */
  const rebate = async (...args: string[]) => {
    const [stdout, stderr] = [[] as string[], [] as string[]];
    const status = await impactCommand(
      args,
      env,
      (t) => stdout.push(`${t}\n`),
      (t) => stderr.push(`${t}\n`),
    );
    return { status, stdout: stdout.join(''), stderr: stderr.join('') };
  };

  beforeAll(async () => {
    // A copy of this run's seeded demo on the backend (its template seeded once for every test that reads it).
    db = await seededDatabase({ backend, now: SEEDED_NOW });
    const deps = depsOf(
      db.store,
      { ...loadConfig({}), database_url: db.url, database_schema: db.schema, upload_dir: join(dir, 'uploads') },
      { now: () => NOW, log: () => undefined },
    );
    env = { ...process.env, DATABASE_SCHEMA: db.schema ?? '' };
    // Every live job under both versions, from its rows.
    const current = repoDefinitions();
    const proposed = proposedDefinitions();
    const jobs = (await deps.db.selectFrom('jobs').selectAll().orderBy('id').execute()) as unknown as Row[];
    const taskRows = (await deps.db.selectFrom('job_tasks').selectAll().execute()) as unknown as TaskRowRaw[];
    for (const job of jobs) {
      if (job.is_canceled) continue;
      const tasks: Record<string, TaskState> = {};
      for (const t of taskRows.filter((r) => r.job_id === job.id)) {
        tasks[t.task_id] = {
          ...(t.status ? { status: t.status as TaskState['status'] } : {}),
          ...(json(t.data) ? { data: json(t.data) } : {}),
          ...(json(t.owner_override) ? { owner_override: json(t.owner_override) } : {}),
          ...(json(t.exceptions) ? { exceptions: json(t.exceptions) } : {}),
        };
      }
      const input = jobInputOf(job, tasks);
      // The demo jobs were pinned under these very definitions: a pinned job sees an edit only under apply_to_pinned.
      const edit = EDITED[job.program_id];
      const reaches =
        !job.pinned_version ||
        (!!edit &&
          current.programs[job.program_id].versioning.apply_to_pinned.some(
            (p) => edit === p || edit.startsWith(`${p}.`),
          ));
      if (job.pinned_version) pinned += 1;
      const before = evaluateJob(current.programs[job.program_id], input, { today: TODAY });
      const after = evaluateJob((reaches ? proposed : current).programs[job.program_id], input, { today: TODAY });
      expected.evaluated += 1;
      const codes = (e: JobEvaluation) =>
        e.eligibility.reasons
          .map((r) => r.code)
          .sort()
          .join();
      if (before.eligibility.status !== after.eligibility.status || codes(before) !== codes(after))
        expected.eligibility += 1;
      if (
        !codes(before).includes('program_not_accepting_submissions') &&
        codes(after).includes('program_not_accepting_submissions')
      )
        expected.closed += 1;
      if (before.stage.number !== after.stage.number) expected.stage += 1;
      if (
        JSON.stringify(before.tasks.map((t) => [t.id, t.status])) !==
        JSON.stringify(after.tasks.map((t) => [t.id, t.status]))
      )
        expected.tasks += 1;
      const delta = shown(after) - shown(before);
      if (delta !== 0) {
        expected.rebate += 1;
        expected.total += delta;
        expected.by_program[job.program_id] = (expected.by_program[job.program_id] ?? 0) + delta;
        const county = job.county ?? '(none)';
        expected.by_county[county] = (expected.by_county[county] ?? 0) + delta;
      }
    }
  }, 180_000);
  afterAll(async () => db?.drop());

  it('reports the jobs a lowered cap and a closed window change, and the dollars by program and county', () => {
    const defs = proposal(`cap-window-${backend}`, [CAP, WINDOW]);
    const r = binary(defs, '--database', db.url, '--format', 'json', '--today', TODAY);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    // The proposal does something on the demo data: jobs close and rebates drop.
    expect(expected.closed).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(0);
    // Pinned demo jobs are among them (the closed window passes them by).
    expect(pinned).toBeGreaterThan(0);
    expect(report.jobs_evaluated).toBe(expected.evaluated);
    expect(report.changed).toEqual({
      eligibility: { count: expected.eligibility, by_reason: { program_not_accepting_submissions: expected.closed } },
      stage: expected.stage,
      tasks: expected.tasks,
      rebate: expected.rebate,
    });
    expect(report.dollars).toEqual({
      total_cents: expected.total,
      by_program: expected.by_program,
      by_county: expected.by_county,
    });
    expect(Object.keys(expected.by_program)).toEqual(['wi-hear']);
    const reasons = (report.jobs as { program_id: string; because: string[] }[]).flatMap((j) =>
      j.because.map((b) => [j.program_id, b]),
    );
    expect(
      reasons
        .filter(([p]) => p === 'ca-tech')
        .every(([, b]) =>
          b.endsWith(
            'program_not_accepting_submissions appeared because accept_submissions.until changed 2026-12-31 -> 2026-03-31',
          ),
        ),
    ).toBe(true);
    expect(
      reasons
        .filter(([p]) => p === 'wi-hear')
        .every(([, b]) => /^rebate .* -> .* because incentives\.caps\.heat_pump changed 800000 -> 650000$/.test(b)),
    ).toBe(true);
  }, 120_000);

  it('prints the summary and each changed job with its reason as text, and keeps to one program when asked', async () => {
    const defs = proposal(`text-${backend}`, [CAP, WINDOW]);
    const text = await rebate(defs, '--database', db.url, '--today', TODAY);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`Jobs evaluated: ${expected.evaluated}`);
    expect(text.stdout).toMatch(new RegExp(`program_not_accepting_submissions +${expected.closed}\\n`));
    expect(text.stdout).toContain(
      `Rebate change: ${(expected.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(text.stdout).toContain('because incentives.caps.heat_pump changed 800000 -> 650000');
    const one = JSON.parse(
      (await rebate(defs, '--database', db.url, '--format', 'json', '--today', TODAY, '--program', 'ca-tech')).stdout,
    );
    expect(one.changed.eligibility.by_reason).toEqual({ program_not_accepting_submissions: expected.closed });
    expect(one.dollars.total_cents).toBe(0);
    expect(new Set(one.jobs.map((j: { program_id: string }) => j.program_id))).toEqual(new Set(['ca-tech']));
  }, 120_000);

  it('refuses proposed definitions with errors (exit 1, the errors printed) and a command without a database (exit 2)', async () => {
    const bad = proposal(`bad-${backend}`, [['wi-hear/program.yaml', '    heat_pump: 800000', '    heat_pump: lots']]);
    const r = await rebate(bad, '--database', db.url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('the proposed definitions have');
    expect(r.stderr).toContain('wi-hear/program.yaml');
    expect(r.stdout).toBe('');
    const usage = await rebate(bad);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('impact needs --database');
    expect(usage.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
