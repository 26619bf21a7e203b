/** Stage derivation: a job is in the stage of its earliest incomplete applicable task, or the last stage when all are
 * complete. */

import type { EvalContext, Program, StageModel, StageResult, TaskResult } from './types.ts';

/**
 * The stage result of every stage of a model, built once per loaded definition (they depend only on
 * the stage number), frozen because every evaluation shares them.
 */
export function buildStageResults(model: StageModel): StageResult[] {
  const stages = model.stages;
  return stages.map((stage, i) => {
    const complete = i === stages.length - 1;
    return Object.freeze({
      model: model.id,
      number: stage.number,
      key: stage.key,
      label: stage.label,
      tab: stage.tab,
      contractor_action: stage.contractor_action,
      progress: Object.freeze(
        stages.map((s) => {
          const state =
            s.number < stage.number || (complete && s.number === stage.number)
              ? 'done'
              : s.number === stage.number
                ? 'current'
                : 'upcoming';
          return Object.freeze({
            number: s.number,
            key: s.key,
            label: s.label,
            progress_label: state === 'done' ? s.progress[1] : s.progress[0],
            state,
          });
        }),
      ),
    }) as StageResult;
  });
}

/** Derives the job's stage from its tasks under the program's stage model. */
export function deriveStage(program: Program, tasks: TaskResult[], ctx: EvalContext): StageResult {
  const stages = program.stage_model.stages;
  const last = stages[stages.length - 1].number;
  let number = last;
  let by: TaskResult | undefined;
  for (const t of tasks) {
    if (t.status !== 'COMPLETE' && t.stage < number) {
      number = t.stage;
      by = t;
    }
  }
  // A job whose open tasks are all in the last stage is in that stage but not complete.
  if (!by) by = tasks.find((t) => t.status !== 'COMPLETE');
  let result = program.stage_results[stages.findIndex((s) => s.number === number)];
  if (by && number === last) {
    result = {
      ...result,
      progress: result.progress.map((p) =>
        p.number === last ? { ...p, state: 'current', progress_label: stages[stages.length - 1].progress[0] } : p,
      ),
    };
  }
  if (!ctx.explain) return result;
  const explanation = by
    ? `stage ${result.number} (${result.label}), because task ${by.id} of stage ${by.stage} is ${by.status}`
    : `stage ${result.number} (${result.label}), because every applicable task is complete`;
  return { ...result, explanation };
}

/** The stages of a model with their tabs, for the jobs list. */
export function stageTabs(program: Program): { number: number; label: string; tab: string }[] {
  return program.stage_model.stages.map((s) => ({ number: s.number, label: s.label, tab: s.tab }));
}
