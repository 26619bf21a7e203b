/**
 * The task workflow on a job: read tasks with the engine's status, save a draft, submit (validated by
 * the engine, re-evaluated, history written, in one transaction; a stale version answers 409 and
 * nothing is overwritten). Exception flags, ownership transfer and reset: task-actions.service.ts.
 */

import {
  EXCEPTION_KINDS,
  SUBMISSION_MESSAGES,
  isPastSubmit,
  submissionRefusal,
  draftSizeErrors,
  formatCents,
  pruneTaskData,
  jobOnlyFacts,
  validateTaskSubmission,
  type Program,
  type TaskResult,
  type TaskForm,
} from '../../engine/index.ts';
import { inTransaction, todayOf, type AuthUser, type Deps } from '../context.ts';
import type { StaleCopy } from '../../engine/api/jobs.ts';
import { ApiError, badRequest, conflict, notFound, validationError } from '../errors.ts';
import { checkEvidence } from './evidence.ts';
import type { JobRow } from '../db/jobs.db.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { findUserById } from '../db/users.db.ts';
import { actorOf, answersOnBehalf, assertCanWorkTask, canSeeJobTask, seesInternal } from './access.ts';
import { jobState, refreshJob } from './evaluation.ts';
import { formOf, requireForm, taskFormOf } from './pinned-program.ts';
import { internalFields, visibleTaskData } from './present.ts';
import { afterSubmit, fillServerFields, prefetchFields } from './task-extensions.ts';
import { answersSeenBy, presentTask } from './task-present.ts';

/** The spec's and our messages of the task workflow. */
export const TASK_MESSAGES = {
  ineligible: SUBMISSION_MESSAGES.ineligible,
  stale: 'This task was changed by someone else since you opened it.',
  canceled: 'This job is canceled. Restore it to work on its tasks.',
  not_applicable: 'This task does not apply to this job.',
  above_estimate: (max: string) =>
    `The final amount is above the estimate's maximum of $${max}. Confirm it and say why.`,
  above_caps: (cap: string) => `The final amount may not be above the program's caps for this job ($${cap}).`,
} as const;

/** A task of a job as the job's program (programOfJob) has it, if the user may see it. */
export async function taskOf(deps: Deps, user: AuthUser, job: JobRow, taskId: string) {
  const tasks = await tasksDb.tasksOfJob(deps.db, job.id);
  const { evaluation: ev, program } = await jobState(deps, job, tasks);
  const t = ev.tasks.find((x) => x.id === taskId);
  if (!t) {
    if (program.tasks.some((x) => x.id === taskId))
      throw badRequest(TASK_MESSAGES.not_applicable, 'task_not_applicable');
    throw notFound('Task not found');
  }
  if (!canSeeJobTask(user, job, { id: t.id, ...actorOf(program, t) })) throw notFound('Task not found');
  return { ev, program, t, tasks, row: tasks.find((r) => r.task_id === taskId) };
}

/** One task of a job with its form key. */
export async function readTask(deps: Deps, user: AuthUser, job: JobRow, taskId: string) {
  const { t, row, program } = await taskOf(deps, user, job, taskId);
  return presentTask(deps, user, job, program, t, row, await prefetchFields(deps, job, taskId));
}

/** A task's form as the job's program has it (404 when the task is not the user's to see or has no form). */
export async function taskForm(deps: Deps, user: AuthUser, job: JobRow, taskId: string): Promise<TaskForm> {
  const { t, program } = await taskOf(deps, user, job, taskId);
  const form = formOf(deps, program, t.form);
  if (!form) throw notFound('Form not found');
  return form;
}

/** Writes a task state at the expected version or answers 409 with what is there now. */
export async function write(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  program: Program,
  taskId: string,
  expected: number,
  next: Omit<Parameters<typeof tasksDb.writeTask>[1], 'job_id' | 'task_id' | 'updated_at' | 'updated_by'>,
) {
  const ok = await tasksDb.writeTask(
    deps.db,
    { job_id: job.id, task_id: taskId, updated_at: deps.now().toISOString(), updated_by: user.id, ...next },
    expected,
  );
  if (!ok) {
    const current = await tasksDb.getTask(deps.db, job.id, taskId);
    const form = taskFormOf(deps, program, taskId);
    // Presented like a task read: internal fields dropped, and an ops user's id only for ops.
    const by = current?.updated_by ?? null;
    const byOps = by !== null && (await findUserById(deps.db, by))?.role === 'ops';
    const copy: StaleCopy = {
      data: visibleTaskData(user, form, answersSeenBy(user, current).stored),
      version: current?.version ?? 0,
      updated_at: current?.updated_at ?? null,
      updated_by: byOps && !seesInternal(user) ? null : by,
    };
    throw conflict(TASK_MESSAGES.stale, { current: copy }, 'stale_version');
  }
}

/** Keeps the stored internal-only fields when someone who cannot see them saves the task. */
function withInternal(
  user: AuthUser,
  form: TaskForm | undefined,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  if (seesInternal(user)) return incoming;
  const internal = internalFields(form);
  const out = { ...incoming };
  for (const f of internal) {
    delete out[f];
    if (stored && stored[f] !== undefined) out[f] = stored[f];
  }
  return out;
}

function assertWritable(program: Program, job: JobRow, t: TaskResult, user: AuthUser) {
  if (job.is_canceled) throw badRequest(TASK_MESSAGES.canceled, 'job_canceled');
  assertCanWorkTask(user, actorOf(program, t));
  if (t.status === 'LOCKED')
    throw badRequest(`This task is locked until these are complete: ${t.blocked_by.join(', ')}.`, 'task_locked');
}

/**
 * What a draft stores: the internal fields kept from the stored data when the user cannot see them, the
 * workflows' server-owned fields set (whatever was sent for them is replaced), and the same pruning as a
 * submission (unknown and hidden fields dropped), without asking for completeness.
 */
async function draftData(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  form: TaskForm,
  sent: Record<string, unknown>,
  row: tasksDb.TaskRow | undefined,
): Promise<Record<string, unknown>> {
  const kept = withInternal(user, form, sent, row?.draft ?? row?.data ?? null);
  const filled = (await fillServerFields(deps, 'save', form, job, taskId, kept)) ?? {};
  return pruneTaskData(form, filled, jobOnlyFacts(job, todayOf(deps)));
}

/** Saves partial work: the task shows IN_PROGRESS; a COMPLETE task keeps its submitted data until resubmitted. */
export function saveDraft(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  body: { data: Record<string, unknown>; version: number },
) {
  return inTransaction(deps, async (deps) => {
    const { t, row, program } = await taskOf(deps, user, job, taskId);
    assertWritable(program, job, t, user);
    const form = formOf(deps, program, t.form);
    const drafted = form ? await draftData(deps, user, job, taskId, form, body.data, row) : {};
    // Upload references not stored for this task's field are dropped from the draft, and the answer says which.
    const { data, problems: dropped } = form
      ? await checkEvidence(deps, job, program, taskId, form, drafted)
      : { data: drafted, problems: [] };
    const tooBig = draftSizeErrors(data);
    if (tooBig.length) throw validationError(tooBig);
    const complete = row?.status === 'COMPLETE';
    await write(deps, user, job, program, taskId, body.version, {
      status: complete ? 'COMPLETE' : 'IN_PROGRESS',
      data: complete ? row!.data : data,
      draft: complete ? data : null,
      owner_override: row?.owner_override ?? null,
      exceptions: row?.exceptions ?? null,
    });
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'task_draft_saved',
      user_id: user.id,
      at: deps.now().toISOString(),
      detail: { task_id: taskId },
    });
    await refreshJob(deps, job.id);
    const task = await readTask(deps, user, (await jobsDb.getJob(deps.db, job.id))!, taskId);
    return dropped.length ? { ...task, dropped } : task;
  });
}

/**
 * A final amount shared above the estimate's maximum (the program's incentives.shared_amount) needs ops to
 * confirm it with a reason; the message goes under the confirmation field.
 */
function aboveEstimate(
  program: Program,
  taskId: string,
  data: Record<string, unknown>,
  maxCents: number | null,
  capCents?: number,
): { path: string; message: string } | undefined {
  const shared = program.incentives.shared_amount;
  if (!shared || shared.task !== taskId) return undefined;
  const amount = data[shared.amount_field];
  // The caps and the percentage limit bound the shared amount as they bound the rules' one: no confirmation lifts them.
  if (typeof amount === 'number' && capCents !== undefined && amount > capCents)
    return { path: shared.amount_field, message: TASK_MESSAGES.above_caps(formatCents(capCents)) };
  if (!shared.confirm_field || !shared.reason_field) return undefined;
  if (typeof amount !== 'number' || typeof maxCents !== 'number' || maxCents <= 0 || amount <= maxCents)
    return undefined;
  const reason = data[shared.reason_field];
  if (data[shared.confirm_field] === true && typeof reason === 'string' && reason.trim()) return undefined;
  return { path: shared.confirm_field, message: TASK_MESSAGES.above_estimate(formatCents(maxCents)) };
}

/** Submits a task: validated by the engine (422 with per-field messages), saved, the job re-evaluated. */
export function submitTask(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  body: { data: Record<string, unknown>; version: number },
) {
  return inTransaction(deps, async (deps) => {
    const { t, row, tasks, program } = await taskOf(deps, user, job, taskId);
    assertWritable(program, job, t, user);
    const form = requireForm(deps, program, t.form);
    // The workflows' server-owned fields: whatever was sent for them is replaced (a filler may refuse: 422).
    const kept = withInternal(user, form, body.data, row?.draft ?? row?.data ?? null);
    const filled = (await fillServerFields(deps, 'submit', form, job, taskId, kept)) ?? {};
    // Evidence is real: every upload reference names an attachment stored for this task's field (422 otherwise).
    const { data, problems } = await checkEvidence(deps, job, program, taskId, form, filled);
    if (problems.length) throw validationError(problems);
    // The facts the job was evaluated on before this write (one engine run, memoized: see jobState).
    const { facts, evaluation: before } = await jobState(deps, job, tasks);
    const result = validateTaskSubmission(program, form, taskId, data, facts);
    if (!result.ok) throw validationError(result.errors, undefined, { warnings: result.warnings });
    const above = aboveEstimate(
      program,
      taskId,
      result.data,
      before.incentive.range.max_cents,
      before.incentive.cap_cents,
    );
    if (above) throw validationError([above], above.message, { warnings: result.warnings });
    // Completing a task resolves its exception flags: a flag means "this task needs attention".
    const resolved = EXCEPTION_KINDS.filter((k) => row?.exceptions?.[k]);
    await write(deps, user, job, program, taskId, body.version, {
      status: 'COMPLETE',
      data: result.data,
      draft: null,
      owner_override: row?.owner_override ?? null,
      exceptions: null,
    });
    const now = deps.now().toISOString();
    // An answer to a homeowner task by anyone else is recorded as given on the homeowner's behalf.
    const onBehalf = answersOnBehalf(user, t) ? { on_behalf_of: 'homeowner' } : {};
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'task_submitted',
      user_id: user.id,
      at: now,
      detail: {
        task_id: taskId,
        warnings: result.warnings,
        ...onBehalf,
        ...(resolved.length ? { exceptions_resolved: resolved } : {}),
      },
    });
    // The workflows' effects of the submission (history rows, the job's columns), rolled back with a refusal.
    await afterSubmit(deps, { user, job, program, form, taskId, data: result.data, at: now });
    const after = await refreshJob(deps, job.id);
    // The engine's submission gate (an ineligible job cannot be submitted unless ops let it go on, with a reason, by
    // the explicit eligibility override); a refusal rolls back.
    const refused = submissionRefusal(program, t.stage, after, !!job.eligibility_override_reason);
    if (refused) throw new ApiError(422, refused, undefined, 'job_ineligible');
    // The rebate counts as submitted once the job leaves the submit stage for the first time.
    if (!job.submitted_at && isPastSubmit(program, after)) {
      await jobsDb.updateJob(deps.db, job.id, { submitted_at: now, submitted_by: user.id });
      await addHistory(deps.db, { job_id: job.id, type: 'job_submitted', user_id: user.id, at: now });
    }
    const updated = (await jobsDb.getJob(deps.db, job.id))!;
    return {
      task: await readTask(deps, user, updated, taskId),
      warnings: result.warnings,
      job: { stage: after.stage, eligibility: after.eligibility.status },
    };
  });
}
