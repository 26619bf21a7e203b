/** Data factories for API tests: filled task forms from tests/fixtures/forms, jobs created over HTTP. */

import { checklistItems } from '../../engine/quality-checklist.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../load-repo.ts';
import type { Person, TestServer } from './harness.ts';
import { actorOf } from '../../server/services/access.ts';
import { uploadFieldsOf } from '../../server/services/evidence.ts';
import { demoPdf, demoPng } from '../../server/seed/demo-files.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { refreshJob } from '../../server/services/evaluation.ts';

/** The first valid example of a form's fixture, optionally overridden. */
export function filled(form: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const fx = parse(readFileSync(join(ROOT, 'tests/fixtures/forms', `${form}.yaml`), 'utf8')) as {
    valid: { data: Record<string, unknown> }[];
  };
  return { ...fx.valid[0].data, ...overrides };
}

/** A WI HEAR site in Milwaukee (inside the program's area). */
export const MILWAUKEE = {
  address: '1 Main St',
  city: 'Milwaukee',
  county: 'Milwaukee',
  state: 'WI',
  zip: '53202',
  lat: 43.0389,
  lon: -87.9065,
  electric_utility: 'We Energies',
  gas_utility: 'We Energies',
};

let n = 0;
/** Creates a WI HEAR job over HTTP as a contractor of company A (or whoever is given). */
export async function createJob(s: TestServer, as: Person = 'contractor_a', body: Record<string, unknown> = {}) {
  n += 1;
  const r = await s.api('POST', '/api/jobs', {
    as,
    body: {
      first_name: 'Jo',
      last_name: `Tester${n}`,
      email: `jo${n}@home.test`,
      phone_number: '414-555-0100',
      ...MILWAUKEE,
      // A house of its own: jobs at one address are one household, whose limits the rebate counts.
      address: `${n} Main St`,
      program_id: 'wi-hear',
      ...(as === 'ops' ? { contractor_id: s.ids.contractor_a } : {}),
      ...body,
    },
  });
  if (r.status !== 201) throw new Error(`create job: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as {
    id: number;
    code: string;
    tasks: { id: string; status: string; owner: string; version: number; form: string }[];
  } & Record<string, unknown>;
}

/**
 * Submits a task with its form's fixture data (plus overrides) at its current version. A homeowner task
 * the program lets only the homeowner answer (no `on_behalf`) is answered by the test's homeowner, linked
 * to the job for it, whoever else was asked: a contractor may not answer it (tests/api/homeowners.test.ts).
 */
export async function submit(
  s: TestServer,
  as: Person,
  jobId: number,
  taskId: string,
  form: string,
  overrides: Record<string, unknown> = {},
) {
  const who = as !== 'ops' && as !== 'homeowner' && (await homeownerOnly(s, jobId, taskId)) ? 'homeowner' : as;
  const cur = await s.api('GET', `/api/jobs/${jobId}/tasks/${taskId}`, { as: who });
  const data = await withUploads(s, who, jobId, taskId, form, filled(form, overrides));
  return s.api('POST', `/api/jobs/${jobId}/tasks/${taskId}/submit`, {
    as: who,
    body: { data, version: cur.body.version ?? 0 },
  });
}

/** The demo's files (a PNG photo, a one-page PDF), made once. */
let demoFilesMade: Promise<{ png: Buffer; pdf: Buffer }> | undefined;
const demoFiles = () => (demoFilesMade ??= (async () => ({ png: demoPng(30), pdf: await demoPdf('Test document') }))());

/** Uploads a real file (the demo's photo or PDF) for a task's upload field over HTTP: the attachment reference. */
export async function uploadFile(
  s: TestServer,
  as: Person | { as?: Person; token?: string },
  jobId: number,
  taskId: string,
  field: string,
  kind: 'photo' | 'pdf',
) {
  const files = await demoFiles();
  const f = new FormData();
  f.set('task_id', taskId);
  f.set('field', field);
  const bytes = kind === 'pdf' ? files.pdf : files.png;
  f.set(
    'file',
    new Blob([new Uint8Array(bytes)], { type: kind === 'pdf' ? 'application/pdf' : 'image/png' }),
    `${field}.${kind === 'pdf' ? 'pdf' : 'png'}`,
  );
  const who = typeof as === 'string' ? { as } : as;
  const r = await s.api('POST', `/api/jobs/${jobId}/attachments`, { ...who, body: f });
  if (r.status !== 201 && r.status !== 200)
    throw new Error(`upload ${taskId}.${field}: ${r.status} ${JSON.stringify(r.body)}`);
  const { warnings: _warnings, ...ref } = r.body as { id: string; warnings?: unknown };
  return ref;
}

/**
 * A form's data with every upload reference of its fixture (`{ id: ph-1 }`, names of files that do not exist) made a
 * real upload through the API, as a person at the job would: the server accepts only attachments stored for the
 * task's field.
 */
export async function withUploads(
  s: TestServer,
  as: Person | { as?: Person; token?: string },
  jobId: number,
  taskId: string,
  form: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out = { ...data };
  const def = s.deps.defs.forms[form];
  if (!def) return out;
  for (const [field, accepts] of uploadFieldsOf(def, s.deps.defs.uploads)) {
    const value = out[field];
    if (value === undefined || value === null) continue;
    const kind = accepts.has('application/pdf') ? 'pdf' : 'photo';
    const one = async (ref: unknown) =>
      ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string'
        ? await uploadFile(s, as, jobId, taskId, field, kind)
        : ref;
    out[field] = Array.isArray(value) ? await Promise.all(value.map(one)) : await one(value);
  }
  return out;
}

/** Whether only the homeowner may answer the task (linking the test's homeowner to the job when so). */
async function homeownerOnly(s: TestServer, jobId: number, taskId: string): Promise<boolean> {
  const job = await s.deps.db
    .selectFrom('jobs')
    .select(['program_id', 'homeowner_user_id'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  const def = job && s.deps.defs.programs[job.program_id]?.tasks.find((t) => t.id === taskId);
  if (!job || !def || def.owner !== 'homeowner' || actorOf(s.deps.defs.programs[job.program_id], def).on_behalf)
    return false;
  if (job.homeowner_user_id === null)
    await s.deps.db
      .updateTable('jobs')
      .set({ homeowner_user_id: s.ids.users.homeowner })
      .where('id', '=', jobId)
      .execute();
  return true;
}

/** The WI HEAR Apply tasks with the answers of an eligible low-income owner (the program's cases.yaml base). */
export const WI_HEAR_APPLY: [string, string, Record<string, unknown>][] = [
  [
    'provide_homeowner_details',
    'home_details',
    { the_site_building_type: 'SINGLE_FAMILY_DETACHED', renter_or_owner: 'owner' },
  ],
  ['provide_energy_sources_and_utilities', 'provide_energy_sources_and_utilities', { has_lived_for_year: true }],
  ['provide_income_estimate', 'provide_income_estimate', { income_level: 'below_ami_80' }],
  ['provide_site_details', 'confirm_site_details', { primary_fuel_type: 'natural_gas' }],
  [
    'provide_services',
    'provide_services',
    { services_being_installed: ['heat_pump', 'panel'], existing_heating_plan: 'remove' },
  ],
  ['scope_of_work_proposed', 'scope_of_work_proposed', {}],
  ['apply_for_income_verification', 'apply_for_income_verification_homeowner', {}],
];

/** The rebate a RECO job of recoJobAtPayment is shared: a heat pump saving 6,000 kWh a year at 0.50 a kWh. */
export const RECO_REBATE = 300_000;
/** What recoJobAtPayment's written tasks hold. */
export const RECO_ANSWERS: Record<string, Record<string, unknown>> = {
  provide_services: { services_being_installed: ['heat_pump'] },
  review_deemed_range: {
    deemed_savings_low_kwh: 4000,
    deemed_savings_high_kwh: 8000,
    estimated_annual_savings_kwh: 6000,
  },
  confirm_project_final_costs: { total_project_cost: 1_000_000 },
  determine_and_share_rebate_amount: { program_final_amount: RECO_REBATE },
};

let recoJobs = 0;

/**
 * A RECO job (in Mahwah, NJ; created by ops for the company, A by default) with every task before payment approval
 * written complete at `at`, as the engine reads them (RECO_ANSWERS, overridden per task by `answers`), and evaluated:
 * payment approval is next.
 */
export async function recoJobAtPayment(
  s: TestServer,
  o: { at: Date; contractor_id?: number; answers?: Record<string, Record<string, unknown>> },
): Promise<{ id: number; code: string }> {
  const n = ++recoJobs;
  const r = await s.api('POST', '/api/jobs', {
    as: 'ops',
    body: {
      first_name: 'Paula',
      last_name: `Payee${n}`,
      email: `paula${n}@home.test`,
      address: `${n} Payee Lane`,
      city: 'Mahwah',
      county: 'Bergen',
      state: 'NJ',
      zip: '07430',
      lat: 41.08,
      lon: -74.14,
      electric_utility: 'Rockland Electric Company',
      gas_utility: 'Public Service Electric and Gas',
      program_id: 'reco',
      contractor_id: o.contractor_id ?? s.ids.contractor_a,
    },
  });
  if (r.status !== 201) throw new Error(`RECO job not created: ${r.status} ${JSON.stringify(r.body)}`);
  const job = r.body as { id: number; code: string };
  const program = s.deps.defs.programs.reco;
  for (const t of program.tasks) {
    if (t.id === 'approve_payment' || t.id === program.incentives.payment!.task) continue;
    const row = {
      job_id: job.id,
      task_id: t.id,
      status: 'COMPLETE' as const,
      data: { ...RECO_ANSWERS[t.id], ...o.answers?.[t.id] },
      draft: null,
      owner_override: null,
      exceptions: null,
      updated_at: o.at.toISOString(),
      updated_by: null,
    };
    await tasksDb.writeTask(s.deps.db, row, 0);
  }
  await refreshJob(s.deps, job.id);
  return job;
}

/**
 * The body that records a sampled review (POST .../quality/{review}/outcome): each of its checklists for the job (as
 * GET .../quality/{review} lists them) answered with its fixture's first valid example, every item passed. To fail it,
 * the first item of the first checklist fails and `note` is what that checklist says was found; a pass carries `note`
 * as the reviewer's note.
 */
export async function reviewBody(
  s: TestServer,
  jobId: number,
  review: string,
  want: { outcome: string; note?: string },
): Promise<{ checklists: Record<string, Record<string, unknown>>; note?: string }> {
  const detail = await s.api('GET', `/api/jobs/${jobId}/quality/${encodeURIComponent(review)}`, { as: 'ops' });
  const refs = (detail.body.checklists ?? []) as { form: string }[];
  const checklists: Record<string, Record<string, unknown>> = {};
  for (const [n, ref] of refs.entries()) {
    const data = filled(ref.form);
    if (want.outcome !== 'pass' && n === 0) {
      const first = checklistItems(s.deps.defs.forms[ref.form])[0];
      Object.assign(data, { [first.field]: want.outcome, findings: want.note ?? 'Not as the program requires.' });
    }
    checklists[ref.form] = data;
  }
  return { checklists, ...(want.outcome === 'pass' && want.note ? { note: want.note } : {}) };
}
