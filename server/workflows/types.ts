/**
 * What a workflow (server/workflows/<name>/) adds to the portal, as the core offers it: the task service fills
 * a workflow's server-owned fields on every read, save and submit and runs its effects after a submission; the
 * evaluation runs its hook after every evaluation of a job; the worker runs its handlers; the router registers
 * its routes. The core names no workflow: it loops over the list it is given (Deps.workflows, from
 * server/workflows/index.ts). This module imports nothing of ours, so every side may import it without a cycle:
 * the dependencies type `D` and the router type `R` are the app's (server/context.ts: AppWorkflow).
 */

import type { Facts, JobEvaluation, Program, TaskForm } from '../../engine/index.ts';
import type { JobDetail } from '../../engine/api/jobs.ts';
import type { JobRow } from '../db/jobs.db.ts';
import type { WorkHandler } from '../worker.ts';
import type { SessionUser } from '../../engine/api/auth.ts';

/** Task data as stored (a task never saved has none). */
export type TaskData = Record<string, unknown>;

/** When the server fills its fields: a read shows them, a save stores them, a submit stores and accepts them. */
export type FillMode = 'read' | 'save' | 'submit';

/** What a field filler is given: the task's form and data, the job, and what `prefetch` fetched for the read. */
export interface FillContext {
  mode: FillMode;
  form: TaskForm;
  job: JobRow;
  taskId: string;
  /** The data so far (a read of a task never saved: null, kept null when the filler has nothing to add). */
  data: TaskData | null;
  /** What the filler's `prefetch` answered for this read or write (undefined without one). */
  prefetched: unknown;
}

/**
 * Fields of a task's data the server owns (a workflow's form.yaml key names them): whatever a client sent for
 * them is replaced. `prefetch` (optional) reads what `fill` needs once per job read (every task of a job
 * shown with one query) or per write; `fill` answers the data with the workflow's fields set, or throws an
 * ApiError to refuse the write (a submission that cannot hold a value it needs).
 */
export interface FieldFiller<D> {
  prefetch?: (deps: D, job: JobRow, taskId?: string) => Promise<unknown>;
  fill: (deps: D, c: FillContext) => TaskData | null | Promise<TaskData | null>;
}

/** What an effect after a submission is given: the accepted data, in the submission's transaction. */
export interface SubmittedTask {
  user: SessionUser;
  job: JobRow;
  program: Program;
  form: TaskForm;
  taskId: string;
  /** The data as accepted (validated and pruned by the engine). */
  data: TaskData;
  /** The submission's time (ISO), the one its history rows carry. */
  at: string;
}

/** What a hook after a job's evaluation is given (in the write's transaction). */
export interface EvaluatedJob {
  program: Program;
  row: JobRow;
  ev: JobEvaluation;
  facts: Facts;
}

/** One workflow: its name and what it adds at each extension point (all optional). */
export interface Workflow<D, R> {
  /** The folder's name (server/workflows/<name>/). */
  name: string;
  /** Server-owned task fields, filled on read, save and submit (in list order, then in the order given). */
  fields?: readonly FieldFiller<D>[];
  /**
   * Effects of a successful submission: after the task is written and its history row added, before the job
   * is re-evaluated, in the same transaction (a refused submission rolls them back).
   */
  afterSubmit?: (deps: D, s: SubmittedTask) => Promise<void>;
  /** Before a job is created for a contractor company in a program: throws an ApiError to refuse it. */
  admitJob?: (deps: D, j: { program: Program; contractor_id: number }) => Promise<void>;
  /** After every evaluation of a job that stored its outcome (queue the work an opened task starts). */
  afterEvaluation?: (deps: D, e: EvaluatedJob) => Promise<void>;
  /** What the workflow adds to the job detail. */
  jobDetail?: (deps: D, job: JobRow) => Promise<Partial<JobDetail>>;
  /**
   * Of the changed jobs, those a user who reads no job itself follows through the workflow (an inspector: the jobs of
   * the inspections assigned to them), so their open pages follow the change feed too.
   */
  jobsFollowed?: (deps: D, user: { id: number; role: string }, ids: number[]) => Promise<number[]>;
  /** The durable worker's handlers of the workflow's work kinds. */
  work?: (deps: D) => Record<string, WorkHandler>;
  /** Registers the workflow's declared routes (server/routes/declare.ts). */
  routes?: (router: R) => void;
  /** The history kinds the workflow writes (the job history's `type`). */
  history?: readonly string[];
  /** The abilities the workflow's routes and services check (their roles: the one table of server/abilities.ts). */
  abilities?: readonly string[];
}
