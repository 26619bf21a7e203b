/**
 * Who may see and change what, in one place. A contractor reads and writes only its company's jobs; a
 * homeowner only their own jobs and only the homeowner tasks; ops everything. A denied read of someone
 * else's job answers 404, as if it did not exist.
 */

import type { JobAbilities, TaskAbilities } from '../../engine/api/jobs.ts';
import type { Program } from '../../engine/index.ts';
import { may } from '../abilities.ts';
import type { AuthUser, Deps } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import * as jobsDb from '../db/jobs.db.ts';
import type { JobScope } from '../db/job-lists.db.ts';
import { isId } from '../db/portable.ts';

/** The jobs a user may see. */
export function jobScope(user: AuthUser): JobScope {
  if (user.role === 'ops') return {};
  if (user.role === 'contractor') return { contractor_id: user.contractor_id ?? -1 };
  if (user.role === 'homeowner') return { homeowner_user_id: user.id };
  // Anyone else (an inspector) sees no job through the job routes: their guard refuses them first.
  return { homeowner_user_id: -1 };
}

/** A job the user may see, or 404. */
export async function jobFor(deps: Deps, user: AuthUser, jobId: unknown): Promise<jobsDb.JobRow> {
  const id = isId(jobId) ? Number(jobId) : NaN;
  const row = Number.isFinite(id) ? await jobsDb.getJob(deps.db, id) : undefined;
  if (!row || !canSeeJob(user, row)) throw notFound('Job not found');
  return row;
}

/** Whether the user may see the job. */
export function canSeeJob(user: AuthUser, row: Pick<jobsDb.JobRow, 'contractor_id' | 'homeowner_user_id'>): boolean {
  if (user.role === 'ops') return true;
  if (user.role === 'contractor') return user.contractor_id !== null && row.contractor_id === user.contractor_id;
  return user.role === 'homeowner' && row.homeowner_user_id === user.id;
}

/** Whether the user may see a task owned by `owner` on a job they can see (a homeowner sees only the homeowner's
 * tasks). */
export function canSeeTask(user: AuthUser, owner: string): boolean {
  return user.role !== 'homeowner' || owner === 'homeowner';
}

/**
 * Whether a homeowner sees this task of the job: a homeowner task, and when invitations sent some
 * (jobs.homeowner_tasks), one of those sent or one only the homeowner may answer (no one else can: its
 * program gives it no `on_behalf`). Everyone else as canSeeTask.
 */
export function canSeeJobTask(
  user: AuthUser,
  job: Pick<jobsDb.JobRow, 'homeowner_tasks'>,
  task: TaskActor & { id: string },
): boolean {
  if (!canSeeTask(user, task.owner)) return false;
  if (user.role !== 'homeowner' || !job.homeowner_tasks) return true;
  return task.on_behalf !== true || (JSON.parse(job.homeowner_tasks) as string[]).includes(task.id);
}

/**
 * Whether the user may see a field of a task owned by `owner`: the task's rule, and internal-only
 * fields (marked "ui:internal" in the form) for ops only. Attachments follow this exactly.
 */
export function canSeeField(user: AuthUser, owner: string, internal: boolean): boolean {
  return canSeeTask(user, owner) && (!internal || seesInternal(user));
}

/** What decides who answers a task: its owner now, and whether its program lets the contractor answer a homeowner task
 * (program.yaml `on_behalf`). */
export interface TaskActor {
  owner: string;
  on_behalf?: boolean;
}

/**
 * Whether the user may answer a task. Ops: any. A contractor: the contractor's, and a homeowner's only
 * where the program allows it on the homeowner's behalf (never a signature or an attestation: the loader
 * refuses `on_behalf` there). A homeowner: the homeowner's.
 */
export function canWorkTask(user: AuthUser, task: TaskActor): boolean {
  if (user.role === 'ops') return true;
  if (user.role === 'contractor')
    return task.owner === 'contractor' || (task.owner === 'homeowner' && task.on_behalf === true);
  return task.owner === 'homeowner';
}

/**
 * Who answers a task of a program (the one the job is judged by: see programOfJob): its owner now, and whether
 * the program lets the contractor answer it for the homeowner.
 */
export function actorOf(program: Program | undefined, t: { id: string; owner: string }): TaskActor {
  return { owner: t.owner, on_behalf: program?.tasks.find((d) => d.id === t.id)?.on_behalf === true };
}

/** Whether an answer by this user is given on the homeowner's behalf (recorded so in history). */
export const answersOnBehalf = (user: AuthUser, task: TaskActor) =>
  user.role !== 'homeowner' && task.owner === 'homeowner';

/** Throws 403 unless the user may answer the task. */
export function assertCanWorkTask(user: AuthUser, task: TaskActor): void {
  if (canWorkTask(user, task)) return;
  if (user.role === 'contractor' && task.owner === 'homeowner')
    throw forbidden(ACCESS_MESSAGES.homeowner_only, 'homeowner_only');
  throw forbidden(`This task belongs to ${task.owner === 'ops' ? 'the operations team' : `the ${task.owner}`}.`);
}

/** Whether the user may look after a task's documents and signers (resend an invite): ops, and the contractor for its
 * own and the homeowner's tasks. */
export function mayHandleDocuments(user: AuthUser, owner: string): boolean {
  if (user.role === 'ops') return true;
  if (user.role === 'contractor') return owner === 'contractor' || owner === 'homeowner';
  return owner === 'homeowner';
}

/** Access refusals in words. */
export const ACCESS_MESSAGES = {
  homeowner_only: 'Only the homeowner can answer this task. Send it to them from the job (Invite homeowner).',
} as const;

/** Which exception flags a user may raise or clear: ops both, a contractor only the contractor's. */
export function mayFlagKind(user: AuthUser, kind: 'contractor' | 'ops'): boolean {
  return user.role === 'ops' || (user.role === 'contractor' && kind === 'contractor');
}

/**
 * What the user may do with this job now, as the job detail answers it (the web app shows actions from
 * this, never from the role): the abilities of server/abilities.ts met with the job's state.
 */
export function jobAbilities(
  user: AuthUser,
  job: Pick<
    jobsDb.JobRow,
    'is_canceled' | 'is_deemed' | 'ops_marked_ineligible' | 'claimed_by' | 'eligibility' | 'eligibility_override_reason'
  >,
): JobAbilities {
  const open = !job.is_canceled;
  return {
    history: may(user, 'job.history'),
    cancel: may(user, 'job.cancel') && open,
    restore: may(user, 'job.restore') && !open,
    clone: may(user, 'job.clone'),
    claim: may(user, 'job.claim') && open && job.claimed_by !== user.id,
    set_deemed: may(user, 'job.set_deemed') && open && !job.is_deemed,
    undo_deemed: may(user, 'job.set_deemed') && open && !!job.is_deemed,
    mark_ineligible: may(user, 'job.mark_ineligible') && open && !job.ops_marked_ineligible,
    undo_ineligible: may(user, 'job.mark_ineligible') && !!job.ops_marked_ineligible,
    override_eligibility:
      may(user, 'job.override_eligibility') &&
      open &&
      job.eligibility === 'ineligible' &&
      !job.ops_marked_ineligible &&
      !job.eligibility_override_reason,
    undo_eligibility_override: may(user, 'job.override_eligibility') && !!job.eligibility_override_reason,
    assign_ops_owner: may(user, 'job.assign_ops_owner') && open,
    regenerate_documents: may(user, 'job.regenerate_documents') && open,
    delete_any_attachment: seesInternal(user),
    invite_homeowner: may(user, 'job.invite_homeowner'),
  };
}

/** What the user may do with this task now (besides working it: `can_edit`). */
export function taskAbilities(user: AuthUser, task: { owner: string }, overridden: boolean): TaskAbilities {
  const onIt = canSeeTask(user, task.owner);
  return {
    flag_contractor_exception: onIt && may(user, 'task.flag_exception') && mayFlagKind(user, 'contractor'),
    flag_ops_exception: onIt && may(user, 'task.flag_exception') && mayFlagKind(user, 'ops'),
    transfer: may(user, 'task.transfer'),
    reset: may(user, 'task.reset') && overridden,
  };
}

/** Whether the user sees internal-only data (ops only). */
export const seesInternal = (user: AuthUser) => user.role === 'ops';

/** List filters that read internal-only data (who in ops owns a job): ops only. */
export const INTERNAL_FILTERS = ['ops_user'] as const;

/** Throws 403 when a user who does not see internal data filters by it (the filter itself would tell). */
export function assertFiltersAllowed(
  user: AuthUser,
  filters: Partial<Record<(typeof INTERNAL_FILTERS)[number], unknown>>,
): void {
  if (seesInternal(user)) return;
  const used = INTERNAL_FILTERS.filter((f) => filters[f] !== undefined);
  if (used.length) throw forbidden(`The filter '${used[0]}' is for operations staff only.`);
}

/** The contractor companies a user may see: ops all (undefined), a contractor its own; a homeowner none (403). */
export function contractorScope(user: AuthUser): number[] | undefined {
  if (user.role === 'ops') return undefined;
  if (user.role === 'contractor') return [user.contractor_id ?? -1];
  throw forbidden();
}

/**
 * The company a new job or invited user belongs to: a contractor's own (naming another company is 403),
 * or the one ops chose (null when none was given: the caller says it is required).
 */
export function companyFor(user: AuthUser, requested: number | null | undefined): number | null {
  if (user.role === 'contractor') {
    if (requested !== undefined && requested !== null && requested !== user.contractor_id) throw forbidden();
    return user.contractor_id;
  }
  return requested ?? null;
}

/** The signed-in contractor's company, or 404 for anyone else. */
export function ownCompany(user: AuthUser): number {
  if (user.role !== 'contractor' || user.contractor_id === null) throw notFound('Contractor not found');
  return user.contractor_id;
}

/** Who may delete an attachment: ops, its uploader, or a contractor of the uploader's company. */
export function mayDeleteAttachment(
  user: AuthUser,
  a: { created_by: number | null; created_by_contractor: number | null },
): boolean {
  return (
    user.role === 'ops' ||
    a.created_by === user.id ||
    (user.role === 'contractor' && user.contractor_id !== null && a.created_by_contractor === user.contractor_id)
  );
}
