/**
 * The ops side of a demo job (server/seed/demo.ts): which company works it, and which of its open tasks is flagged.
 */

import { isOpenTask, type ExceptionKind } from '../../engine/index.ts';
import type { BuiltJob } from './demo-jobs.ts';
import type { People } from './demo-people.ts';
import { TASK_EXCEPTION_NOTES } from './names.ts';
import type { Random } from './seeded-random.ts';

/** A company that works the program (now and then another one of the same state); the homeowner's jobs are Northwind's.
 * */
export function pickCompany(people: People, program_id: string, state: string, rnd: Random, homeowners: boolean) {
  if (homeowners) return people.companies[0];
  const own = people.companies.filter((c) => c.program_id === program_id);
  const sameState = people.companies.filter((c) => c.state === state);
  return rnd.chance(0.8) || !sameState.length ? rnd.pick(own.length ? own : people.companies) : rnd.pick(sameState);
}

/** About one job in twenty has an open task flagged by the contractor or by ops. */
export function flaggedTask(
  built: BuiltJob,
  i: number,
  rnd: Random,
): { task: string; kind: ExceptionKind; note: string } | null {
  const kind: ExceptionKind | null = i % 40 === 7 ? 'contractor' : i % 40 === 27 ? 'ops' : null;
  if (!kind) return null;
  const open = built.evaluation.tasks.filter(isOpenTask);
  if (!open.length) return null;
  return { task: rnd.pick(open).id, kind, note: rnd.pick(TASK_EXCEPTION_NOTES[kind]) };
}
