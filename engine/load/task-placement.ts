/**
 * Where a task may sit in its program's stage model. A job is created into stage 1 (it exists once
 * created, nothing is asked there). A job reaches the last stage when every task is complete; a model
 * may let work happen there (six_stage's Complete: "Complete" while its payment is open, "Completed"
 * after), but a last stage whose progress reads the same before and after (seven_stage's Completed:
 * "Completed", "Completed") is only the finished job: a task placed there could never be worked.
 */

import type { StageModel } from '../types.ts';

/** A task placed where no one can work it. */
export interface PlacementFinding {
  code: 'unworkable-stage';
  message: string;
}

/** Checks a task's `stage:` against the stage model (stages numbered 1..n). */
export function checkTaskPlacement(task: { id: string; stage: number }, model: StageModel): PlacementFinding[] {
  const stages = model.stages;
  if (stages.length < 2) return [];
  const first = stages[0];
  const last = stages[stages.length - 1];
  if (task.stage === first.number) {
    return [
      {
        code: 'unworkable-stage',
        message: `task '${task.id}' is in stage ${first.number} (${first.label}), the stage a job is created into, where no task is ever worked: move it to stage ${stages[1].number} (${stages[1].label}) or later`,
      },
    ];
  }
  if (task.stage === last.number && last.progress[0] === last.progress[1]) {
    const before = stages[stages.length - 2];
    return [
      {
        code: 'unworkable-stage',
        message: `task '${task.id}' is in stage ${last.number} (${last.label}), the stage of a finished job, where no task is ever worked: move it to stage ${before.number} (${before.label}) or earlier`,
      },
    ];
  }
  return [];
}
