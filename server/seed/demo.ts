/**
 * The demo of a fresh database: sign-ins for each role, twenty contractor companies, about three hundred
 * jobs over all ten programs at every stage and eligibility value, places for initial eligibility.
 * Jobs are built from each program's cases.yaml example and the task forms' fixtures, then evaluated by
 * the engine, so stages and eligibility are what the rules say. Deterministic: a seeded generator and
 * dates relative to deps.now().
 */

import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CANCEL_REASONS, type Program } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { REPO_ROOT } from '../deps.ts';
import { insertUser } from '../db/users.db.ts';
import { insertContractor } from '../db/contractors.db.ts';
import { insertJob, updateJob } from '../db/jobs.db.ts';
import { writeTask, type TaskRow } from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { insertPlace } from '../db/places.db.ts';
import { hashPassword } from '../services/auth.service.ts';
import { refreshJob } from '../services/evaluation.ts';
import { CITY_COORDS, COMPANIES, FIRST_NAMES, LAST_NAMES, STREETS } from './names.ts';
import { seedAdminDemo } from './admin-demo.ts';

/** The password of every demo sign-in. */
export const DEMO_PASSWORD = 'demo-password-1';

/** The demo sign-ins (printed in the README). */
export const DEMO_USERS = [
  { email: 'ops@demo.rebates.test', name: 'Olivia Ops', role: 'ops' as const },
  { email: 'oscar@demo.rebates.test', name: 'Oscar Operations', role: 'ops' as const },
  { email: 'alex@northwind-hvac.test', name: 'Alex Northwind', role: 'contractor' as const, company: 'Northwind HVAC' },
  { email: 'casey@sunrise-electric.test', name: 'Casey Sunrise', role: 'contractor' as const, company: 'Sunrise Electric' },
  { email: 'homeowner@demo.rebates.test', name: 'Hana Homeowner', role: 'homeowner' as const },
];

/** How many demo jobs. */
export const DEMO_JOB_COUNT = 300;

/** mulberry32: a small seeded generator, so every fresh database gets the same demo. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The first valid example of each form's fixture (a filled form as a person would fill it). */
function fixtureData(form: string): Record<string, unknown> {
  const file = join(REPO_ROOT, 'tests/fixtures/forms', `${form}.yaml`);
  if (!existsSync(file)) return {};
  const fx = parse(readFileSync(file, 'utf8')) as { valid?: { data?: Record<string, unknown> }[] };
  return fx.valid?.[0]?.data ?? {};
}

type Base = { site: Record<string, unknown>; tasks: Record<string, { status?: string; data?: Record<string, unknown> }> };

/** A variation that makes a job ineligible or pending: which task field to change, and how. */
const TWEAKS: { field: string; value: unknown }[] = [
  { field: 'income_level', value: 'above_ami_150' },
  { field: 'has_lived_for_year', value: false },
  { field: 'the_site_building_type', value: 'MULTI_FAMILY_5_PLUS' },
  { field: 'existing_heating_plan', value: 'no_plan' },
  { field: 'income_level', value: null },
];

/** Seeds the demo into an empty database; returns whether it did. */
export function seedIfEmpty(deps: Deps): boolean {
  const n = (deps.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  if (n > 0) return false;
  deps.db.transaction(() => seed(deps))();
  return true;
}

function seed(deps: Deps): void {
  const rnd = generator(20261122);
  const now = deps.now();
  const iso = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const hash = hashPassword(DEMO_PASSWORD);

  const contractorIds = COMPANIES.map(([name, city, , area, program], i) =>
    insertContractor(deps.db, {
      name,
      address: i % 9 === 8 ? null : `${100 + i * 7} ${STREETS[i % STREETS.length]}`,
      city,
      phone: `${area}-555-01${String(i).padStart(2, '0')}`,
      email: `office@${name.toLowerCase().replace(/[^a-z]+/g, '-').replace(/-+$/, '')}.test`,
      primary_contact: `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`,
      program_id: program,
      created_at: iso(400 - i),
    }),
  );
  const userIds: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const company = 'company' in u ? contractorIds[COMPANIES.findIndex((c) => c[0] === u.company)] : null;
    userIds[u.email] = insertUser(deps.db, { email: u.email, name: u.name, role: u.role, contractor_id: company, password_hash: hash, created_at: iso(400) });
  }
  const opsIds = DEMO_USERS.filter((u) => u.role === 'ops').map((u) => userIds[u.email]);
  seedAdminDemo(deps, { contractorIds, opsUserId: opsIds[0] });

  const programs = Object.values(deps.defs.programs).sort((a, b) => a.id.localeCompare(b.id));
  const bases = new Map<string, Base>();
  for (const p of programs) {
    const cases = deps.defs.cases[p.id]?.value as { base?: Base } | undefined;
    bases.set(p.id, { site: cases?.base?.site ?? {}, tasks: cases?.base?.tasks ?? {} });
  }

  // Places for initial eligibility: several per program area, and a few no program serves.
  let placeNo = 0;
  for (const p of programs) {
    const site = bases.get(p.id)!.site;
    for (let k = 0; k < 4; k++) {
      const [lat, lon] = CITY_COORDS[String(site.city)] ?? [37, -120];
      insertPlace(deps.db, { place_id: `demo-place-${p.id}-${k + 1}`, address: `${200 + k * 11} ${STREETS[(placeNo++) % STREETS.length]}`, city: String(site.city), county: site.county as string, state: site.state as string, zip: site.zip as string, lat: lat + k * 0.004, lon: lon - k * 0.004, electric_utility: site.electric_utility as string, gas_utility: site.gas_utility as string });
    }
  }
  insertPlace(deps.db, { place_id: 'demo-place-unserved-1', address: '1 Ocean Dr', city: 'Miami', county: 'Miami-Dade', state: 'FL', zip: '33139', lat: 25.79, lon: -80.13, electric_utility: 'Florida Power & Light', gas_utility: null });
  insertPlace(deps.db, { place_id: 'demo-place-unserved-2', address: '500 Pike St', city: 'Seattle', county: 'King', state: 'WA', zip: '98101', lat: 47.61, lon: -122.33, electric_utility: 'Seattle City Light', gas_utility: 'Puget Sound Energy' });

  const fixtures = new Map<string, Record<string, unknown>>();
  const dataFor = (form: string) => {
    if (!fixtures.has(form)) fixtures.set(form, fixtureData(form));
    return fixtures.get(form)!;
  };
  const codes = new Set<string>();
  for (let i = 0; i < DEMO_JOB_COUNT; i++) {
    const program = programs[i % programs.length];
    const base = bases.get(program.id)!;
    const companies = contractorIds.filter((_, k) => COMPANIES[k][4] === program.id);
    const contractor_id = companies.length ? rnd.pick(companies) : rnd.pick(contractorIds);
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    let code = '';
    while (!code || codes.has(code)) code = Array.from({ length: 6 }, () => CODE_ALPHABET[rnd.int(CODE_ALPHABET.length)]).join('');
    codes.add(code);
    const [lat, lon] = CITY_COORDS[String(base.site.city)] ?? [37, -120];
    const created = iso(5 + rnd.int(300));
    const jobId = insertJob(deps.db, {
      code,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      phone_number: `555-01${String(i % 100).padStart(2, '0')}-${String(1000 + i).slice(-4)}`,
      address: `${10 + rnd.int(9900)} ${rnd.pick(STREETS)}`,
      city: (base.site.city as string) ?? null,
      county: (base.site.county as string) ?? null,
      state: (base.site.state as string) ?? null,
      zip: (base.site.zip as string) ?? null,
      lat: lat + (rnd.next() - 0.5) * 0.08,
      lon: lon + (rnd.next() - 0.5) * 0.08,
      electric_utility: (base.site.electric_utility as string) ?? null,
      gas_utility: (base.site.gas_utility as string) ?? null,
      contractor_id,
      program_id: program.id,
      homeowner_user_id: i < 2 ? userIds['homeowner@demo.rebates.test'] : null,
      created_by: userIds['alex@northwind-hvac.test'],
      created_at: created,
      updated_at: created,
      stage_entered_at: created,
    });
    addHistory(deps.db, { job_id: jobId, type: 'job_created', user_id: null, at: created, detail: { program_id: program.id } });
    fillTasks(deps, program, base, jobId, rnd, created, i, dataFor);
    const ev = refreshJob(deps, jobId);
    // The day the job entered its stage: somewhere between its creation and now.
    const daysOld = Math.max(1, Math.round((now.getTime() - Date.parse(created)) / 86_400_000));
    updateJob(deps.db, jobId, { stage_entered_at: iso(rnd.int(Math.min(daysOld, 40))), updated_at: iso(rnd.int(Math.min(daysOld, 10))) });
    if (ev.stage.number > 2) updateJob(deps.db, jobId, { submitted_at: created, submitted_by: userIds['alex@northwind-hvac.test'] });
    if (i % 7 === 3) updateJob(deps.db, jobId, { ops_owner: rnd.pick(opsIds) });
    if (i % 11 === 5) updateJob(deps.db, jobId, { claimed_by: rnd.pick(opsIds) });
    if (i % 20 === 19) {
      const reason = CANCEL_REASONS[i % CANCEL_REASONS.length];
      updateJob(deps.db, jobId, { is_canceled: 1, cancel_reason: reason, cancel_note: reason === 'other' ? 'Homeowner moved out of state.' : null });
      addHistory(deps.db, { job_id: jobId, type: 'job_canceled', user_id: rnd.pick(opsIds), at: iso(2), detail: { reason } });
    }
    if (i % 13 === 6) updateJob(deps.db, jobId, { exception_notes: 'Waiting on a corrected invoice from the contractor.' });
  }
}

/** Completes a random prefix of the program's tasks (in dependency order) with realistic answers. */
function fillTasks(deps: Deps, program: Program, base: Base, jobId: number, rnd: ReturnType<typeof generator>, created: string, i: number, dataFor: (form: string) => Record<string, unknown>) {
  const order = program.task_order;
  // A target stage first (every stage with tasks, or all done), so every stage gets jobs: tasks of
  // earlier stages complete, some of the target stage's too.
  const stages = [...new Set(order.map((t) => t.stage))].sort((a, b) => a - b);
  const nth = Math.floor(i / 10) % (stages.length + 1);
  const target = nth === stages.length ? Infinity : stages[nth];
  const partial = rnd.next();
  const tweak = i % 6 === 1 ? TWEAKS[(i >> 1) % TWEAKS.length] : undefined;
  const at = created;
  order.forEach((t) => {
    const fromBase = base.tasks[t.id]?.data;
    const done = t.stage < target || (t.stage === target && rnd.next() < partial * 0.8);
    if (!done && !fromBase) return;
    const data: Record<string, unknown> = { ...(done ? dataFor(t.form) : {}), ...fromBase };
    if (tweak && tweak.field in data) {
      if (tweak.value === null) delete data[tweak.field];
      else data[tweak.field] = tweak.value;
    }
    const exceptions: TaskRow['exceptions'] = done || t.stage !== target ? null : i % 9 === 4 ? { contractor: { note: 'Homeowner is slow to respond.', by: 'Alex Northwind', at } } : i % 9 === 7 ? { ops: { note: 'Photos are blurry.', by: 'Olivia Ops', at } } : null;
    writeTask(deps.db, { job_id: jobId, task_id: t.id, status: done ? 'COMPLETE' : 'IN_PROGRESS', data, draft: null, owner_override: null, exceptions, updated_at: at, updated_by: null }, 0);
    if (done) addHistory(deps.db, { job_id: jobId, type: 'task_submitted', user_id: null, at, detail: { task_id: t.id } });
  });
}
