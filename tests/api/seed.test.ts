import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  initialEligibility,
  type JobEvaluation,
  type JobSite,
  type Program,
} from '../../engine/index.ts';
import { loadConfig } from '../../server/config.ts';
import type { AuthUser, Deps } from '../../server/context.ts';
import { depsOf } from '../../server/deps.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { dbAll, dbValue } from '../support/db.ts';
import { API_BACKEND } from './harness.ts';
import { seededDatabase } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';
import type { JobRow } from '../../server/db/jobs.db.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from '../../server/seed/demo.ts';
import { signIn } from '../../server/services/auth.service.ts';
import { evaluateRow } from '../../server/services/evaluation.ts';
import { listInspections } from '../../server/workflows/quality/inspections.service.ts';

const NOW = new Date(SEEDED_NOW);
/** A seed works 300 jobs through the services: a minute on PostgreSQL, several when the machine is busy. */
const SEEDING_MS = 600_000;
const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'rebate-seed-'));
const opened: Fresh[] = [];
/** A fresh database (the API suite's backend), migrated, with a fixed clock. */
const fresh = async () => {
  const database = await freshDatabase(API_BACKEND);
  opened.push(database);
  return depsOf(
    database.store,
    {
      ...loadConfig({}),
      database_url: database.url,
      database_schema: database.schema,
      upload_dir: join(dir, 'uploads'),
    },
    { now: () => NOW, log: () => undefined },
  );
};
/**
 * A copy of this run's seeded demo on the suite's backend (tests/support/demo-templates.ts): seeded by another process,
 * at the same clock, through the same seedIfEmpty.
 */
const seededCopy = () => seededCopyOn(API_BACKEND);
/** A fresh database of the suite's backend, seeded here. */
const seededHere = async () => {
  const d = await fresh();
  expect(await seedIfEmpty(d)).toBe(true);
  return d;
};
const seededCopyOn = async (backend: 'sqlite' | 'postgres') => {
  const database = await seededDatabase({ backend, now: SEEDED_NOW });
  opened.push(database);
  return depsOf(
    database.store,
    {
      ...loadConfig({}),
      database_url: database.url,
      database_schema: database.schema,
      upload_dir: database.upload_dir,
    },
    { now: () => NOW, log: () => undefined },
  );
};
afterAll(async () => {
  for (const d of opened) await d.drop();
  rmSync(dir, { recursive: true, force: true });
});
const all = <T>(deps: Deps, sql: string, ...params: unknown[]) => dbAll<T>(deps, sql, ...params);
const count = async (deps: Deps, sql: string, ...params: unknown[]) => Number(await dbValue(deps, sql, ...params));
const siteOf = (j: JobRow): JobSite =>
  Object.fromEntries(
    Object.entries({
      city: j.city,
      county: j.county,
      state: j.state,
      zip: j.zip,
      electric_utility: j.electric_utility,
      gas_utility: j.gas_utility,
    }).filter(([, v]) => v !== null),
  );

describe('the demo seed', () => {
  let deps: Deps;
  let seeded: boolean;
  let jobs: JobRow[];
  let programs: Program[];
  let evaluations: JobEvaluation[];
  let opsIds: number[];
  beforeAll(async () => {
    // This run's seeded demo (seeded once by seedIfEmpty into an empty database, in another process), copied.
    deps = await seededCopy();
    seeded = await seedIfEmpty(deps);
    jobs = await all<JobRow>(deps, 'SELECT * FROM jobs ORDER BY id');
    programs = Object.values(deps.defs.programs);
    evaluations = [];
    for (const j of jobs) evaluations.push(await evaluateRow(deps, j));
    opsIds = (await all<{ id: number }>(deps, "SELECT id FROM users WHERE role = 'ops'")).map((r) => r.id);
  }, SEEDING_MS);

  it('seeds an empty database once: a seeded one is left as it is', async () => {
    expect(jobs.length).toBeGreaterThan(0);
    expect(seeded).toBe(false);
    expect(await seedIfEmpty(deps)).toBe(false);
    expect(await count(deps, 'SELECT COUNT(*) n FROM jobs')).toBe(jobs.length);
  });
  it('has about three hundred jobs over every program, and twenty contractors (two with no address)', async () => {
    expect(new Set(jobs.map((j) => j.program_id))).toEqual(new Set(programs.map((p) => p.id)));
    expect(jobs.length).toBeGreaterThanOrEqual(250);
    expect(await count(deps, 'SELECT COUNT(*) n FROM contractors')).toBe(20);
    expect(await count(deps, 'SELECT COUNT(*) n FROM contractors WHERE address IS NULL')).toBe(2);
    for (const p of programs)
      expect(await count(deps, 'SELECT COUNT(*) n FROM contractors WHERE program_id = ?', p.id), p.id).toBeGreaterThan(
        0,
      );
  });
  it('puts jobs in every stage of each program a job can be in', async () => {
    // Stage 1 (Create) has no tasks in any program: the engine puts a new job straight in the next stage.
    for (const p of programs) {
      const firstWithTasks = Math.min(...p.tasks.map((t) => t.stage));
      const expected = p.stage_model.stages.map((s) => s.number).filter((n) => n >= firstWithTasks);
      const have = new Set(jobs.filter((j) => j.program_id === p.id).map((j) => j.stage));
      expect(
        expected.filter((n) => !have.has(n)),
        p.id,
      ).toEqual([]);
    }
  });
  it('stores what the engine says of each job (stage, eligibility)', async () => {
    const differ = jobs.filter(
      (j, i) => j.stage !== evaluations[i].stage.number || j.eligibility !== evaluations[i].eligibility.status,
    );
    expect(differ.map((j) => j.code)).toEqual([]);
  });
  it('has eligible, pending and ineligible jobs, ineligible for many different reasons', async () => {
    const byStatus = (s: string) => jobs.filter((j) => j.eligibility === s).length;
    expect(byStatus('eligible')).toBeGreaterThan(jobs.length / 2);
    expect(byStatus('pending_more_information')).toBeGreaterThan(5);
    expect(byStatus('ineligible')).toBeGreaterThan(jobs.length / 10);
    expect(byStatus('ineligible')).toBeLessThan(jobs.length / 3);
    const reasons = new Set(evaluations.flatMap((e) => e.eligibility.reasons.map((r) => r.code)));
    expect(reasons.size).toBeGreaterThanOrEqual(10);
    expect([...reasons]).toEqual(
      expect.arrayContaining([
        'income_too_high',
        'building_type',
        'residence_under_12_months',
        'ops_override',
        'preapproval_or_enrollment_issue',
      ]),
    );
  });
  it('has canceled jobs with every reason of the list, claimed and ops-owned ones, flagged tasks and exception notes', async () => {
    const canceled = jobs.filter((j) => j.is_canceled);
    expect(canceled.length).toBeGreaterThanOrEqual(12);
    expect(new Set(canceled.map((j) => j.cancel_reason))).toEqual(new Set(CANCEL_REASONS));
    for (const j of canceled.filter((c) => c.cancel_reason === 'other')) expect(j.cancel_note).toBeTruthy();
    const claimed = jobs.filter((j) => j.claimed_by !== null);
    expect(claimed.length).toBeGreaterThanOrEqual(3);
    for (const j of claimed) expect(opsIds).toContain(j.claimed_by);
    expect(jobs.filter((j) => j.ops_owner !== null).length).toBeGreaterThan(20);
    expect(jobs.filter((j) => j.has_contractor_task_exception).length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.has_ops_task_exception).length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.exception_notes).length).toBeGreaterThan(0);
  });
  it('records the terms version on jobs whose signed documents carry the terms, and only on those', async () => {
    const terms = await all<{ id: number }>(deps, 'SELECT id FROM terms_versions');
    const ids = new Set(terms.map((t) => t.id));
    const install = jobs.filter((j) => j.install_terms_id !== null);
    const submit = jobs.filter((j) => j.submit_terms_id !== null);
    expect(install.length).toBeGreaterThan(5);
    expect(submit.length).toBeGreaterThan(0);
    for (const j of [...install, ...submit]) expect(ids.has(j.install_terms_id ?? j.submit_terms_id!)).toBe(true);
    // Only programs with documents that carry the terms, or a form that accepts them (form.yaml terms_fields).
    const accepts = (p: Program, kind: 'install' | 'submit') =>
      p.tasks.some((t) => Object.values(deps.defs.forms[t.form]?.terms_fields ?? {}).includes(kind));
    const carrying = (kind: 'install' | 'submit') =>
      new Set(
        Object.values(deps.defs.programs)
          .filter((p) => p.documents.some((d) => d.terms === kind) || accepts(p, kind))
          .map((p) => p.id),
      );
    expect(install.every((j) => carrying('install').has(j.program_id))).toBe(true);
    expect(submit.every((j) => carrying('submit').has(j.program_id))).toBe(true);
  });
  it('gives the demo homeowner two jobs', async () => {
    const id = (await all<{ id: number }>(deps, "SELECT id FROM users WHERE email = 'homeowner@demo.rebates.test'"))[0]
      .id;
    expect(jobs.filter((j) => j.homeowner_user_id === id).length).toBe(2);
    expect(jobs.filter((j) => j.homeowner_user_id !== null && j.homeowner_user_id !== id)).toEqual([]);
  });
  it('gives every job a unique six-character code without ambiguous characters', async () => {
    for (const j of jobs) expect(j.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(new Set(jobs.map((j) => j.code)).size).toBe(jobs.length);
  });
  it("puts every home inside its program's service area, with coordinates", async () => {
    const outside = jobs.filter(
      (j) => !initialEligibility([deps.defs.programs[j.program_id]], siteOf(j), '2026-06-01')[0].in_service_area,
    );
    expect(outside.map((j) => `${j.program_id}: ${j.city}, ${j.county} ${j.zip}`)).toEqual([]);
    for (const j of jobs) expect(typeof j.lat === 'number' && typeof j.lon === 'number').toBe(true);
  });
  it('dates jobs over the last ten months, each stage entered after creation', async () => {
    for (const j of jobs) {
      const created = Date.parse(j.created_at);
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(created).toBeGreaterThanOrEqual(NOW.getTime() - 310 * DAY);
      expect(Date.parse(j.stage_entered_at)).toBeGreaterThanOrEqual(created);
      expect(Date.parse(j.updated_at)).toBeLessThanOrEqual(NOW.getTime());
    }
    const months = new Set(jobs.map((j) => j.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(8);
  });
  it("writes one 'job_created' per job, and a completion for every completed task (a person's or the portal's)", async () => {
    expect(await count(deps, "SELECT COUNT(*) n FROM history WHERE type = 'job_created'")).toBe(jobs.length);
    // Completed by a person (task_submitted) or by the workflow itself: signatures in, utility connected, paid.
    const done = await all<{ job_id: number; type: string; detail: string | { task_id?: string } | null }>(
      deps,
      "SELECT job_id, type, detail FROM history WHERE type IN ('task_submitted', 'task_completed_by_signatures', 'task_completed_by_usage', 'payment_sent')",
    );
    const taskOf = (d: (typeof done)[number]['detail']) => (typeof d === 'string' ? JSON.parse(d) : d)?.task_id;
    const recorded = new Set(done.map((h) => `${h.job_id} ${taskOf(h.detail)}`));
    const complete = await all<{ job_id: number; task_id: string }>(
      deps,
      "SELECT job_id, task_id FROM job_tasks WHERE status = 'COMPLETE'",
    );
    expect(complete.length).toBeGreaterThan(1500);
    expect(complete.filter((t) => !recorded.has(`${t.job_id} ${t.task_id}`))).toEqual([]);
    expect(new Set(done.map((h) => h.type))).toEqual(
      new Set(['task_submitted', 'task_completed_by_signatures', 'task_completed_by_usage', 'payment_sent']),
    );
  });
  it('every demo user signs in with the demo password', async () => {
    for (const u of DEMO_USERS)
      expect((await signIn(deps, u.email, DEMO_PASSWORD, '127.0.0.9')).user.role).toBe(u.role);
  });
  it(
    'is deterministic: another process seeding another database at the same clock gets the same jobs',
    async () => {
      // The other process: the other backend's template when this run has both (CI: seeded by another worker, on
      // another database engine), else a seed of an empty database here.
      const otherBackend = API_BACKEND === 'sqlite' ? (process.env.TEST_DATABASE_URL ? 'postgres' : null) : 'sqlite';
      const other = otherBackend ? await seededCopyOn(otherBackend) : await seededHere();
      const summary = async (d: Deps) =>
        (
          await all<{ s: string }>(
            d,
            "SELECT code || ' ' || program_id || ' ' || stage || ' ' || eligibility || ' ' || created_at AS s FROM jobs ORDER BY id",
          )
        ).map((r) => r.s);
      const [theirs, ours] = [await summary(other), await summary(deps)];
      // The jobs that differ, each as both seeds have it (a 300-line list diff says only that something does).
      const differ = ours.flatMap((line, i) => (line === theirs[i] ? [] : [`${line}  <->  ${theirs[i]}`]));
      expect(differ).toEqual([]);
      expect(theirs.length).toBe(ours.length);
    },
    SEEDING_MS,
  );
  it('has contractors in each standing, inspections in each state and corrective actions in each open state', async () => {
    const standings = await all<{ standing: string }>(deps, 'SELECT DISTINCT standing FROM contractor_standings');
    // No row is provisional (the default); companies without one are provisional.
    expect(standings.map((r) => r.standing).sort()).toEqual(['full', 'probation', 'suspended']);
    const unranked = await count(
      deps,
      'SELECT COUNT(*) n FROM contractors c WHERE NOT EXISTS (SELECT 1 FROM contractor_standings s WHERE s.contractor_id = c.id)',
    );
    expect(unranked).toBeGreaterThan(0);
    const ops = (await all<AuthUser>(deps, "SELECT * FROM users WHERE role = 'ops' ORDER BY id LIMIT 1"))[0];
    const states = new Set((await listInspections(deps, ops, {})).items.map((i) => i.state));
    expect([...states].sort()).toEqual(['assigned', 'failed', 'passed', 'unassigned']);
    const actions = await all<{ state: string }>(deps, 'SELECT DISTINCT state FROM quality_corrective_actions');
    expect(actions.map((a) => a.state).sort()).toEqual(['answered', 'open', 'reinspection']);
    // Each change of standing is in the contractor's record with its cause.
    const changes = await all<{ cause: string }>(deps, 'SELECT cause FROM contractor_standing_changes');
    expect(changes.filter((c) => c.cause.startsWith('Set by Olivia Ops: '))).toHaveLength(3);
  });
  it("has places in every program's area for initial eligibility, and places no program serves", async () => {
    const places = await all<JobSite & { place_id: string }>(deps, 'SELECT * FROM places');
    expect(places.length).toBeGreaterThanOrEqual(35);
    for (const p of places) expect(p.place_id).toMatch(/^demo-place-[a-z]{2}-\d+$/);
    const served = (p: JobSite) =>
      initialEligibility(programs, siteOf(p as unknown as JobRow), '2026-06-01')
        .filter((e) => e.in_service_area)
        .map((e) => e.program);
    for (const prog of programs)
      expect(
        places.some((p) => served(p).includes(prog.id)),
        prog.id,
      ).toBe(true);
    expect(places.filter((p) => served(p).length === 0).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the demo seed of the admin screens', () => {
  let deps: Deps;
  beforeAll(async () => {
    deps = await seededCopy();
  }, SEEDING_MS);
  it('has announcements (one for a single contractor, one with a video, one expired), three terms versions, providers and a catalog', async () => {
    expect((await all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM announcements'))[0].n).toBeGreaterThanOrEqual(6);
    expect(
      (
        await all<{ n: number }>(
          deps,
          "SELECT COUNT(*) n FROM announcements WHERE video_url LIKE 'https://www.youtube.com/%'",
        )
      )[0].n,
    ).toBe(1);
    expect((await all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM terms_versions'))[0].n).toBe(3);
    expect(
      (await all<{ version: number }>(deps, 'SELECT version FROM terms_versions WHERE is_current = 1'))[0].version,
    ).toBe(3);
    expect(
      (await all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM providers WHERE preferred_vendor_id IS NOT NULL'))[0].n,
    ).toBeGreaterThan(0);
    const byType = Object.fromEntries(
      (await all<{ type: string; n: number }>(deps, 'SELECT type, COUNT(*) n FROM equipment GROUP BY type')).map(
        (r) => [r.type, r.n],
      ),
    );
    expect(byType).toEqual({ heat_pump: 60, water_heater: 25, other: 15 });
  });
});
