/**
 * Inspections (issue 43): each sampled review of a job is an inspection. Ops see the queue (every program, filtered by
 * program, contractor, inspector, state, due), assign and reassign it to a third-party inspector, and give inspectors a
 * sign-in. An inspector sees only the inspections assigned to them, and of the job only what a visit needs; they record
 * the outcome of those, as ops can of any (quality.service.ts recordOutcome). Which job an inspection's caller may act
 * on is decided here, in inspectionJob, for every route of the inspection.
 */

import type {
  Inspection,
  InspectionState,
  Inspector,
  InspectorAssignment,
  InspectorCreate,
} from '../../../engine/api/inspections.ts';
import { INSPECTION_DUE, INSPECTION_STATES } from '../../../engine/api/inspections.ts';
import { assertMay } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import { getJob, type JobRow } from '../../db/jobs.db.ts';
import { findUserByEmail, findUserById, insertUser } from '../../db/users.db.ts';
import { isId } from '../../db/portable.ts';
import { badRequest, conflict, notFound, validationError } from '../../errors.ts';
import { jobFor } from '../../services/access.ts';
import { mintLoginLink } from '../../services/auth.service.ts';
import { renderMail } from '../../mail/templates.ts';
import * as db from './inspections.db.ts';
import { checklistRefs } from './checklists.ts';
import { presentVisit, visitsOf } from './visits.db.ts';

const DAY_MS = 86_400_000;

export const INSPECTION_MESSAGES = {
  not_found: 'Inspection not found',
  not_inspector: 'Please choose an inspector: that person has no inspector’s sign-in.',
  email_taken: 'A user with this email already exists.',
} as const;

/** The job of an inspection its caller may act on: ops any sampled review's; an inspector only one assigned to them. */
export async function inspectionJob(deps: Deps, user: AuthUser, jobId: unknown, reviewId: string): Promise<JobRow> {
  if (user.role !== 'inspector') return jobFor(deps, user, jobId);
  const id = isId(jobId) ? Number(jobId) : NaN;
  const mine = Number.isFinite(id)
    ? await db.inspectionRows(deps.db, { inspector_id: user.id, job_id: id, review_id: reviewId })
    : [];
  const job = mine.length ? await getJob(deps.db, id) : undefined;
  if (!job) throw notFound(INSPECTION_MESSAGES.not_found);
  return job;
}

/** The job of a sampled review its caller may act on (404 when the job was not sampled for it). */
export async function sampledInspectionJob(deps: Deps, user: AuthUser, jobId: unknown, reviewId: string) {
  const job = await inspectionJob(deps, user, jobId, reviewId);
  if (!(await db.inspectionRows(deps.db, { job_id: job.id, review_id: reviewId })).length)
    throw notFound(INSPECTION_MESSAGES.not_found);
  return job;
}

/** The reviews awaiting a new outcome after a failure: a corrective action asked for a re-inspection. */
async function reinspections(deps: Deps, jobIds: number[]): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const rows = await deps.db
    .selectFrom('quality_corrective_actions')
    .select(['job_id', 'review_id'])
    .where('job_id', 'in', jobIds)
    .where('state', '=', 'reinspection')
    .execute();
  return new Set(rows.map((r) => `${r.job_id}:${r.review_id}`));
}

async function present(deps: Deps, rows: db.InspectionRow[]): Promise<Inspection[]> {
  const jobIds = [...new Set(rows.map((r) => r.job_id))];
  const outcomes = await db.latestOutcomesOf(deps.db, jobIds);
  const again = await reinspections(deps, jobIds);
  const visits = await visitsOf(deps.db, jobIds);
  const now = deps.now().getTime();
  return rows.map((r) => {
    const program = deps.defs.programs[r.program_id];
    const review = program?.quality?.reviews.find((x) => x.id === r.review_id);
    const key = `${r.job_id}:${r.review_id}`;
    const last = again.has(key) ? undefined : outcomes.get(key);
    const state: InspectionState = last
      ? last.outcome === 'pass'
        ? 'passed'
        : 'failed'
      : r.inspector_id === null
        ? 'unassigned'
        : 'assigned';
    const due = Date.parse(r.decided_at) + (review?.due_days ?? 14) * DAY_MS;
    return {
      job_id: r.job_id,
      job_code: r.job_code,
      review_id: r.review_id,
      review: review?.label ?? r.review_id,
      kind: r.kind as Inspection['kind'],
      program_id: r.program_id,
      program: program?.name ?? r.program_id,
      contractor: r.contractor_id === null ? null : { id: r.contractor_id, name: r.contractor_name ?? '' },
      address: [r.address, r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      homeowner: { name: `${r.first_name} ${r.last_name}`.trim(), phone: r.phone_number },
      explanation: r.explanation,
      decided_at: r.decided_at,
      due_at: new Date(due).toISOString(),
      overdue: (state === 'unassigned' || state === 'assigned') && due < now,
      inspector: r.inspector_id === null ? null : { id: r.inspector_id, name: r.inspector_name ?? '' },
      assigned_at: r.assigned_at,
      state,
      outcome_note: last?.note ?? null,
      outcome_at: last?.at ?? null,
      visit: ((v) => (v ? presentVisit(v) : null))(visits.get(key)),
    };
  });
}

const intFilter = (name: string, raw: unknown): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || !isId(raw)) throw badRequest(`${name} must be a number`);
  return Number(raw);
};

/** The queue: ops every sampled review (narrowed by the filters), an inspector theirs; soonest due first. */
export async function listInspections(
  deps: Deps,
  user: AuthUser,
  query: Record<string, unknown>,
): Promise<{ items: Inspection[] }> {
  assertMay(user, 'inspection.list');
  const state = query.state === undefined || query.state === '' ? undefined : String(query.state);
  if (state !== undefined && !(INSPECTION_STATES as readonly string[]).includes(state))
    throw badRequest(`state must be one of ${INSPECTION_STATES.join(', ')}`);
  const due = query.due === undefined || query.due === '' ? undefined : String(query.due);
  if (due !== undefined && !(INSPECTION_DUE as readonly string[]).includes(due))
    throw badRequest(`due must be one of ${INSPECTION_DUE.join(', ')}`);
  const program = query.program_id === undefined || query.program_id === '' ? undefined : String(query.program_id);
  const scope: db.InspectionScope =
    user.role === 'inspector'
      ? { inspector_id: user.id }
      : {
          program_id: program,
          contractor_id: intFilter('contractor_id', query.contractor_id),
          inspector_id: intFilter('inspector_id', query.inspector_id),
        };
  if (user.role === 'inspector' && program !== undefined) scope.program_id = program;
  const week = deps.now().getTime() + 7 * DAY_MS;
  const items = (await present(deps, await db.inspectionRows(deps.db, scope)))
    .filter((i) => state === undefined || i.state === state)
    .filter((i) =>
      due === undefined
        ? true
        : due === 'overdue'
          ? i.overdue
          : (i.state === 'unassigned' || i.state === 'assigned') && Date.parse(i.due_at) <= week,
    )
    .sort((a, b) => a.due_at.localeCompare(b.due_at) || a.job_id - b.job_id);
  return { items };
}

/** One inspection its caller may see. */
export async function readInspection(deps: Deps, user: AuthUser, jobId: unknown, reviewId: string) {
  assertMay(user, 'inspection.read');
  return inspectionOf(deps, await inspectionJob(deps, user, jobId, reviewId), reviewId);
}

/** A sampled review of the job as its inspection (whoever asks was checked by the caller: a route, or a visit link). */
export async function inspectionOf(deps: Deps, job: JobRow, reviewId: string): Promise<Inspection> {
  const [found] = await present(deps, await db.inspectionRows(deps.db, { job_id: job.id, review_id: reviewId }));
  if (!found) throw notFound(INSPECTION_MESSAGES.not_found);
  return { ...found, checklists: await checklistRefs(deps, job, reviewId) };
}

/** Ops assign a sampled review to an inspector, or reassign it; the job's history says so. */
export async function assignInspector(
  deps: Deps,
  user: AuthUser,
  jobId: unknown,
  reviewId: string,
  body: InspectorAssignment,
): Promise<Inspection> {
  assertMay(user, 'inspection.assign');
  const job = await jobFor(deps, user, jobId);
  const [row] = await db.inspectionRows(deps.db, { job_id: job.id, review_id: reviewId });
  if (!row) throw notFound(INSPECTION_MESSAGES.not_found);
  const inspector = await findUserById(deps.db, body.inspector_id);
  if (!inspector || inspector.role !== 'inspector')
    throw validationError([{ path: 'inspector_id', message: INSPECTION_MESSAGES.not_inspector }]);
  if (row.inspector_id !== inspector.id)
    await inTransaction(deps, async (deps) => {
      const at = deps.now().toISOString();
      await db.assign(deps.db, {
        job_id: job.id,
        review_id: reviewId,
        inspector_id: inspector.id,
        assigned_at: at,
        assigned_by: user.id,
      });
      const label = deps.defs.programs[job.program_id]?.quality?.reviews.find((r) => r.id === reviewId)?.label;
      await addHistory(deps.db, {
        job_id: job.id,
        type: 'inspection_assigned',
        user_id: user.id,
        at,
        detail: {
          review: label ?? reviewId,
          inspector: inspector.name,
          ...(row.inspector_name ? { before: row.inspector_name } : {}),
        },
      });
    });
  return readInspection(deps, user, String(job.id), reviewId);
}

/** The inspectors ops may assign, with how many open inspections each holds. */
export async function listInspectors(deps: Deps, user: AuthUser): Promise<{ items: Inspector[] }> {
  assertMay(user, 'inspector.list');
  const people = await db.inspectorsWithLoad(deps.db);
  const open = (await present(deps, await db.inspectionRows(deps.db, {}))).filter((i) => i.state === 'assigned');
  return {
    items: people.map((p) => ({ ...p, assigned: open.filter((i) => i.inspector?.id === p.id).length })),
  };
}

/** Ops give a third-party inspector a sign-in: the account, and a one-time sign-in link by mail. */
export async function createInspector(deps: Deps, user: AuthUser, body: InspectorCreate): Promise<Inspector> {
  assertMay(user, 'inspector.manage');
  const email = body.email.trim();
  const name = body.name.trim();
  if (!name) throw validationError([{ path: 'name', message: 'Please give the inspector’s name.' }]);
  if (await findUserByEmail(deps.db, email)) throw conflict(INSPECTION_MESSAGES.email_taken, undefined, 'email_taken');
  const id = await insertUser(deps.db, {
    email,
    name,
    role: 'inspector',
    contractor_id: null,
    created_at: deps.now().toISOString(),
  });
  const link = await mintLoginLink(deps, id);
  const link_hours = Math.round((Date.parse(link.expires_at) - deps.now().getTime()) / 3_600_000);
  await deps.adapters.mail.send({
    to: email,
    ...renderMail('user_invite', { inviter_name: user.name, link_hours, link: link.url }),
  });
  return { id, name, email, assigned: 0 };
}
