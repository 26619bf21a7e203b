/**
 * The core's side of the workflows' extension points (server/workflows/types.ts): each runs what the
 * workflows of `deps.workflows` add, in their list's order, and names none of them.
 */

import type { Program, TaskForm } from '../../engine/index.ts';
import type { JobDetail } from '../../engine/api/jobs.ts';
import type { Deps } from '../context.ts';
import type { JobRow } from '../db/jobs.db.ts';
import type { WorkHandler } from '../worker.ts';
import type { EvaluatedJob, FieldFiller, FillMode, SubmittedTask, TaskData } from '../workflows/types.ts';

/** The field fillers of every workflow, in order. */
const fillersOf = (deps: Deps): FieldFiller<Deps>[] => deps.workflows.flatMap((w) => w.fields ?? []);

/** What the fillers fetched for a read of a job's tasks (all of them, or one), by filler. */
export type Prefetched = Map<FieldFiller<Deps>, unknown>;

/** Fetches once what the fillers read for a job's tasks (a read of all of them, or of `taskId`). */
export async function prefetchFields(deps: Deps, job: JobRow, taskId?: string): Promise<Prefetched> {
  const out: Prefetched = new Map();
  for (const f of fillersOf(deps)) if (f.prefetch) out.set(f, await f.prefetch(deps, job, taskId));
  return out;
}

/** A task's data with every workflow's server-owned fields set as the server has them (whatever a client sent). */
export async function fillServerFields(
  deps: Deps,
  mode: FillMode,
  form: TaskForm,
  job: JobRow,
  taskId: string,
  data: TaskData | null,
  prefetched?: Prefetched,
): Promise<TaskData | null> {
  let out = data;
  for (const f of fillersOf(deps))
    out = await f.fill(deps, { mode, form, job, taskId, data: out, prefetched: prefetched?.get(f) });
  return out;
}

/** The effects of a successful submission, in its transaction (server/workflows/types.ts: afterSubmit). */
export async function afterSubmit(deps: Deps, s: SubmittedTask): Promise<void> {
  for (const w of deps.workflows) await w.afterSubmit?.(deps, s);
}

/** Before a job is created for a company in a program: each workflow may refuse it (an ApiError). */
export async function admitJob(deps: Deps, j: { program: Program; contractor_id: number }): Promise<void> {
  for (const w of deps.workflows) await w.admitJob?.(deps, j);
}

/** Of the changed jobs, those a user who reads no job itself follows through the workflows (an inspector's). */
export async function jobsFollowed(deps: Deps, user: { id: number; role: string }, ids: number[]): Promise<number[]> {
  const out = new Set<number>();
  for (const w of deps.workflows) for (const id of (await w.jobsFollowed?.(deps, user, ids)) ?? []) out.add(id);
  return [...out];
}

/** What follows an evaluation of a job that stored its outcome (the work an opened task starts). */
export async function afterEvaluation(deps: Deps, e: EvaluatedJob): Promise<void> {
  for (const w of deps.workflows) await w.afterEvaluation?.(deps, e);
}

/** What the workflows add to a job's detail. */
export async function workflowJobDetail(deps: Deps, job: JobRow): Promise<Partial<JobDetail>> {
  let out: Partial<JobDetail> = {};
  for (const w of deps.workflows) if (w.jobDetail) out = { ...out, ...(await w.jobDetail(deps, job)) };
  return out;
}

/** The worker's handlers of every workflow's work kinds. */
export function workflowHandlers(deps: Deps): Record<string, WorkHandler> {
  return Object.assign({}, ...deps.workflows.map((w) => w.work?.(deps) ?? {})) as Record<string, WorkHandler>;
}
