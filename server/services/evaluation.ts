/**
 * The engine applied to stored jobs: a job row and its task rows become the engine's JobInput, and what
 * the engine says (stage, eligibility, open tasks' owners, exceptions, rebate) is stored back on the
 * row for lists, filters and counts. Every change to a job calls `refreshJob` in its transaction.
 */

import { createHash } from 'node:crypto';
import {
  EXCEPTION_KINDS,
  evaluateJobWithFacts,
  jobInputOf,
  isOpenTask,
  isPastSubmit,
  type Facts,
  type HouseholdJob,
  type JobEvaluation,
  type JobInput,
  type JobRecord,
  type Program,
  type TaskState,
} from '../../engine/index.ts';
import { todayOf, type Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { afterEvaluation } from './task-extensions.ts';
import { currentVersion, duePin, programOfJob } from './pinned-program.ts';
import { householdOf, laterHousehold, readsHousehold } from './household.ts';
import { setPinnedVersion } from '../db/versions.db.ts';

/** A job as the engine reads it. */
export function jobInput(row: JobRecord, tasks: tasksDb.TaskRow[]): JobInput {
  const taskStates: Record<string, TaskState> = {};
  for (const t of tasks) {
    const s: TaskState = {};
    if (t.status) s.status = t.status;
    if (t.data) s.data = t.data;
    if (t.owner_override) s.owner_override = t.owner_override as TaskState['owner_override'];
    if (t.exceptions) s.exceptions = t.exceptions as TaskState['exceptions'];
    taskStates[t.task_id] = s;
  }
  return jobInputOf(row, taskStates);
}

/** What the engine says about a job, the facts it said it on, and the program it read (the job's: see programOfJob). */
export interface JobState {
  facts: Facts;
  evaluation: JobEvaluation;
  program: Program;
}

/**
 * Engine runs are memoized on their whole input (the loaded program, the day, the job as the engine
 * reads it): evaluation is a pure function of these, so a hit is always right, whoever wrote last. A
 * write evaluates once (after it, in `refreshJob`); the check before it and the answer after it, and the
 * reads that follow, find that result. Results are frozen: a presenter cannot change the cached copy.
 * Definitions loaded again are new program objects, with a memo of their own.
 */
const MEMO_LIMIT = 2000;
const memos = new WeakMap<Program, Map<string, Omit<JobState, 'program'>>>();
/** How many times the engine actually ran (read by tests and the bench). */
export const engineRuns = { count: 0 };

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** The engine's evaluation of a stored job with its facts (memoized; see above). */
export async function jobState(
  deps: Deps,
  row: jobsDb.JobRow,
  tasks?: tasksDb.TaskRow[],
  explain = false,
): Promise<JobState> {
  const program = await programOfJob(deps, row);
  // A program with household limits or exclusions reads the earlier jobs at the address (their stored lines).
  const household = readsHousehold(program) ? await householdOf(deps, row) : undefined;
  return stateOf(deps, row, tasks ?? (await tasksDb.tasksOfJob(deps.db, row.id)), explain, program, household);
}

/** The engine's evaluation of a job whose task rows are at hand, under the job's program (memoized, see above). */
function stateOf(
  deps: Deps,
  row: jobsDb.JobRow,
  tasks: tasksDb.TaskRow[],
  explain: boolean,
  program: Program,
  household?: HouseholdJob[],
): JobState {
  const input = jobInput(row, tasks);
  if (household?.length) input.household = household;
  const today = todayOf(deps);
  const key = createHash('sha256')
    .update(`${today}\n${explain}\n${JSON.stringify(input)}`)
    .digest('base64');
  let memo = memos.get(program);
  if (!memo) memos.set(program, (memo = new Map()));
  const hit = memo.get(key);
  if (hit) {
    memo.delete(key);
    memo.set(key, hit);
    return { ...hit, program };
  }
  engineRuns.count += 1;
  const state = deepFreeze(evaluateJobWithFacts(program, input, { today, explain }));
  memo.set(key, state);
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  return { ...state, program };
}

/** Evaluates a stored job. */
export async function evaluateRow(
  deps: Deps,
  row: jobsDb.JobRow,
  tasks?: tasksDb.TaskRow[],
  explain = false,
): Promise<JobEvaluation> {
  return (await jobState(deps, row, tasks, explain)).evaluation;
}

/** The measure lines of an evaluation by measure id (JSON, cents; null when none): what household limits count. */
export function rebateLinesOf(ev: JobEvaluation): string | null {
  const lines = ev.incentive.lines.filter((l) => l.kind === 'measure');
  return lines.length ? JSON.stringify(Object.fromEntries(lines.map((l) => [l.id, l.max_cents]))) : null;
}

/** The columns a job keeps from its evaluation. */
export function derivedColumns(ev: JobEvaluation): Partial<jobsDb.JobRow> {
  const open = ev.tasks.filter(isOpenTask);
  const owners = [...new Set(open.map((t) => t.owner))].sort();
  return {
    stage: ev.stage.number,
    stage_key: ev.stage.key,
    tab: ev.stage.tab,
    eligibility: ev.eligibility.status,
    is_eligible: ev.eligibility.status === 'eligible' ? 1 : 0,
    action_owners: owners.length ? `,${owners.join(',')},` : '',
    has_contractor_task_exception: ev.tasks.some((t) => t.exceptions.contractor) ? 1 : 0,
    has_ops_task_exception: ev.tasks.some((t) => t.exceptions.ops) ? 1 : 0,
    rebate_min_cents: ev.incentive.range.min_cents,
    rebate_max_cents: ev.incentive.range.max_cents,
    rebate_final_cents: ev.incentive.final_cents,
    rebate_lines: rebateLinesOf(ev),
    next_steps: nextStepsOf(open),
    definition_hash: ev.program_hash,
  };
}

/**
 * The first open task of each owner, in the order they come (stage, then the program's order), as the jobs list
 * keeps them (JSON [[owner, task id], ...]; null when no task is open): a card names the viewer's next step, or
 * whose the job waits on, without evaluating the job.
 */
export function nextStepsOf(open: readonly Pick<JobEvaluation['tasks'][number], 'id' | 'owner' | 'stage'>[]) {
  const inOrder = open.map((t, i) => ({ t, i })).sort((a, b) => a.t.stage - b.t.stage || a.i - b.i);
  const firsts = new Map<string, string>();
  for (const { t } of inOrder) if (!firsts.has(t.owner)) firsts.set(t.owner, t.id);
  return firsts.size ? JSON.stringify([...firsts]) : null;
}

/**
 * The job's exception notes (the jobs list's "Exception notes"): the notes of its tasks' flagged
 * exceptions as "Task title: note", in the program's task order, or null when no flag has a note. Kept
 * here, where every change to a job ends, so the notes follow the flags and never drift from them.
 */
export function exceptionNotesOf(ev: JobEvaluation, tasks: tasksDb.TaskRow[]): string | null {
  const rows = new Map(tasks.map((r) => [r.task_id, r]));
  const notes: string[] = [];
  for (const t of ev.tasks) {
    for (const kind of EXCEPTION_KINDS) {
      const note = t.exceptions[kind] ? rows.get(t.id)?.exceptions?.[kind]?.note?.trim() : undefined;
      if (note) notes.push(`${t.title}: ${note}`);
    }
  }
  return notes.length ? notes.join('; ') : null;
}

/** Re-evaluates a job and stores what changed; returns the evaluation. Call inside the write's transaction. */
export async function refreshJob(deps: Deps, jobId: number): Promise<JobEvaluation> {
  const row = await jobsDb.getJob(deps.db, jobId);
  if (!row) throw new ApiError(404);
  const tasks = await tasksDb.tasksOfJob(deps.db, jobId);
  const state = await jobState(deps, row, tasks);
  await storeOutcome(deps, row, tasks, state);
  // The later jobs at the address whose rebate counts this one's lines (while it is not canceled) follow it.
  for (const later of await laterHousehold(deps, row)) await refreshJob(deps, later);
  return state.evaluation;
}

/** The columns of a job's outcome (definition_hash and evaluated_on apart): what the jobs list reads. */
export const OUTCOME_COLUMNS = [
  'stage',
  'stage_key',
  'tab',
  'eligibility',
  'is_eligible',
  'action_owners',
  'has_contractor_task_exception',
  'has_ops_task_exception',
  'rebate_min_cents',
  'rebate_max_cents',
  'rebate_final_cents',
  'rebate_lines',
  'next_steps',
  'exception_notes',
] as const;

/** Whether a stored column holds the value (null and undefined alike; SQLite's integers and PostgreSQL's strings of
 * bigints alike). */
export const sameColumn = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) ||
  (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

/** The outcome columns of an evaluation of the job with these task rows. */
export function outcomeColumns(ev: JobEvaluation, tasks: tasksDb.TaskRow[]): Partial<jobsDb.JobRow> {
  return { ...derivedColumns(ev), exception_notes: exceptionNotesOf(ev, tasks) };
}

/**
 * Stores the evaluation of a job read as `row` with `tasks`: the outcome columns that changed, the day and hash
 * it holds for, the pin when due, and the work a task that opened starts (each workflow's afterEvaluation). With
 * `guard`, only if the job was not written since it was read (false then: the caller refreshes it afresh).
 * Call inside the write's transaction.
 */
export async function storeOutcome(
  deps: Deps,
  row: jobsDb.JobRow,
  tasks: tasksDb.TaskRow[],
  state: JobState,
  guard = false,
): Promise<boolean> {
  const { evaluation: ev, facts, program } = state;
  const computed = outcomeColumns(ev, tasks) as Record<string, unknown>;
  // Only what changed is written: the jobs table's indexes are updated only for the columns set.
  const cols: Partial<jobsDb.JobRow> = Object.fromEntries(
    OUTCOME_COLUMNS.filter((k) => !sameColumn(computed[k], row[k])).map((k) => [k, computed[k]]),
  );
  // evaluated_on: the day this outcome holds for (the daily refresh re-evaluates jobs of earlier days).
  const now = deps.now().toISOString();
  Object.assign(
    cols,
    { definition_hash: ev.program_hash, evaluated_on: todayOf(deps), updated_at: now },
    cols.stage !== undefined ? { stage_entered_at: now } : {},
  );
  if (!(await jobsDb.updateJob(deps.db, row.id, cols, guard ? row : undefined))) return false;
  // The pin event of the program's versioning (creation, submission): the job keeps the version it was judged by.
  if (duePin(program, row, isPastSubmit(program, ev))) {
    const v = await currentVersion(deps, row.program_id);
    if (v) await setPinnedVersion(deps.db, row.id, v.hash);
  }
  await afterEvaluation(deps, { program, row, ev, facts });
  return true;
}
