/**
 * Ops overrides on a job (spec sect. 4 and 6): mark it ineligible with a reason and undo it, undo "set
 * as deemed", and hand the job to another ops owner (or none). Each writes its change and its history
 * row and re-evaluates the job in one transaction (job-actions.service.ts `act`).
 */

import { assertMay } from '../abilities.ts';
import type { JobEligibilityOverride, JobMarkIneligible, JobOpsOwner } from '../../engine/api/requests.ts';
import { MESSAGES } from '../../engine/forms/messages.ts';
import type { AuthUser, Deps } from '../context.ts';
import { badRequest, validationError } from '../errors.ts';
import type * as jobsDb from '../db/jobs.db.ts';
import { findUserById } from '../db/users.db.ts';
import { readJob } from './jobs.service.ts';
import { act } from './job-actions.service.ts';

/** Messages of the ops overrides. */
export const OPS_ACTION_MESSAGES = {
  reason_required: 'Say why the job is ineligible.',
  already_marked: 'This job is already marked ineligible.',
  not_marked: 'This job is not marked ineligible.',
  not_deemed: 'This job is not set as deemed.',
  not_ops_user: 'Please select a member of the operations team.',
  override_reason_required: 'Say why this job may go on although it is ineligible.',
  not_ineligible: 'The program’s rules do not find this job ineligible: there is nothing to override.',
  marked_by_ops: 'Ops marked this job ineligible: undo that instead.',
  already_overridden: 'Ops have already let this job go on.',
  not_overridden: 'Ops have not let this job go on.',
} as const;

/**
 * Marks a job ineligible (the `ops_override` eligibility rule reads job.ops_marked_ineligible), with the
 * reason stored on the job (ops see it beside the eligibility) and in history with who did it.
 */
export function markIneligible(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: JobMarkIneligible) {
  assertMay(user, 'job.mark_ineligible');
  const reason = body.reason.trim();
  if (!reason)
    throw validationError([{ path: 'reason', message: MESSAGES.required }], OPS_ACTION_MESSAGES.reason_required);
  if (job.ops_marked_ineligible) throw badRequest(OPS_ACTION_MESSAGES.already_marked, 'job_marked_ineligible');
  return act(
    deps,
    user,
    job,
    'job_marked_ineligible',
    { ops_marked_ineligible: 1, ops_ineligible_reason: reason },
    { reason },
  );
}

/** Undoes the ops override: eligibility is again what the program's rules compute. */
export function undoIneligible(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.mark_ineligible');
  if (!job.ops_marked_ineligible) throw badRequest(OPS_ACTION_MESSAGES.not_marked, 'job_not_marked_ineligible');
  return act(
    deps,
    user,
    job,
    'job_ineligible_undone',
    { ops_marked_ineligible: 0, ops_ineligible_reason: null },
    { reason: job.ops_ineligible_reason ?? undefined },
  );
}

/**
 * The explicit eligibility override: ops let a job the program's rules find ineligible go on past the submission
 * gate (engine/submission.ts), with a reason kept on the job and in history with who did it. Eligibility still reads
 * what the rules say; only the gate lifts, for everyone working the job.
 */
export function overrideEligibility(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: JobEligibilityOverride) {
  assertMay(user, 'job.override_eligibility');
  const reason = body.reason.trim();
  if (!reason)
    throw validationError(
      [{ path: 'reason', message: MESSAGES.required }],
      OPS_ACTION_MESSAGES.override_reason_required,
    );
  if (job.eligibility_override_reason)
    throw badRequest(OPS_ACTION_MESSAGES.already_overridden, 'job_eligibility_overridden');
  if (job.ops_marked_ineligible) throw badRequest(OPS_ACTION_MESSAGES.marked_by_ops, 'job_marked_ineligible');
  if (job.eligibility !== 'ineligible') throw badRequest(OPS_ACTION_MESSAGES.not_ineligible, 'job_not_ineligible');
  return act(deps, user, job, 'job_eligibility_overridden', { eligibility_override_reason: reason }, { reason });
}

/** Undoes the eligibility override: an ineligible job stops at the submission gate again. */
export function undoEligibilityOverride(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.override_eligibility');
  if (!job.eligibility_override_reason)
    throw badRequest(OPS_ACTION_MESSAGES.not_overridden, 'job_eligibility_not_overridden');
  return act(
    deps,
    user,
    job,
    'job_eligibility_override_undone',
    { eligibility_override_reason: null },
    { reason: job.eligibility_override_reason },
  );
}

/** Undoes "set as deemed": what deemed skips in the program (program.yaml, job.is_deemed) applies again. */
export function undoDeemed(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.set_deemed');
  if (!job.is_deemed) throw badRequest(OPS_ACTION_MESSAGES.not_deemed, 'job_not_deemed');
  return act(deps, user, job, 'job_deemed_undone', { is_deemed: 0 });
}

/** Hands the job to another ops user as its ops owner, or to none (null); the same owner changes nothing. */
export async function assignOpsOwner(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: JobOpsOwner) {
  assertMay(user, 'job.assign_ops_owner');
  const to = body.user_id === null ? null : await findUserById(deps.db, body.user_id);
  if (to !== null && to?.role !== 'ops')
    throw validationError([{ path: 'user_id', message: OPS_ACTION_MESSAGES.not_ops_user }]);
  if ((to?.id ?? null) === job.ops_owner) return readJob(deps, user, job);
  const from = job.ops_owner === null ? null : await findUserById(deps.db, job.ops_owner);
  const detail = { from: job.ops_owner, from_name: from?.name ?? null, to: to?.id ?? null, to_name: to?.name ?? null };
  return act(deps, user, job, 'job_ops_owner_changed', { ops_owner: to?.id ?? null }, detail);
}
