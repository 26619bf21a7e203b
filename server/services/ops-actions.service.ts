/**
 * Ops overrides on a job (spec sect. 4 and 6): mark it ineligible with a reason and undo it, undo "set
 * as deemed", and hand the job to another ops owner (or none). Each writes its change and its history
 * row and re-evaluates the job in one transaction (job-actions.service.ts `act`).
 */

import { assertMay } from '../abilities.ts';
import type { JobMarkIneligible, JobOpsOwner } from '../../engine/api/requests.ts';
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
