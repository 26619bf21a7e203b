/**
 * The demo of a fresh database: sign-ins for each role, twenty contractor companies, three hundred jobs
 * over all ten programs at every stage a job can be in and with every eligibility outcome the rules
 * give, places for initial eligibility, and the admin screens' data. Jobs are built from each program's
 * cases.yaml and the task forms' filled examples (see demo-jobs.ts; the files their uploads name are
 * stored, see demo-files.ts), then evaluated by the engine, so
 * the stored stage and eligibility are what the rules say. Deterministic: a seeded generator and dates
 * relative to deps.now().
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CANCEL_REASONS, isOpenTask, type ExceptionKind } from '../../engine/index.ts';
import { inTransaction, type Deps } from '../context.ts';
import { REPO_ROOT } from '../deps.ts';
import { hasUsers, insertUser } from '../db/users.db.ts';
import { insertContractor } from '../db/contractors.db.ts';
import { insertJob, updateJob } from '../db/jobs.db.ts';
import { writeTask } from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { insertPlace } from '../db/places.db.ts';
import { hashPassword } from '../services/auth.service.ts';
import { refreshJob } from '../services/evaluation.ts';
import { formOf } from '../services/pinned-program.ts';
import { seedAdminDemo } from './admin-demo.ts';
import { demoPlaces } from './demo-areas.ts';
import { demoFiles, type DemoFiles } from './demo-files.ts';
import { buildJob, planJobs, type BuildContext, type BuiltJob, type JobPlan } from './demo-jobs.ts';
import { programSeed, type ProgramSeed } from './demo-variants.ts';
import {
  CANCEL_NOTES,
  COMPANIES,
  FIRST_NAMES,
  LAST_NAMES,
  OPS_INELIGIBLE_REASONS,
  STREETS,
  TASK_EXCEPTION_NOTES,
} from './names.ts';
import { seededRandom, type Random } from './seeded-random.ts';

/** The password of every demo sign-in. */
export const DEMO_PASSWORD = 'demo-password-1';

/** The demo sign-ins (the README prints them). */
export const DEMO_USERS = [
  { email: 'ops@demo.rebates.test', name: 'Olivia Ops', role: 'ops' as const },
  { email: 'oscar@demo.rebates.test', name: 'Oscar Operations', role: 'ops' as const },
  { email: 'alex@northwind-hvac.test', name: 'Alex Northwind', role: 'contractor' as const, company: 'Northwind HVAC' },
  {
    email: 'casey@sunrise-electric.test',
    name: 'Casey Sunrise',
    role: 'contractor' as const,
    company: 'Sunrise Electric',
  },
  { email: 'homeowner@demo.rebates.test', name: 'Hana Homeowner', role: 'homeowner' as const },
];

/** How many demo jobs (spread evenly over the programs). */
export const DEMO_JOB_COUNT = 300;

/** Short job codes: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Seeds the demo into an empty database (no users yet) in one transaction; returns whether it did. */
export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  if (await hasUsers(deps.db)) return false;
  const files = await demoFiles(deps);
  await inTransaction(deps, (tx) => seed(tx, files));
  return true;
}

interface People {
  ops: { id: number; name: string }[];
  homeowner: number;
  /** The sign-in of a company, if it has one. */
  companyUser: Map<number, { id: number; name: string }>;
  companies: { id: number; state: string; program_id: string; contact: string }[];
}

async function seed(deps: Deps, storeUploads: DemoFiles): Promise<void> {
  const rnd = seededRandom(20261122);
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const daysAgo = (d: number) => iso(now - d * 86_400_000);

  const companies: People['companies'] = [];
  for (const [i, [name, city, state, area, program_id]] of COMPANIES.entries()) {
    const contact = `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`;
    const id = await insertContractor(deps.db, {
      name,
      // Two companies never gave an address (the UI says 'No primary address found').
      address: i % 9 === 8 ? null : `${100 + i * 37} ${STREETS[(i * 5) % STREETS.length]}`,
      city,
      phone: `(${area}) 555-01${String(i).padStart(2, '0')}`,
      email: `office@${name
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '')}.test`,
      primary_contact: contact,
      program_id,
      created_at: daysAgo(420 - i * 3),
    });
    companies.push({ id, state, program_id, contact });
  }
  const people: People = { ops: [], homeowner: 0, companyUser: new Map(), companies };
  // One scrypt hash for all: they share the published demo password anyway, and each hash costs ~50 ms.
  const password_hash = hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const company = 'company' in u ? companies[COMPANIES.findIndex((c) => c[0] === u.company)].id : null;
    const id = await insertUser(deps.db, {
      email: u.email,
      name: u.name,
      role: u.role,
      contractor_id: company,
      password_hash,
      created_at: daysAgo(400),
    });
    if (u.role === 'ops') people.ops.push({ id, name: u.name });
    if (u.role === 'homeowner') people.homeowner = id;
    if (company !== null) people.companyUser.set(company, { id, name: u.name });
  }
  await seedAdminDemo(deps, { contractorIds: companies.map((c) => c.id), opsUserId: people.ops[0].id });

  const programs = Object.values(deps.defs.programs).sort((a, b) => a.id.localeCompare(b.id));
  for (const place of demoPlaces(programs, (i) => `${200 + ((i * 53) % 800)} ${STREETS[i % STREETS.length]}`))
    await insertPlace(deps.db, place);

  const fixtures = new Map<string, Record<string, unknown>>();
  const fixture = (form: string) => {
    if (!fixtures.has(form)) fixtures.set(form, firstExample(form));
    return fixtures.get(form)!;
  };
  const seeds = programs.map((p) => programSeed(p, deps.defs.cases[p.id]?.value));
  const perProgram = Math.ceil(DEMO_JOB_COUNT / seeds.length);
  const plans = seeds.map((s) => planJobs(s, perProgram, rnd));
  const codes = new Set<string>();
  for (let j = 0, i = 0; j < perProgram; j++) {
    for (let k = 0; k < seeds.length && i < DEMO_JOB_COUNT; k++, i++) {
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

/** The first filled example of a form (as it is saved, when the example says so). */
function firstExample(form: string): Record<string, unknown> {
  const file = join(REPO_ROOT, 'tests/fixtures/forms', `${form}.yaml`);
  if (!existsSync(file)) return {};
  const doc = parse(readFileSync(file, 'utf8')) as {
    valid?: { data?: Record<string, unknown>; saved?: Record<string, unknown> }[];
  };
  const first = doc.valid?.[0];
  return first?.saved ?? first?.data ?? {};
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
};

/** Writes a built job, its tasks and history, the ops side (owner, claim, flags, cancel), then lets the engine fill in
 * the rest. */
async function storeJob(deps: Deps, people: People, a: StoreArgs): Promise<void> {
  const { built, plan, rnd, i } = a;
  const iso = (ms: number) => new Date(ms).toISOString();
  const company = pickCompany(people, a.program_id, built.site.state ?? '', rnd, a.homeowners);
  const user = people.companyUser.get(company.id) ?? null;
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
    homeowner_user_id: a.homeowners ? people.homeowner : null,
    created_by: user?.id ?? null,
    submitted_by: submitted ? (user?.id ?? null) : null,
    submitted_at: submitted ? iso(built.submitted_at!) : null,
    ops_marked_ineligible: built.ops_marked_ineligible ? 1 : 0,
    ops_ineligible_reason: ineligibleReason,
    ops_owner: opsOwner?.id ?? null,
    claimed_by: claimer?.id ?? null,
    is_canceled: canceled ? 1 : 0,
    created_at: iso(built.created_at),
    updated_at: iso(built.updated_at),
    stage_entered_at: iso(built.stage_entered_at),
  });
  await addHistory(deps.db, {
    job_id: jobId,
    type: 'job_created',
    user_id: user?.id ?? null,
    at: iso(built.created_at),
    detail: { program_id: a.program_id },
  });

  const flag = extra && !canceled ? flaggedTask(built, i, rnd) : null;
  const flagBy = flag?.kind === 'contractor' ? (user?.name ?? company.contact) : ops().name;
  const written = new Set<string>();
  for (const t of built.tasks) {
    const by =
      t.def.owner === 'contractor'
        ? (user?.id ?? null)
        : t.def.owner === 'homeowner'
          ? a.homeowners
            ? people.homeowner
            : null
          : ops().id;
    const exceptions = flag?.task === t.def.id ? { [flag.kind]: { note: flag.note, by: flagBy, at: iso(t.at) } } : null;
    const form = formOf(deps, deps.defs.programs[a.program_id], t.def.form);
    const data = form
      ? await a.storeUploads(deps, { id: jobId }, { id: t.def.id, form, data: t.data, by, at: iso(t.at) })
      : t.data;
    await writeTask(
      deps.db,
      {
        job_id: jobId,
        task_id: t.def.id,
        status: t.status,
        data,
        draft: null,
        owner_override: null,
        exceptions,
        updated_at: iso(t.at),
        updated_by: by,
      },
      0,
    );
    written.add(t.def.id);
    if (t.status === 'COMPLETE')
      await addHistory(deps.db, {
        job_id: jobId,
        type: 'task_submitted',
        user_id: by,
        at: iso(t.at),
        detail: { task_id: t.def.id },
      });
  }
  // Signed documents that carry the terms recorded the version in force when they were signed.
  const terms = await deps.db.selectFrom('terms_versions').select(['id', 'created_at']).orderBy('created_at').execute();
  for (const d of deps.defs.programs[a.program_id].documents) {
    const done = d.terms && built.tasks.find((t) => t.def.id === d.task && t.status === 'COMPLETE');
    if (!done || !terms.length) continue;
    const version = [...terms].reverse().find((v) => v.created_at <= iso(done.at)) ?? terms[0];
    await updateJob(
      deps.db,
      jobId,
      d.terms === 'install' ? { install_terms_id: version.id } : { submit_terms_id: version.id },
    );
  }
  if (flag && !written.has(flag.task)) {
    const at = iso(built.updated_at);
    await writeTask(
      deps.db,
      {
        job_id: jobId,
        task_id: flag.task,
        status: null,
        data: null,
        draft: null,
        owner_override: null,
        exceptions: { [flag.kind]: { note: flag.note, by: flagBy, at } },
        updated_at: at,
        updated_by: null,
      },
      0,
    );
  }
  if (flag)
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'task_exception_flagged',
      user_id: null,
      at: iso(built.updated_at),
      detail: { task_id: flag.task, kind: flag.kind, note: flag.note },
    });
  if (submitted)
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'job_submitted',
      user_id: user?.id ?? null,
      at: iso(built.submitted_at!),
    });
  if (claimer)
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'job_claimed',
      user_id: claimer.id,
      at: iso(built.stage_entered_at),
    });
  if (ineligibleReason)
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'job_marked_ineligible',
      user_id: people.ops[0].id,
      at: iso(built.updated_at),
      detail: { reason: ineligibleReason },
    });
  if (canceled) {
    const note = cancelReason === 'other' ? rnd.pick(CANCEL_NOTES) : null;
    await updateJob(deps.db, jobId, { cancel_reason: cancelReason, cancel_note: note });
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'job_canceled',
      user_id: ops().id,
      at: iso(canceledAt),
      detail: { reason: cancelReason, note: note ?? undefined },
    });
  }

  await refreshJob(deps, jobId);
  // refreshJob dates what it changes today; the demo's jobs changed along their own timelines.
  await updateJob(deps.db, jobId, {
    stage_entered_at: iso(built.stage_entered_at),
    updated_at: iso(canceled ? canceledAt : built.updated_at),
  });
}

/** A company that works the program (now and then another one of the same state); the homeowner's jobs are Northwind's.
 * */
function pickCompany(people: People, program_id: string, state: string, rnd: Random, homeowners: boolean) {
  if (homeowners) return people.companies[0];
  const own = people.companies.filter((c) => c.program_id === program_id);
  const sameState = people.companies.filter((c) => c.state === state);
  return rnd.chance(0.8) || !sameState.length ? rnd.pick(own.length ? own : people.companies) : rnd.pick(sameState);
}

/** About one job in twenty has an open task flagged by the contractor or by ops. */
function flaggedTask(
  built: BuiltJob,
  i: number,
  rnd: Random,
): { task: string; kind: ExceptionKind; note: string } | null {
  const kind: ExceptionKind | null = i % 40 === 7 ? 'contractor' : i % 40 === 27 ? 'ops' : null;
  if (!kind) return null;
  const open = built.evaluation.tasks.filter(isOpenTask);
  if (!open.length) return null;
  return { task: rnd.pick(open).id, kind, note: rnd.pick(TASK_EXCEPTION_NOTES[kind]) };
}
