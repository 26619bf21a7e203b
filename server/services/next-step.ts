/**
 * A job's next step as a list shows it (issue 42): from the first open task of each owner the job keeps
 * (jobs.next_steps, evaluation.ts), the caller's own, else the first of whoever the job waits on.
 */

import type { JobListItem } from '../../engine/api/jobs.ts';
import type { ActionOwnerRole, Program } from '../../engine/index.ts';
import type { AuthUser } from '../context.ts';
import type { JobRow } from '../db/jobs.db.ts';

/** Whether an owner's task is the caller's to do: a contractor's and a homeowner's own; ops' the program side's. */
const isCallers = (user: Pick<AuthUser, 'role'>, owner: ActionOwnerRole) =>
  user.role === 'ops' ? owner !== 'contractor' && owner !== 'homeowner' : owner === user.role;

/** The next step of a listed job for the caller; null when no task is open (or none was stored yet). */
export function nextStepOf(
  user: Pick<AuthUser, 'role'>,
  row: Pick<JobRow, 'next_steps'>,
  program: Pick<Program, 'tasks'> | undefined,
): JobListItem['next_step'] {
  if (!row.next_steps || !program) return null;
  const steps = (JSON.parse(row.next_steps) as [ActionOwnerRole, string][]).flatMap(([owner, id]) => {
    const task = program.tasks.find((t) => t.id === id);
    return task ? [{ task_id: id, title: task.title, owner, yours: isCallers(user, owner) }] : [];
  });
  return steps.find((s) => s.yours) ?? steps[0] ?? null;
}
