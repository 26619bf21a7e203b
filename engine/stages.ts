/** Stage derivation: a job is in the stage of its earliest incomplete applicable task, or the last stage when all are complete. */

import type { EvalContext, Program, StageResult, TaskResult } from './types.ts';

/** Derives the job's stage from its tasks under the program's stage model. */
export function deriveStage(program: Program, tasks: TaskResult[], ctx: EvalContext): StageResult {
  const stages = program.stage_model.stages;
  let number = stages[stages.length - 1].number;
  let by: TaskResult | undefined;
  for (const t of tasks) {
    if (t.status !== 'COMPLETE' && t.stage < number) {
      number = t.stage;
      by = t;
    }
  }
  const stage = stages.find((s) => s.number === number) ?? stages[stages.length - 1];
  return {
    model: program.stage_model.id,
    number: stage.number,
    key: stage.key,
    label: stage.label,
    tab: stage.tab,
    contractor_action: stage.contractor_action,
    progress: stages.map((s) => {
      const state = s.number < stage.number || (s.number === stage.number && !by) ? 'done' : s.number === stage.number ? 'current' : 'upcoming';
      return { number: s.number, key: s.key, label: s.label, progress_label: state === 'done' ? s.progress[1] : s.progress[0], state };
    }),
    explanation: ctx.explain
      ? by
        ? `stage ${stage.number} (${stage.label}), because task ${by.id} of stage ${by.stage} is ${by.status}`
        : `stage ${stage.number} (${stage.label}), because every applicable task is complete`
      : undefined,
  };
}

/** The stages of a model with their tabs, for the jobs list. */
export function stageTabs(program: Program): { number: number; label: string; tab: string }[] {
  return program.stage_model.stages.map((s) => ({ number: s.number, label: s.label, tab: s.tab }));
}
