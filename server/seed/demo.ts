/**
 * The demo of a fresh database: sign-ins for each role, twenty contractor companies, three hundred jobs
 * over all ten programs at every stage a job can be in and with every eligibility outcome the rules
 * give, places for initial eligibility, and the admin screens' data. Jobs are planned from each program's
 * cases.yaml and the task forms' filled examples (see demo-jobs.ts; the files their uploads name are
 * stored, see demo-files.ts), then worked through the services along their timelines (demo-workflows.ts):
 * every task saved or submitted by who answers it, every workflow running as for a person, what outside
 * parties do (signers, the utility, accounts payment) done by them, so each job agrees with every workflow
 * and the stored stage and eligibility are what the rules say. Deterministic: a seeded generator and dates
 * relative to deps.now().
 */

import { CANCEL_REASONS, type TaskDef } from '../../engine/index.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { hasUsers } from '../db/users.db.ts';
import { insertJob, updateJob } from '../db/jobs.db.ts';
import { getTask, writeTask } from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { refreshJob } from '../services/evaluation.ts';
import { demoFiles, type DemoFiles } from './demo-files.ts';
import { buildJob, planJobs, type BuildContext, type BuiltJob, type JobPlan } from './demo-jobs.ts';
import { programSeed, type ProgramSeed } from './demo-variants.ts';
import { CANCEL_NOTES, FIRST_NAMES, LAST_NAMES, OPS_INELIGIBLE_REASONS } from './names.ts';
import { assignDemoInspections, seedQualityOutcomes } from './demo-inspections.ts';
import { seededRandom, type Random } from './seeded-random.ts';
import { flaggedTask, pickCompany } from './demo-ops.ts';
import { firstExample } from './form-examples.ts';
import { workTasks } from './demo-workflows.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedPeople, type People } from './demo-people.ts';
import { runWork, startDemoServices, type DemoServices } from './demo-services.ts';
import { recordHandlers } from '../workflows/records/records.service.ts';

export { DEMO_PASSWORD, DEMO_USERS };

/** How many demo jobs (spread evenly over the programs), unless the seed is asked for another number. */
export const DEMO_JOB_COUNT = 300;

/** What a seed may be asked: how many jobs (`rebate db seed --jobs N`: a smaller demo, seconds instead of a minute). */
export interface SeedOptions {
  jobs?: number;
}

/** Short job codes: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * Seeds the demo into an empty database (no users yet); returns whether it did. The people, companies and admin
 * screens are one transaction (a second instance starting at once finds them there, or fails on their unique emails
 * and seeds nothing); then each job is worked through the services, each write its own transaction as for a person.
 */
export async function seedIfEmpty(deps: Deps, o: SeedOptions = {}): Promise<boolean> {
  const count = o.jobs ?? DEMO_JOB_COUNT;
  if (await hasUsers(deps.db)) return false;
  const files = await demoFiles(deps);
  const rnd = seededRandom(20261122);
  let people: People;
  try {
    people = await inTransaction(deps, (tx) => seedPeople(tx));
  } catch (e) {
    if (await hasUsers(deps.db)) return false;
    throw e;
  }
  const services = await startDemoServices();
  const refused: string[] = [];
  try {
    await seedJobs(deps, people, files, rnd, services, refused, count);
    await assignDemoInspections(deps, people.ops[0]);
    await seedQualityOutcomes(deps, people);
    // Each paid job's completion record, as the worker issues it once the payment is recorded.
    await runWork(deps, recordHandlers(deps), ['records:issue:']);
  } finally {
    await services.close();
  }
  // What the rules refused (a case's answers that break a rule, kept as drafts; the tasks waiting on them).
  deps.log({ msg: 'demo seeded', jobs: count, refused: refused.length, refusals: refused.slice(0, 10) });
  return true;
}

/** The jobs, each built from its plan and worked through the services. */
async function seedJobs(
  deps: Deps,
  people: People,
  storeUploads: DemoFiles,
  rnd: Random,
  services: DemoServices,
  refused: string[],
  count: number,
): Promise<void> {
  const now = deps.now().getTime();
  const programs = Object.values(deps.defs.programs).sort((a, b) => a.id.localeCompare(b.id));

  const fixtures = new Map<string, Record<string, unknown>>();
  const fixture = (form: string) => {
    if (!fixtures.has(form)) fixtures.set(form, firstExample(form));
    return fixtures.get(form)!;
  };
  const seeds = programs.map((p) => programSeed(p, deps.defs.cases[p.id]?.value));
  const perProgram = Math.ceil(count / seeds.length);
  const plans = seeds.map((s) => planJobs(s, perProgram, rnd));
  const codes = new Set<string>();
  for (let j = 0, i = 0; j < perProgram; j++) {
    for (let k = 0; k < seeds.length && i < count; k++, i++) {
      const plan = plans[k][j];
      const built = buildUntilFit(seeds[k], plan, { rnd, now, fixture, forms: deps.defs.forms });
      // The homeowner's own two jobs: one waiting on their answers, one being installed.
      const homeowners = seeds[k].program.id === 'wi-hear' && plan.coverage && (j === 0 || j === 2);
      await storeJob(deps, people, {
        i,
        plan,
        built,
        program_id: seeds[k].program.id,
        code: newCode(rnd, codes),
        homeowners,
        rnd,
        now,
        storeUploads,
        services,
        refused,
      });
    }
  }
}

/** An ordinary job is rebuilt (another town, another draw) when it came out ineligible: problems are planned, not
 * accidental. */
function buildUntilFit(seed: ProgramSeed, plan: JobPlan, ctx: BuildContext): BuiltJob {
  let built = buildJob(seed, plan, ctx);
  for (let tries = 0; tries < 3 && !plan.variant && built.evaluation.eligibility.status === 'ineligible'; tries++)
    built = buildJob(seed, plan, ctx);
  return built;
}

function newCode(rnd: Random, codes: Set<string>): string {
  let code = '';
  while (!code || codes.has(code)) code = Array.from({ length: 6 }, () => rnd.pick([...CODE_ALPHABET])).join('');
  codes.add(code);
  return code;
}

type StoreArgs = {
  i: number;
  plan: JobPlan;
  built: BuiltJob;
  program_id: string;
  code: string;
  homeowners: boolean;
  rnd: Random;
  now: number;
  storeUploads: DemoFiles;
  services: DemoServices;
  refused: string[];
};

/** Writes a built job, works its tasks through the services as their answerers would, then the ops side (owner,
 * claim, flags, ineligible, cancel). */
async function storeJob(deps: Deps, people: People, a: StoreArgs): Promise<void> {
  const { built, plan, rnd, i } = a;
  const iso = (ms: number) => new Date(ms).toISOString();
  const company = pickCompany(people, a.program_id, built.site.state ?? '', rnd, a.homeowners);
  const user = people.companyUser.get(company.id)!;
  const first = a.homeowners ? 'Hana' : rnd.pick(FIRST_NAMES);
  const last = a.homeowners ? 'Homeowner' : rnd.pick(LAST_NAMES);
  const submitted = built.submitted_at !== null;
  const ops = () => rnd.pick(people.ops);
  // Ops' side of the job: only on submitted jobs, and never on the jobs that show each stage.
  const extra = !plan.coverage && !a.homeowners;
  const claimer = extra && submitted && i % 13 === 4 ? ops() : null;
  const opsOwner = claimer ?? (submitted && rnd.chance(0.35) ? ops() : null);
  const canceled = extra && i % 19 === 13;
  const cancelReason = CANCEL_REASONS[Math.floor(i / 19) % CANCEL_REASONS.length];
  const ineligibleReason = built.ops_marked_ineligible
    ? OPS_INELIGIBLE_REASONS[i % OPS_INELIGIBLE_REASONS.length]
    : null;
  const canceledAt = built.updated_at + (a.now - built.updated_at) * rnd.between(0.2, 0.9);
  // Submitted, stage and outcome: what the services make of the tasks (the submission is its last task's).
  const jobId = await insertJob(deps.db, {
    code: a.code,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    email: a.homeowners
      ? 'homeowner@demo.rebates.test'
      : `${first}.${last}${i % 7 ? '' : i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
    phone_number: `(${built.locale.area_code}) 555-${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`,
    address: built.site.address,
    city: built.site.city ?? null,
    county: built.site.county ?? null,
    state: built.site.state ?? null,
    zip: built.site.zip ?? null,
    lat: built.site.lat ?? null,
    lon: built.site.lon ?? null,
    electric_utility: built.site.electric_utility ?? null,
    gas_utility: built.site.gas_utility ?? null,
    contractor_id: company.id,
    program_id: a.program_id,
    homeowner_user_id: a.homeowners ? people.homeowner.id : null,
    created_by: user.id,
    submitted_by: null,
    submitted_at: null,
    ops_marked_ineligible: 0,
    ops_ineligible_reason: null,
    ops_owner: opsOwner?.id ?? null,
    claimed_by: claimer?.id ?? null,
    is_canceled: 0,
    created_at: iso(built.created_at),
    updated_at: iso(built.created_at),
    stage_entered_at: iso(built.created_at),
  });
  await addHistory(deps.db, {
    job_id: jobId,
    type: 'job_created',
    user_id: user.id,
    at: iso(built.created_at),
    detail: { program_id: a.program_id },
  });
  await refreshJob({ ...deps, now: () => new Date(built.created_at) }, jobId);

  // The homeowner answers their own tasks on their jobs; elsewhere the contractor answers for the homeowner where the
  // program lets it, and ops otherwise (both recorded as on the homeowner's behalf).
  const answerer = (def: TaskDef): AuthUser =>
    def.owner === 'contractor'
      ? user
      : def.owner === 'homeowner'
        ? a.homeowners
          ? people.homeowner
          : def.on_behalf
            ? user
            : ops()
        : ops();
  a.refused.push(...(await workTasks(deps, a.services, jobId, built.tasks, answerer, a.storeUploads)));

  await inTransaction({ ...deps, now: () => new Date(built.updated_at) }, async (tx) => {
    const flag = extra && !canceled ? flaggedTask(built, i, rnd) : null;
    const flagBy = flag?.kind === 'contractor' ? user.name : ops().name;
    if (flag) {
      const at = iso(built.updated_at);
      const row = await getTask(tx.db, jobId, flag.task);
      await writeTask(
        tx.db,
        {
          job_id: jobId,
          task_id: flag.task,
          status: row?.status ?? null,
          data: row?.data ?? null,
          draft: row?.draft ?? null,
          owner_override: row?.owner_override ?? null,
          exceptions: { [flag.kind]: { note: flag.note, by: flagBy, at } },
          updated_at: row?.updated_at ?? at,
          updated_by: row?.updated_by ?? null,
        },
        row?.version ?? 0,
      );
      await addHistory(tx.db, {
        job_id: jobId,
        type: 'task_exception_flagged',
        user_id: null,
        at,
        detail: { task_id: flag.task, kind: flag.kind, note: flag.note },
      });
    }
    if (claimer)
      await addHistory(tx.db, {
        job_id: jobId,
        type: 'job_claimed',
        user_id: claimer.id,
        at: iso(built.stage_entered_at),
      });
    if (ineligibleReason) {
      await updateJob(tx.db, jobId, { ops_marked_ineligible: 1, ops_ineligible_reason: ineligibleReason });
      await addHistory(tx.db, {
        job_id: jobId,
        type: 'job_marked_ineligible',
        user_id: people.ops[0].id,
        at: iso(built.updated_at),
        detail: { reason: ineligibleReason },
      });
    }
    if (canceled) {
      const note = cancelReason === 'other' ? rnd.pick(CANCEL_NOTES) : null;
      await updateJob(tx.db, jobId, { is_canceled: 1, cancel_reason: cancelReason, cancel_note: note });
      await addHistory(tx.db, {
        job_id: jobId,
        type: 'job_canceled',
        user_id: ops().id,
        at: iso(canceledAt),
        detail: { reason: cancelReason, note: note ?? undefined },
      });
    }
    await refreshJob(tx, jobId);
    // The demo's jobs changed along their own timelines (the stage was entered when its last task was done).
    await updateJob(tx.db, jobId, {
      stage_entered_at: iso(built.stage_entered_at),
      updated_at: iso(canceled ? canceledAt : built.updated_at),
    });
  });
}
