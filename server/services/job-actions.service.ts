/**
 * Job actions (spec sect. 4): cancel with a reason, restore, claim, set as deemed, clone to another
 * program; the homeowner's view and confirm-tasks-done; history. Every action
 * writes its history row and re-evaluates the job in one transaction.
 */

import { assertMay } from '../abilities.ts';
import { CANCEL_REASONS, isOpenTask, NO_SINGLE_CHANGE, validateTask } from '../../engine/index.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { badRequest, validationError } from '../errors.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { addHistory, historyOfJob } from '../db/history.db.ts';
import { jobState, refreshJob } from './evaluation.ts';
import { programOfJob, requireForm, taskFormOf } from './pinned-program.ts';
import { newShortCode, readJob } from './jobs.service.ts';
import { answersSeenBy, presentTasks } from './task-present.ts';
import { actorOf, canSeeJobTask } from './access.ts';
import { internalFields, presentEvaluation, presentHistoryItem, wordsOf } from './present.ts';
import { MESSAGES } from '../../engine/forms/messages.ts';
import { incomeGuidance } from '../../engine/income-limits.ts';
import { getContractor } from '../db/contractors.db.ts';
import { workflowJobDetail } from './task-extensions.ts';
import { homeownerStanding } from './homeowner-present.ts';

/** Messages of the job actions. */
export const ACTION_MESSAGES = {
  already_canceled: 'This job is already canceled.',
  not_canceled: 'This job is not canceled.',
  other_needs_text: 'Please tell us why (other)',
  same_program: 'Choose a program other than the job’s own.',
  no_history: 'No history has been found.',
} as const;

/** Changes a job, writes its history row and re-evaluates it in one transaction; answers the job as the user sees it.
 * */
export async function act(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  type: string,
  changes: Partial<jobsDb.JobRow>,
  detail?: Record<string, unknown>,
) {
  await inTransaction(deps, async (deps) => {
    await jobsDb.updateJob(deps.db, job.id, changes);
    await addHistory(deps.db, { job_id: job.id, type, user_id: user.id, at: deps.now().toISOString(), detail });
    await refreshJob(deps, job.id);
  });
  return readJob(deps, user, (await jobsDb.getJob(deps.db, job.id))!);
}

/** Cancels a job with a reason from the spec's list ('other' needs free text). */
export function cancelJob(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: { reason?: unknown; note?: unknown }) {
  assertMay(user, 'job.cancel');
  if (body.reason === undefined || body.reason === null || body.reason === '')
    throw validationError([{ path: 'reason', message: MESSAGES.required }]);
  if (!(CANCEL_REASONS as readonly unknown[]).includes(body.reason))
    throw validationError([{ path: 'reason', message: 'Please select one of the options' }]);
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (body.reason === 'other' && !note)
    throw validationError([{ path: 'note', message: ACTION_MESSAGES.other_needs_text }]);
  if (job.is_canceled) throw badRequest(ACTION_MESSAGES.already_canceled, 'job_canceled');
  return act(
    deps,
    user,
    job,
    'job_canceled',
    { is_canceled: 1, cancel_reason: body.reason as string, cancel_note: note || null },
    { reason: body.reason, note: note || undefined },
  );
}

/** Restores a canceled job. */
export function restoreJob(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.restore');
  if (!job.is_canceled) throw badRequest(ACTION_MESSAGES.not_canceled, 'job_not_canceled');
  return act(deps, user, job, 'job_restored', { is_canceled: 0, cancel_reason: null, cancel_note: null });
}

/** Claims a job for the signed-in ops user. */
export function claimJob(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.claim');
  // Claiming a job one already holds changes nothing and writes no history.
  if (job.claimed_by === user.id) return readJob(deps, user, job);
  return act(deps, user, job, 'job_claimed', { claimed_by: user.id, ops_owner: job.ops_owner ?? user.id });
}

/** Sets a job as deemed (its savings are deemed, not measured). */
export function setDeemed(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.set_deemed');
  return act(deps, user, job, 'job_set_as_deemed', { is_deemed: 1 });
}

/** Clones a job to another program: contact, site and the answers of tasks both programs have. */
export async function cloneJob(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: { program_id?: unknown }) {
  assertMay(user, 'job.clone');
  const target = typeof body.program_id === 'string' ? body.program_id : '';
  if (!target) throw validationError([{ path: 'program_id', message: MESSAGES.required }]);
  const program = deps.defs.programs[target];
  if (!program) throw validationError([{ path: 'program_id', message: 'Please select one of the options' }]);
  if (target === job.program_id) throw validationError([{ path: 'program_id', message: ACTION_MESSAGES.same_program }]);
  const source = await programOfJob(deps, job);
  const shared = program.tasks
    .filter((t) => source.tasks.some((s) => s.id === t.id && s.form === t.form))
    .map((t) => t.id);
  const now = deps.now().toISOString();
  const id = await inTransaction(deps, async (deps) => {
    const { id: _id, code: _code, ...rest } = job;
    const newId = await jobsDb.insertJob(deps.db, {
      ...rest,
      code: await newShortCode(deps),
      program_id: target,
      cloned_from: job.id,
      is_canceled: 0,
      claimed_by: null,
      submitted_at: null,
      submitted_by: null,
      // A new job: it pins when its own pin event comes (server/services/pinned-program.ts).
      pinned_version: null,
      created_by: user.id,
      created_at: now,
      updated_at: now,
      stage_entered_at: now,
    });
    // Answers carry over as drafts: they are submitted again under the new program's rules.
    for (const t of (await tasksDb.tasksOfJob(deps.db, job.id)).filter((r) => shared.includes(r.task_id) && r.data)) {
      await tasksDb.writeTask(
        deps.db,
        {
          job_id: newId,
          task_id: t.task_id,
          status: 'IN_PROGRESS',
          data: t.data,
          draft: null,
          owner_override: null,
          exceptions: null,
          updated_at: now,
          updated_by: user.id,
        },
        0,
      );
    }
    await addHistory(deps.db, {
      job_id: newId,
      type: 'job_created',
      user_id: user.id,
      at: now,
      detail: { cloned_from: job.id, program_id: target },
    });
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'job_cloned',
      user_id: user.id,
      at: now,
      detail: { clone_id: newId, program_id: target },
    });
    await refreshJob(deps, newId);
    return newId;
  });
  return readJob(deps, user, (await jobsDb.getJob(deps.db, id))!);
}

/**
 * The homeowner's view of a job: lookup, where their rebate stands in their words (and whom to ask), their tasks,
 * guidance, rebate and signing status.
 */
export async function homeownerView(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  const { evaluation: ev, program, facts } = await jobState(deps, job);
  const asHomeowner: AuthUser = user.role === 'homeowner' ? user : { ...user, role: 'homeowner' };
  const tasks = await presentTasks(deps, asHomeowner, job, ev, program);
  const company = job.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  const contractor = company ? { name: company.name, phone: company.phone, email: company.email } : null;
  // What the workflows say of the job: the budget's hold on it, said to the homeowner in words only.
  const { budget, completion_record } = await workflowJobDetail(deps, job);
  const evaluation = presentEvaluation(asHomeowner, ev, wordsOf(deps, program), facts);
  return {
    id: job.id,
    code: job.code,
    full_name: job.full_name,
    address: job.address,
    city: job.city,
    state: job.state,
    county: job.county,
    program: { id: program.id, name: program.name },
    stage: { number: ev.stage.number, label: ev.stage.label, progress: ev.stage.progress },
    evaluation,
    tasks,
    income_guidance: incomeGuidance(program),
    standing: homeownerStanding({
      job,
      program,
      ev,
      tasks,
      budget: budget ?? undefined,
      contractor,
      // A homeowner reads what would lift a reason, not that nothing single would.
      lifts: evaluation.eligibility.reasons.flatMap((r) =>
        r.would_pass && r.would_pass !== NO_SINGLE_CHANGE ? [r.would_pass] : [],
      ),
    }),
    contractor,
    completion_record: completion_record ?? null,
  };
}

/** The homeowner says their tasks are done: each filled homeowner task that validates is completed. */
export function confirmTasksDone(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  assertMay(user, 'job.confirm_homeowner_tasks');
  return inTransaction(deps, async (deps) => {
    const tasks = await tasksDb.tasksOfJob(deps.db, job.id);
    const { evaluation: ev, facts, program } = await jobState(deps, job, tasks);
    const completed: string[] = [];
    const incomplete: { task_id: string; errors: { path: string; message: string }[] }[] = [];
    const now = deps.now().toISOString();
    // The homeowner's tasks they can see: those sent to them, when invitations sent some.
    for (const t of ev.tasks.filter(
      (x) => canSeeJobTask({ ...user, role: 'homeowner' }, job, { id: x.id, ...actorOf(program, x) }) && isOpenTask(x),
    )) {
      const row = tasks.find((r) => r.task_id === t.id);
      const form = requireForm(deps, program, t.form);
      // Their own draft, or what was submitted: never a draft someone else saved.
      const result = validateTask(form, answersSeenBy(user, row).stored ?? {}, facts);
      if (!result.ok) {
        incomplete.push({ task_id: t.id, errors: result.errors });
        continue;
      }
      await tasksDb.writeTask(
        deps.db,
        {
          job_id: job.id,
          task_id: t.id,
          status: 'COMPLETE',
          data: result.data,
          draft: null,
          owner_override: row?.owner_override ?? null,
          exceptions: row?.exceptions ?? null,
          updated_at: now,
          updated_by: user.id,
        },
        row?.version ?? 0,
      );
      completed.push(t.id);
    }
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'homeowner_confirmed_tasks',
      user_id: user.id,
      at: now,
      detail: { completed, incomplete: incomplete.map((i) => i.task_id) },
    });
    await refreshJob(deps, job.id);
    return { completed, incomplete };
  });
}

/** History of a job with filters (record types, user). */
export async function jobHistory(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  f: { type?: string[]; user_id?: number },
) {
  assertMay(user, 'job.history');
  const program = await programOfJob(deps, job);
  const internalField = (taskId: string, field: string) =>
    internalFields(taskFormOf(deps, program, taskId)).includes(field);
  const items = (await historyOfJob(deps.db, job.id, f))
    .map((row) => presentHistoryItem(user, row, internalField))
    // A record whose actor is hidden does not answer a filter by that actor either.
    .filter((row) => row !== null && (f.user_id === undefined || row.user_id === f.user_id));
  return { items, message: items.length ? undefined : ACTION_MESSAGES.no_history };
}
