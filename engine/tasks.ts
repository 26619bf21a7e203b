/**
 * The task graph: which tasks apply, who owns them and their status.
 * COMPLETE and IN_PROGRESS come from the job's stored state; a task is LOCKED while a task it
 * waits for (or any task of an earlier stage) is not complete, READY otherwise.
 */

import type { Facts } from './facts.ts';
import { truthy } from './logic/evaluators.ts';
import type { EvalContext, JobInput, Program, TaskResult } from './types.ts';

/** Computes every applicable task's status; tasks whose applies_if is false are returned as skipped. */
export function evaluateTasks(program: Program, job: JobInput, facts: Facts, ctx: EvalContext): { tasks: TaskResult[]; skipped: string[] } {
  const stored = job.tasks ?? {};
  const results = new Map<string, TaskResult>();
  const skipped = new Set<string>();
  for (const t of program.task_order) {
    if (t.applies_if && !truthy(t.applies_if.fn(facts))) skipped.add(t.id);
  }
  // Earliest stage that still has an incomplete applicable task: later stages wait for it.
  let openStage = Infinity;
  for (const t of program.tasks) {
    if (!skipped.has(t.id) && stored[t.id]?.status !== 'COMPLETE' && t.stage < openStage) openStage = t.stage;
  }
  for (const t of program.task_order) {
    if (skipped.has(t.id)) continue;
    const state = stored[t.id] ?? {};
    const blocked_by: string[] = [];
    let explanation: string | undefined;
    if (state.status !== 'COMPLETE') {
      for (const dep of t.after) {
        if (!skipped.has(dep) && stored[dep]?.status !== 'COMPLETE') blocked_by.push(dep);
      }
      if (blocked_by.length === 0 && t.stage > openStage) {
        for (const other of program.tasks) {
          if (other.stage < t.stage && !skipped.has(other.id) && stored[other.id]?.status !== 'COMPLETE') blocked_by.push(other.id);
        }
        if (ctx.explain) explanation = `LOCKED, stage ${t.stage} opens when every task of earlier stages is complete; blocked by ${blocked_by.join(', ')}`;
      } else if (ctx.explain && blocked_by.length) explanation = `LOCKED, blocked by ${blocked_by.join(', ')}`;
    }
    const status = state.status === 'COMPLETE' ? 'COMPLETE' : blocked_by.length ? 'LOCKED' : state.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'READY';
    const owner = state.owner_override?.role ?? t.owner;
    if (ctx.explain && !explanation) {
      explanation = status === 'COMPLETE' ? 'COMPLETE, submitted' : `${status}, owned by ${owner}${state.owner_override ? ` (transferred from ${t.owner}: ${state.owner_override.reason})` : ''}`;
    }
    results.set(t.id, {
      id: t.id,
      title: t.title,
      form: t.form,
      stage: t.stage,
      status,
      owner,
      default_owner: t.owner,
      blocked_by,
      exceptions: { contractor: !!state.exceptions?.contractor, ops: !!state.exceptions?.ops },
      explanation,
    });
  }
  const tasks = program.tasks.filter((t) => results.has(t.id)).map((t) => results.get(t.id)!);
  return { tasks, skipped: program.tasks.filter((t) => skipped.has(t.id)).map((t) => t.id) };
}
