/**
 * Corrective actions (issue 43): a failed review opens one to the contractor, due the program's
 * corrective_action_days later; the contractor answers with a note and the job's photos; ops accept the answer or ask
 * for a re-inspection, and a passing outcome of the review closes it. While one is not closed, the job's payment
 * approval waits (refused with the reason, which the job shows).
 */

import { longDate, type Program } from '../../../engine/index.ts';
import type { CorrectiveAction, CorrectiveAnswer, CorrectiveDecision } from '../../../engine/api/quality.ts';
import { assertMay } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import { attachmentsOfJob } from '../../db/attachments.db.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { conflict, notFound, validationError } from '../../errors.ts';
import { payableAmountField } from '../payments/overrides.ts';
import type { SubmittedTask } from '../types.ts';
import * as db from './actions.db.ts';
import { decisionsOf, latestOutcomes } from './quality.db.ts';

export const ACTION_MESSAGES = {
  not_found: 'Corrective action not found',
  not_waiting: 'This corrective action is not waiting for an answer.',
  no_answer: 'This corrective action has no answer to decide on.',
  note: 'Please say what was corrected.',
  attachment: 'That attachment is not one of this job’s.',
} as const;

const DAY_MS = 86_400_000;

/** After a review's outcome (in its transaction): a failure opens an action, or reopens the one not yet closed; a
 * pass closes the review's open action as passed on re-inspection. */
export async function followOutcome(
  deps: Deps,
  program: Program,
  job: JobRow,
  reviewId: string,
  outcome: 'pass' | 'fail',
  note: string | null,
  userId: number,
  at: string,
): Promise<void> {
  const label = program.quality!.reviews.find((r) => r.id === reviewId)?.label ?? reviewId;
  const current = await db.unclosedAction(deps.db, job.id, reviewId);
  if (outcome === 'pass') {
    if (!current) return;
    await db.updateAction(deps.db, current.id, current.state, {
      state: 'closed',
      resolution: 'passed_reinspection',
      closed_at: at,
      closed_by: userId,
    });
    await history(deps, job.id, 'corrective_action_closed', userId, at, { review: label, resolution: 'passed' });
    return;
  }
  const due_at = new Date(Date.parse(at) + program.quality!.corrective_action_days * DAY_MS).toISOString();
  if (current) {
    // A failed re-inspection: the same action waits on a new answer, by a new deadline.
    await db.updateAction(deps.db, current.id, current.state, { state: 'open', finding: note, due_at });
  } else {
    const opened = { job_id: job.id, contractor_id: job.contractor_id, program_id: program.id, review_id: reviewId };
    await db.openAction(deps.db, { ...opened, finding: note, opened_at: at, due_at });
  }
  await history(deps, job.id, 'corrective_action_opened', userId, at, {
    review: label,
    due: due_at.slice(0, 10),
    ...(note ? { finding: note } : {}),
  });
}

/** The contractor answers an open action (or changes its answer before ops decide). */
export async function answerAction(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  actionId: number,
  body: CorrectiveAnswer,
): Promise<CorrectiveAction> {
  assertMay(user, 'quality.answer');
  const action = await actionOf(deps, job, actionId);
  if (action.state !== 'open' && action.state !== 'answered') throw conflict(ACTION_MESSAGES.not_waiting);
  const note = body.note.trim();
  if (!note) throw validationError([{ path: 'note', message: ACTION_MESSAGES.note }], ACTION_MESSAGES.note);
  const ids = [...new Set(body.attachment_ids ?? [])];
  const mine = new Set((await attachmentsOfJob(deps.db, job.id)).map((a) => a.id));
  const stranger = ids.findIndex((id) => !mine.has(id));
  if (stranger >= 0)
    throw validationError(
      [{ path: `attachment_ids/${stranger}`, message: ACTION_MESSAGES.attachment }],
      ACTION_MESSAGES.attachment,
    );
  const at = deps.now().toISOString();
  await inTransaction(deps, async (deps) => {
    const set = { state: 'answered', answer_note: note, answer_attachments: JSON.stringify(ids), answered_at: at };
    if (!(await db.updateAction(deps.db, action.id, action.state, { ...set, answered_by: user.id })))
      throw conflict(ACTION_MESSAGES.not_waiting);
    await history(deps, job.id, 'corrective_action_answered', user.id, at, { review: labelOf(deps, action), note });
  });
  return presentAction(deps, (await actionOf(deps, job, actionId))!);
}

/** Ops accept an answer (the action closes) or ask for a re-inspection (its passing outcome closes it). */
export async function decideAction(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  actionId: number,
  body: CorrectiveDecision,
): Promise<CorrectiveAction> {
  assertMay(user, 'quality.record');
  const action = await actionOf(deps, job, actionId);
  if (action.state !== 'answered') throw conflict(ACTION_MESSAGES.no_answer);
  const at = deps.now().toISOString();
  const note = body.note?.trim() || null;
  await inTransaction(deps, async (deps) => {
    const set =
      body.decision === 'accept'
        ? { state: 'closed', resolution: 'accepted', closed_at: at, closed_by: user.id }
        : { state: 'reinspection' };
    if (!(await db.updateAction(deps.db, action.id, 'answered', set))) throw conflict(ACTION_MESSAGES.no_answer);
    const type = body.decision === 'accept' ? 'corrective_action_closed' : 'corrective_action_reinspection';
    await history(deps, job.id, type, user.id, at, {
      review: labelOf(deps, action),
      ...(body.decision === 'accept' ? { resolution: 'accepted' } : {}),
      ...(note ? { note } : {}),
    });
  });
  return presentAction(deps, (await actionOf(deps, job, actionId))!);
}

/** Whether an action still waits on the contractor past its deadline. */
export const isOverdue = (deps: Deps, a: Pick<db.ActionRow, 'state' | 'due_at'>): boolean =>
  a.state === 'open' && deps.now().toISOString() > a.due_at;

/** An action as the wire shows it. */
export function presentAction(deps: Deps, a: db.ActionRow): CorrectiveAction {
  const attachments = a.answer_attachments ? (JSON.parse(a.answer_attachments) as string[]) : [];
  return {
    id: a.id,
    review_id: a.review_id,
    state: a.state as CorrectiveAction['state'],
    finding: a.finding,
    opened_at: a.opened_at,
    due_at: a.due_at,
    overdue: isOverdue(deps, a),
    answer_note: a.answer_note,
    answer_attachments: attachments,
    answered_at: a.answered_at,
    resolution: a.resolution as CorrectiveAction['resolution'],
    closed_at: a.closed_at,
  };
}

/** Why payment approval waits on quality assurance (the first action not closed), or null. */
export function holdOf(deps: Deps, actions: db.ActionRow[], unrecorded: string[] = []): string | null {
  const a = actions.find((x) => x.state !== 'closed');
  if (!a)
    return unrecorded.length
      ? `Payment approval waits on quality assurance: the ${unrecorded[0].toLowerCase()} is not recorded yet.`
      : null;
  const waits = {
    open: `waits on the contractor’s answer, due ${longDate(a.due_at)}`,
    answered: 'was answered and waits on ops to accept it or re-inspect',
    reinspection: 'waits on a passing re-inspection',
  }[a.state as 'open' | 'answered' | 'reinspection'];
  return `Payment approval waits on quality assurance: the ${labelOf(deps, a).toLowerCase()} failed and its corrective action ${waits}.`;
}

/**
 * The sampled reviews of the job that hold payment while no outcome is recorded (`holds_payment: open_or_failed`),
 * by label, in the program's order.
 */
export async function unrecordedHolds(deps: Deps, program: Program | undefined, jobId: number): Promise<string[]> {
  const holding = program?.quality?.reviews.filter((r) => r.holds_payment === 'open_or_failed') ?? [];
  if (!holding.length) return [];
  const sampled = new Set((await decisionsOf(deps.db, jobId)).filter((d) => d.sampled === 1).map((d) => d.review_id));
  const outcomes = await latestOutcomes(deps.db, jobId);
  return holding.filter((r) => sampled.has(r.id) && !outcomes.has(r.id)).map((r) => r.label);
}

/**
 * After a submission (in its transaction): the payment approval is refused while a corrective action is not closed, or
 * while a review that holds payment until recorded has no outcome.
 */
export async function holdPaymentApproval(deps: Deps, s: SubmittedTask): Promise<void> {
  if (!s.program.quality || payableAmountField(s.program)?.task !== s.taskId) return;
  const hold = holdOf(deps, await db.actionsOf(deps.db, s.job.id), await unrecordedHolds(deps, s.program, s.job.id));
  if (hold) throw conflict(hold, undefined, 'quality_hold');
}

async function actionOf(deps: Deps, job: JobRow, actionId: number): Promise<db.ActionRow> {
  const action = (await db.actionsOf(deps.db, job.id)).find((a) => a.id === actionId);
  if (!action) throw notFound(ACTION_MESSAGES.not_found);
  return action;
}

const labelOf = (deps: Deps, a: db.ActionRow) =>
  deps.defs.programs[a.program_id]?.quality?.reviews.find((r) => r.id === a.review_id)?.label ?? a.review_id;

const history = (deps: Deps, jobId: number, type: string, userId: number, at: string, detail: Record<string, string>) =>
  addHistory(deps.db, { job_id: jobId, type, user_id: userId, at, detail });
