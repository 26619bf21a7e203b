/**
 * Task actions as pure state transitions: flag and clear exceptions, transfer ownership, reset to the
 * default owner (the task returns to READY). Each returns the new task state or a business error.
 */

import { ACTION_OWNER_ROLES, EXCEPTION_KINDS, type ActionOwnerRole, type ExceptionKind } from './constants.ts';
import type { ExceptionFlag, Program, TaskState } from './types.ts';
import { MESSAGES } from './forms/messages.ts';

/** Outcome of a task action. */
export type TaskActionResult = { ok: true; state: TaskState } | { ok: false; error: string };

function known(program: Program, taskId: string): string | undefined {
  return program.tasks.some((t) => t.id === taskId) ? undefined : `Unknown task '${taskId}' in ${program.name}`;
}

/** Flags a contractor or ops exception on a task. */
export function flagException(
  program: Program,
  taskId: string,
  state: TaskState | undefined,
  kind: ExceptionKind,
  flag: ExceptionFlag,
): TaskActionResult {
  const err =
    known(program, taskId) ?? (EXCEPTION_KINDS.includes(kind) ? undefined : `Unknown exception kind '${kind}'`);
  if (err) return { ok: false, error: err };
  return { ok: true, state: { ...state, exceptions: { ...state?.exceptions, [kind]: flag } } };
}

/** Removes a contractor or ops exception flag. */
export function clearException(
  program: Program,
  taskId: string,
  state: TaskState | undefined,
  kind: ExceptionKind,
): TaskActionResult {
  const err =
    known(program, taskId) ?? (EXCEPTION_KINDS.includes(kind) ? undefined : `Unknown exception kind '${kind}'`);
  if (err) return { ok: false, error: err };
  return { ok: true, state: { ...state, exceptions: { ...state?.exceptions, [kind]: null } } };
}

/** Transfers a task to another action owner; a reason is required, comments are optional. */
export function transferOwnership(
  program: Program,
  taskId: string,
  state: TaskState | undefined,
  to: { role: string; reason: string; comments?: string },
): TaskActionResult {
  const err = known(program, taskId);
  if (err) return { ok: false, error: err };
  if (!(ACTION_OWNER_ROLES as readonly string[]).includes(to.role))
    return { ok: false, error: `Unknown action owner '${to.role}'` };
  if (!to.reason?.trim()) return { ok: false, error: MESSAGES.required };
  return {
    ok: true,
    state: {
      ...state,
      owner_override: { role: to.role as ActionOwnerRole, reason: to.reason.trim(), comments: to.comments },
    },
  };
}

/** Resets a task to its default owner; the task returns to READY (its saved data is kept). */
export function resetOwnership(program: Program, taskId: string, state: TaskState | undefined): TaskActionResult {
  const err = known(program, taskId);
  if (err) return { ok: false, error: err };
  const next: TaskState = { ...state, owner_override: null };
  delete next.status;
  return { ok: true, state: next };
}
