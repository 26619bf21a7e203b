/**
 * A payment bound to the rebate (issue 41): the payable a job's approval sends to accounts payment may not be above
 * the rules' rebate (the final amount, or the range's top while there is none), unless an override was asked for
 * with a reason by one ops user and approved by a second (four eyes; history names both). The approval form is
 * prefilled with the rebate. What is paid is the approved amount, so every display reads the same figure.
 */

import type { JobEvaluation, Program } from '../../../engine/index.ts';
import {
  PAYMENT_MESSAGES,
  type JobPayment,
  type PaymentOverride,
  type PaymentOverrideDecision,
  type PaymentOverrideRequest,
} from '../../../engine/api/payments.ts';
import { MESSAGES } from '../../../engine/forms/messages.ts';
import { assertMay, may } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { isPostgres } from '../../db/portable.ts';
import { conflict, validationError } from '../../errors.ts';
import { jobState } from '../../services/evaluation.ts';
import { programOfJob } from '../../services/pinned-program.ts';
import type { FieldFiller, SubmittedTask } from '../types.ts';
import { latestPayment } from './payments.db.ts';
import { payableOf } from './queue.ts';
import { budgetLimit } from '../budget/payable-bound.ts';

/**
 * The most a job may be paid without an override: the rebate every display shows (the final amount, shared or the
 * rules'; before there is one, the top of the range).
 */
export function rebateLimit(ev: JobEvaluation): number | null {
  const inc = ev.incentive;
  // The final costs brought the rules' amount below the shared one, unconfirmed: the rules' amount, until ops act.
  if (inc.shared_above_rules) return inc.shared_above_rules.rules_cents;
  return inc.final_cents ?? inc.range.max_cents;
}

/** Where the payable's amount is answered, when its rule reads one task field ({ var: "<task>.<field>" }). */
export function payableAmountField(program: Program): { task: string; field: string } | null {
  const logic = program.incentives.payment?.payable?.amount.logic as unknown;
  if (!logic || typeof logic !== 'object' || Array.isArray(logic) || !('var' in logic)) return null;
  const v = (logic as { var: unknown }).var;
  const path = Array.isArray(v) ? v[0] : v;
  if (typeof path !== 'string') return null;
  const [task, field, ...rest] = path.split('.');
  return task && field && !rest.length ? { task, field } : null;
}

/** The most an approved override lets the job be paid (the newest approval), or null. */
async function approvedUpTo(db: Deps['db'], jobId: number): Promise<number | null> {
  const r = await db
    .selectFrom('payment_overrides')
    .select('amount_cents')
    .where('job_id', '=', jobId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r?.amount_cents ?? null;
}

/**
 * After a submission (in its transaction): the payable it approves may not be above the rebate without an approved
 * override; a refusal is a 422 under the amount field and rolls the submission back.
 */
export async function boundPayable(deps: Deps, s: SubmittedTask): Promise<void> {
  const target = payableAmountField(s.program);
  if (!target || target.task !== s.taskId) return;
  const row = (await jobsDb.getJob(deps.db, s.job.id))!;
  const { facts, evaluation } = await jobState(deps, row);
  const payable = payableOf(s.program, facts);
  if (!payable) return;
  const limit = rebateLimit(evaluation) ?? 0;
  if (payable.amount_cents <= limit) return;
  const approved = await approvedUpTo(deps.db, s.job.id);
  if (approved !== null && payable.amount_cents <= approved) return;
  const below = evaluation.incentive.shared_above_rules;
  const message = below
    ? `${PAYMENT_MESSAGES.rules_below_shared(below.rules_cents, below.shared_cents)} ${PAYMENT_MESSAGES.share_again}`
    : PAYMENT_MESSAGES.above_rebate(payable.amount_cents, limit);
  throw validationError([{ path: target.field, message }], message);
}

/** The approval form opens with the rebate as its amount (a read of a task not yet answered there). */
export const payablePrefill: FieldFiller<Deps> = {
  fill: async (deps, c) => {
    if (c.mode !== 'read') return c.data;
    const target = payableAmountField(await programOfJob(deps, c.job));
    if (!target || target.task !== c.taskId || c.data?.[target.field] !== undefined) return c.data;
    const { evaluation } = await jobState(deps, c.job);
    const t = evaluation.tasks.find((x) => x.id === c.taskId);
    const limit = rebateLimit(evaluation);
    if (!t || t.status === 'COMPLETE' || t.status === 'LOCKED' || limit === null) return c.data;
    return { ...(c.data ?? {}), [target.field]: limit };
  },
};

type OverrideRow = {
  id: number;
  amount_cents: number;
  limit_cents: number;
  reason: string;
  status: 'requested' | 'approved' | 'declined';
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
  requested_name: string | null;
  decided_name: string | null;
};

async function overridesOf(db: Deps['db'], jobId: number): Promise<OverrideRow[]> {
  return (await db
    .selectFrom('payment_overrides as o')
    .leftJoin('users as r', 'r.id', 'o.requested_by')
    .leftJoin('users as d', 'd.id', 'o.decided_by')
    .selectAll('o')
    .select(['r.name as requested_name', 'd.name as decided_name'])
    .where('o.job_id', '=', jobId)
    .orderBy('o.id', 'desc')
    .execute()) as OverrideRow[];
}

const present = (o: OverrideRow): PaymentOverride => ({
  id: o.id,
  amount_cents: o.amount_cents,
  limit_cents: o.limit_cents,
  reason: o.reason,
  status: o.status,
  requested_by: o.requested_name ?? 'Operations team',
  requested_at: o.requested_at,
  decided_by: o.decided_by === null ? null : (o.decided_name ?? 'Operations team'),
  decided_at: o.decided_at,
  decision_note: o.decision_note,
});

/** The job row held until the transaction ends (FOR UPDATE on PostgreSQL; SQLite's write lock serializes). */
async function lockJob(deps: Deps, jobId: number) {
  let q = deps.db.selectFrom('jobs').select('id').where('id', '=', jobId);
  if (isPostgres(deps.db)) q = q.forUpdate();
  await q.executeTakeFirst();
}

/** GET /api/jobs/{job_id}/payment: the rebate the job may be paid, and the overrides asked (ops). */
export async function jobPayment(deps: Deps, user: AuthUser, job: jobsDb.JobRow): Promise<JobPayment> {
  assertMay(user, 'payment.override');
  const { program, evaluation } = await jobState(deps, job);
  const pays = !!program.incentives.payment?.payable;
  const overrides = await overridesOf(deps.db, job.id);
  const waiting = overrides.find((o) => o.status === 'requested');
  const latest = await latestPayment(deps.db, job.id);
  const open = pays && !job.is_canceled && (!latest || latest.status === 'rejected');
  return {
    pays_through_accounts_payment: pays,
    limit_cents: rebateLimit(evaluation),
    approved_up_to_cents: await approvedUpTo(deps.db, job.id),
    overrides: overrides.map(present),
    abilities: {
      request: open && !waiting && may(user, 'payment.override'),
      decide: !!waiting && waiting.requested_by !== user.id && may(user, 'payment.override'),
    },
  };
}

/** POST /api/jobs/{job_id}/payment-override: one ops user asks to pay up to an amount above the rebate, and why. */
export async function requestOverride(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  body: PaymentOverrideRequest,
): Promise<JobPayment> {
  assertMay(user, 'payment.override');
  const reason = body.reason.trim();
  if (!reason)
    throw validationError([{ path: 'reason', message: MESSAGES.required }], PAYMENT_MESSAGES.reason_required);
  await inTransaction(deps, async (deps) => {
    await lockJob(deps, job.id);
    const { program, evaluation } = await jobState(deps, job);
    if (!program.incentives.payment?.payable)
      throw conflict(PAYMENT_MESSAGES.no_payable, undefined, 'payment_override_refused');
    const latest = await latestPayment(deps.db, job.id);
    if (latest && latest.status !== 'rejected')
      throw conflict(PAYMENT_MESSAGES.already_paid, undefined, 'payment_override_refused');
    const limit = await budgetLimit(deps, job, rebateLimit(evaluation) ?? 0);
    if (body.amount_cents <= limit)
      throw validationError([{ path: 'amount_cents', message: PAYMENT_MESSAGES.not_above(limit) }]);
    if ((await overridesOf(deps.db, job.id)).some((o) => o.status === 'requested'))
      throw conflict(PAYMENT_MESSAGES.pending, undefined, 'payment_override_refused');
    const at = deps.now().toISOString();
    await deps.db
      .insertInto('payment_overrides')
      .values({
        job_id: job.id,
        amount_cents: body.amount_cents,
        limit_cents: limit,
        reason,
        requested_by: user.id,
        requested_at: at,
        decided_by: null,
        decided_at: null,
        decision_note: null,
      })
      .execute();
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'payment_override_requested',
      user_id: user.id,
      at,
      detail: { amount_cents: body.amount_cents, limit_cents: limit, reason },
    });
  });
  return jobPayment(deps, user, job);
}

/** POST /api/jobs/{job_id}/payment-override/decision: a second ops user approves or declines the waiting ask. */
export async function decideOverride(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  body: PaymentOverrideDecision,
): Promise<JobPayment> {
  assertMay(user, 'payment.override');
  await inTransaction(deps, async (deps) => {
    await lockJob(deps, job.id);
    const waiting = (await overridesOf(deps.db, job.id)).find((o) => o.status === 'requested');
    if (!waiting) throw conflict(PAYMENT_MESSAGES.none_pending, undefined, 'payment_override_refused');
    if (waiting.requested_by === user.id)
      throw conflict(PAYMENT_MESSAGES.same_user, undefined, 'payment_override_same_user');
    const at = deps.now().toISOString();
    const note = body.note?.trim() || null;
    const status = body.approve ? 'approved' : 'declined';
    const r = await deps.db
      .updateTable('payment_overrides')
      .set({ status, decided_by: user.id, decided_at: at, decision_note: note })
      .where('id', '=', waiting.id)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw conflict(PAYMENT_MESSAGES.none_pending, undefined, 'payment_override_refused');
    await addHistory(deps.db, {
      job_id: job.id,
      type: body.approve ? 'payment_override_approved' : 'payment_override_declined',
      user_id: user.id,
      at,
      detail: {
        amount_cents: waiting.amount_cents,
        reason: waiting.reason,
        requested_by: waiting.requested_name,
        decided_by: user.name,
        ...(note ? { note } : {}),
      },
    });
  });
  return jobPayment(deps, user, job);
}
