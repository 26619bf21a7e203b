/**
 * A job's tasks as a role sees them: the engine's status, owner and blockers, the abilities the caller has on
 * each, and the task's data with the workflows' server-owned fields as they stand now.
 */

import type { ActionOwnerRole, JobEvaluation, Program, TaskResult } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import type { JobTask } from '../../engine/api/jobs.ts';
import type { JobRow } from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { actorOf, canSeeJobTask, canWorkTask, seesInternal, taskAbilities } from './access.ts';
import { formOf } from './pinned-program.ts';
import { formVersionOf } from './form-document.ts';
import { visibleTaskData } from './present.ts';
import { fillServerFields, prefetchFields, type Prefetched } from './task-extensions.ts';

/**
 * The stored answers of a task the user reads, and whether they are an unsubmitted draft over submitted ones. A
 * homeowner reads what was submitted or their own draft, never answers someone else saved without submitting (their
 * contractor's half-finished answers would be preselected for them); everyone else reads the latest draft.
 */
export function answersSeenBy(
  user: Pick<AuthUser, 'id' | 'role'>,
  row: Pick<tasksDb.TaskRow, 'status' | 'data' | 'draft' | 'updated_by'> | undefined,
): { stored: Record<string, unknown> | null; draft: boolean } {
  if (!row) return { stored: null, draft: false };
  const theirs = user.role !== 'homeowner' || row.updated_by === user.id;
  if (row.draft) return theirs ? { stored: row.draft, draft: true } : { stored: row.data, draft: false };
  // A task never submitted keeps its draft as its data.
  if (row.status !== 'COMPLETE' && !theirs) return { stored: null, draft: false };
  return { stored: row.data, draft: false };
}

/**
 * A task as a role sees it, under the program the job is judged by (its pinned version or the current one);
 * the workflows' server-owned fields as they stand now (what `prefetched` read for the job's tasks).
 */
export async function presentTask(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  program: Program,
  t: TaskResult,
  row: tasksDb.TaskRow | undefined,
  prefetched: Prefetched,
): Promise<JobTask> {
  const form = formOf(deps, program, t.form);
  const { stored, draft } = answersSeenBy(user, row);
  const data = form ? await fillServerFields(deps, 'read', form, job, t.id, stored, prefetched) : stored;
  return {
    id: t.id,
    title: t.title,
    form: t.form,
    form_version: formVersionOf(deps, form),
    // Where the job detail shows it, and whether it makes documents: facts of its form file.
    section: form?.section ?? null,
    produces_documents: !!form?.produces_documents,
    stage: t.stage,
    status: t.status,
    owner: t.owner,
    default_owner: t.default_owner,
    blocked_by: t.blocked_by,
    exceptions: t.exceptions,
    exception_notes: seesInternal(user) ? (row?.exceptions ?? null) : undefined,
    owner_override: row?.owner_override
      ? {
          role: row.owner_override.role as ActionOwnerRole,
          reason: row.owner_override.reason,
          comments: row.owner_override.comments,
        }
      : null,
    can_edit: canWorkTask(user, actorOf(program, t)) && t.status !== 'LOCKED',
    abilities: taskAbilities(user, t, !!row?.owner_override),
    data: visibleTaskData(user, form, data),
    has_unsubmitted_changes: draft,
    version: row?.version ?? 0,
    updated_at: row?.updated_at ?? null,
  };
}

/**
 * Every applicable task of a job (evaluated under `program`, the job's); a homeowner sees only the homeowner's
 * tasks (those sent to them, when invitations sent some).
 */
export async function presentTasks(deps: Deps, user: AuthUser, job: JobRow, ev: JobEvaluation, program: Program) {
  const rows = new Map((await tasksDb.tasksOfJob(deps.db, job.id)).map((r) => [r.task_id, r]));
  const prefetched = await prefetchFields(deps, job);
  const seen = ev.tasks.filter((t) => canSeeJobTask(user, job, { id: t.id, ...actorOf(program, t) }));
  const out: JobTask[] = [];
  for (const t of seen) out.push(await presentTask(deps, user, job, program, t, rows.get(t.id), prefetched));
  return out;
}
