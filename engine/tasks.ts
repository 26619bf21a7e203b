/**
 * The task graph: which tasks apply, who owns them and their status.
 * COMPLETE and IN_PROGRESS come from the job's stored state; a task is LOCKED while a task it
 * waits for (or any task of an earlier stage) is not complete, READY otherwise.
 */

import type { Facts } from './facts.ts';
import { truthy } from './logic/evaluators.ts';
import type { EvalContext, JobInput, Program, TaskResult } from './types.ts';

/** The four combinations of exception flags, shared (and frozen) rather than allocated per task. */
const EXCEPTION_FLAGS = [
  Object.freeze({ contractor: false, ops: false }),
  Object.freeze({ contractor: true, ops: false }),
  Object.freeze({ contractor: false, ops: true }),
  Object.freeze({ contractor: true, ops: true }),
] as const;

/** Computes every applicable task's status; tasks whose applies_if is false are returned as skipped. */
export function evaluateTasks(
  program: Program,
  job: JobInput,
  facts: Facts,
  ctx: EvalContext,
): { tasks: TaskResult[]; skipped: string[] } {
  const stored = job.tasks ?? {};
  const defs = program.tasks;
  const skipped: string[] = [];
  const applies = new Array<boolean>(defs.length);
  // Statuses depend only on stored state and applicability, so one pass in display order suffices.
  let openStage = Infinity;
  for (let i = 0; i < defs.length; i++) {
    const t = defs[i];
    applies[i] = !t.applies_if || truthy(t.applies_if.fn(facts));
    if (!applies[i]) skipped.push(t.id);
    else if (stored[t.id]?.status !== 'COMPLETE' && t.stage < openStage) openStage = t.stage;
  }
  // The unfinished tasks of the stage that is open now: what later stages wait for.
  let openStageTasks: string[] | undefined;
  const tasks: TaskResult[] = [];
  for (let i = 0; i < defs.length; i++) {
    if (!applies[i]) continue;
    const t = defs[i];
    const state = stored[t.id] ?? {};
    let blocked_by: string[] = [];
    let explanation: string | undefined;
    if (state.status !== 'COMPLETE') {
      for (const dep of t.after) {
        if (stored[dep]?.status !== 'COMPLETE' && !(skipped.length > 0 && skipped.includes(dep))) blocked_by.push(dep);
      }
      if (blocked_by.length === 0 && t.stage > openStage) {
        openStageTasks ??= defs
          .filter((o, j) => o.stage === openStage && applies[j] && stored[o.id]?.status !== 'COMPLETE')
          .map((o) => o.id);
        blocked_by = openStageTasks.slice();
        if (ctx.explain)
          explanation = `LOCKED, stage ${t.stage} opens when stage ${openStage} is complete; blocked by ${blocked_by.join(', ')}`;
      } else if (ctx.explain && blocked_by.length) explanation = `LOCKED, blocked by ${blocked_by.join(', ')}`;
    }
    const status =
      state.status === 'COMPLETE'
        ? 'COMPLETE'
        : blocked_by.length
          ? 'LOCKED'
          : state.status === 'IN_PROGRESS'
            ? 'IN_PROGRESS'
            : 'READY';
    const owner = state.owner_override?.role ?? t.owner;
    if (ctx.explain && !explanation) {
      explanation =
        status === 'COMPLETE'
          ? 'COMPLETE, submitted'
          : `${status}, owned by ${owner}${state.owner_override ? ` (transferred from ${t.owner}: ${state.owner_override.reason})` : ''}`;
    }
    tasks.push({
      id: t.id,
      title: t.title,
      form: t.form,
      stage: t.stage,
      status,
      owner,
      default_owner: t.owner,
      blocked_by,
      exceptions: EXCEPTION_FLAGS[(state.exceptions?.contractor ? 1 : 0) + (state.exceptions?.ops ? 2 : 0)],
      explanation,
    });
  }
  return { tasks, skipped };
}
