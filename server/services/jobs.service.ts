/** Jobs: create (duplicate and which-program prompts), read, by short code; initial eligibility of a place. The lists
 * are job-lists.service.ts. */

import type { JobDetail } from '../../engine/api/jobs.ts';
import type { NewJob } from '../../engine/api/requests.ts';
import { assertMay, may } from '../abilities.ts';
import { randomInt } from 'node:crypto';
import { initialEligibility, type JobSite } from '../../engine/index.ts';
import { inTransaction, todayOf, type AuthUser, type Deps } from '../context.ts';
import { ApiError, conflict, notFound, validationError } from '../errors.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as contractorsDb from '../db/contractors.db.ts';
import { admitJob, workflowJobDetail } from './task-extensions.ts';
import { addHistory } from '../db/history.db.ts';
import { findUserById } from '../db/users.db.ts';
import { jobAbilities, jobScope, seesInternal } from './access.ts';
import { jobState, refreshJob } from './evaluation.ts';
import { versionOfProgram } from './pinned-program.ts';
import { presentEvaluation, presentListItem, presentPerson, wordsOf } from './present.ts';
import { presentTasks } from './task-present.ts';
import { MESSAGES } from '../../engine/forms/messages.ts';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short code not used yet (6 characters without look-alikes). */
export async function newShortCode(deps: Deps): Promise<string> {
  for (;;) {
    let code = '';
    for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!(await jobsDb.codeExists(deps.db, code))) return code;
  }
}

/** The prompts of "Add new job" (spec sect. 2). */
export const CREATE_MESSAGES = {
  duplicate: 'A job for this homeowner at this address already exists.',
  which_program: 'This address qualifies for more than one program. Which program should we submit to first?',
  no_program: 'No program serves this address.',
  unknown_place: 'Unable to determine eligibility',
} as const;

/** Creates a job; answers 409 with the existing job (duplicate) or the programs to choose from. */
export async function createJob(deps: Deps, user: AuthUser, body: NewJob) {
  assertMay(user, 'job.create');
  const contractor_id = user.role === 'contractor' ? user.contractor_id : body.contractor_id;
  if (contractor_id === null || contractor_id === undefined)
    throw validationError([{ path: 'contractor_id', message: MESSAGES.required }]);
  if (!(await contractorsDb.getContractor(deps.db, contractor_id)))
    throw validationError([{ path: 'contractor_id', message: 'Please select one of the options' }]);
  let site: JobSite & { place_id?: string } = {
    address: body.address,
    city: body.city,
    county: body.county,
    state: body.state,
    zip: body.zip,
    lat: body.lat,
    lon: body.lon,
    electric_utility: body.electric_utility,
    gas_utility: body.gas_utility,
  };
  if (body.place_id) {
    const place = await deps.adapters.geocoding.resolve(body.place_id);
    if (!place) throw validationError([{ path: 'place_id', message: CREATE_MESSAGES.unknown_place }]);
    site = { ...place, ...Object.fromEntries(Object.entries(site).filter(([, v]) => v !== undefined)) };
  }
  if (!site.address) throw validationError([{ path: 'address', message: MESSAGES.required }]);
  const first_name = body.first_name.trim();
  const last_name = body.last_name.trim();
  if (!body.create_anyway) {
    const dup = await jobsDb.findDuplicate(deps.db, { first_name, last_name, address: site.address }, jobScope(user));
    if (dup)
      throw conflict(CREATE_MESSAGES.duplicate, { existing_job: presentListItem(deps, user, dup) }, 'duplicate_job');
  }
  const today = todayOf(deps);
  let program_id = body.program_id;
  if (program_id === undefined) {
    const eligible = initialEligibility(Object.values(deps.defs.programs), site, today).filter((p) => p.eligible);
    if (eligible.length === 0) throw validationError([{ path: 'program_id', message: CREATE_MESSAGES.no_program }]);
    if (eligible.length > 1)
      throw conflict(
        CREATE_MESSAGES.which_program,
        { programs: eligible.map((p) => ({ id: p.program, name: p.name })) },
        'program_choice_required',
      );
    program_id = eligible[0].program;
  } else if (!deps.defs.programs[program_id]) {
    throw validationError([{ path: 'program_id', message: 'Please select one of the options' }]);
  }
  const now = deps.now().toISOString();
  await admitJob(deps, { program: deps.defs.programs[program_id], contractor_id });
  const id = await inTransaction(deps, async (deps) => {
    const jobId = await jobsDb.insertJob(deps.db, {
      code: await newShortCode(deps),
      external_id: body.external_id ?? null,
      first_name,
      last_name,
      full_name: `${first_name} ${last_name}`,
      email: body.email ?? null,
      phone_number: body.phone_number ?? null,
      address: site.address!,
      city: site.city ?? null,
      county: site.county ?? null,
      state: site.state ?? null,
      zip: site.zip ?? null,
      lat: site.lat ?? null,
      lon: site.lon ?? null,
      electric_utility: site.electric_utility ?? null,
      gas_utility: site.gas_utility ?? null,
      place_id: site.place_id ?? null,
      contractor_id,
      program_id: program_id!,
      created_by: user.id,
      created_at: now,
      updated_at: now,
      stage_entered_at: now,
    });
    await addHistory(deps.db, {
      job_id: jobId,
      type: 'job_created',
      user_id: user.id,
      at: now,
      detail: { program_id, create_anyway: !!body.create_anyway },
    });
    await refreshJob(deps, jobId);
    return jobId;
  });
  return readJob(deps, user, (await jobsDb.getJob(deps.db, id))!);
}

/** The job detail: the row, what the engine says now, and the tasks. */
export async function readJob(deps: Deps, user: AuthUser, row: jobsDb.JobRow): Promise<JobDetail> {
  const { evaluation: ev, program: judgedBy, facts } = await jobState(deps, row, undefined, seesInternal(user));
  const contractor =
    row.contractor_id === null ? undefined : await contractorsDb.getContractor(deps.db, row.contractor_id);
  const item = presentListItem(deps, user, row, contractor?.name, judgedBy);
  const program = deps.defs.programs[row.program_id];
  const person = async (id: number | null) =>
    presentPerson(user, row, id === null ? undefined : await findUserById(deps.db, id));
  return {
    ...item,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    county: row.county,
    lat: row.lat,
    lon: row.lon,
    electric_utility: row.electric_utility,
    gas_utility: row.gas_utility,
    submitted_at: row.submitted_at,
    submit_terms_id: row.submit_terms_id,
    install_terms_id: row.install_terms_id,
    cloned_from: row.cloned_from,
    created_by: await person(row.created_by),
    submitted_by: await person(row.submitted_by),
    eligibility_overridden: !!row.eligibility_override_reason,
    ...(seesInternal(user) ? { eligibility_override_reason: row.eligibility_override_reason ?? null } : {}),
    stage_model: { id: judgedBy.stage_model.id, label: judgedBy.stage_model.label },
    evaluation: presentEvaluation(user, ev, wordsOf(deps, judgedBy), facts),
    tasks: await presentTasks(deps, user, row, ev, judgedBy),
    abilities: jobAbilities(user, row),
    payment_pending: false,
    pinned_version: row.pinned_version ?? null,
    current_version: (program && versionOfProgram(program)?.hash) ?? null,
    // What the workflows add (a payment under way: payment_pending), less what the user may not read.
    ...withoutUnreadable(user, await workflowJobDetail(deps, row)),
  };
}

/** A workflow's part of the job detail that the user's role may not read, taken out. */
function withoutUnreadable(user: AuthUser, detail: Partial<JobDetail>): Partial<JobDetail> {
  const { reporting, ...shown } = detail;
  const readable = may(user, 'reporting.view') && reporting ? { ...shown, reporting } : shown;
  if (may(user, 'quality.view')) return readable;
  const { quality: _quality, quality_hold: _hold, quality_hold_task: _task, ...rest } = readable;
  return rest;
}

/** Initial eligibility of a place (spec sect. 7): which programs serve it and accept submissions. */
export async function placeEligibility(deps: Deps, placeId: string) {
  const place = await deps.adapters.geocoding.resolve(placeId);
  if (!place) throw new ApiError(404, CREATE_MESSAGES.unknown_place, undefined, 'unknown_place');
  const results = initialEligibility(Object.values(deps.defs.programs), place, todayOf(deps));
  return { place, programs: results, eligible_programs: results.filter((r) => r.eligible).map((r) => r.program) };
}

/** A job by short code, if the user may see it. */
export async function jobByCode(deps: Deps, user: AuthUser, code: string) {
  const row = await jobsDb.getJobByCode(deps.db, code.toUpperCase());
  if (!row || !jobScopeAllows(user, row)) throw notFound('Job not found');
  return { id: row.id, code: row.code };
}

function jobScopeAllows(user: AuthUser, row: jobsDb.JobRow): boolean {
  const s = jobScope(user);
  return (
    (s.contractor_id === undefined || row.contractor_id === s.contractor_id) &&
    (s.homeowner_user_id === undefined || row.homeowner_user_id === s.homeowner_user_id)
  );
}
