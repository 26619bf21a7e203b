/**
 * A point in a job's life that a definition block names (a budget's reservation, a quality review's decision): a task
 * of the program completed, or a stage of its model reached. Checked while the program is built.
 */

import type { DocumentTools } from './build-documents.ts';
import { closest } from './suggest.ts';

/** Reports a task the program does not have (`unknown-task`) or a stage past its model (`unknown-stage`). */
export function checkJobPoint(
  when: { task_completed?: string; stage_reached?: number },
  at: (string | number)[],
  what: string,
  program: { taskIds: Set<string>; stageCount: number; stageModel: string },
  diag: DocumentTools['diag'],
): void {
  if (when.task_completed !== undefined && !program.taskIds.has(when.task_completed)) {
    const hint = closest(when.task_completed, [...program.taskIds]);
    diag(
      'unknown-task',
      `${what} when task '${when.task_completed}' is completed, which the program does not have` +
        (hint ? ` (did you mean '${hint}'?)` : ''),
      [...at, 'task_completed'],
    );
  }
  if (when.stage_reached !== undefined && program.stageCount > 0 && when.stage_reached > program.stageCount)
    diag(
      'unknown-stage',
      `${what} at stage ${when.stage_reached}, but ${program.stageModel} has ${program.stageCount} stages`,
      [...at, 'stage_reached'],
    );
}
