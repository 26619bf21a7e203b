/**
 * A program's stage model, from the shared ones (program-defs/_shared/stage-models.yaml). The models themselves are
 * checked once, in their file (`checkStageModels`): a mistake in one is reported at its line, not at every program
 * that uses it.
 */

import type { Diagnostic, StageModel } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

/** The named model (empty when unknown); problems go to `report` with their code. */
export function resolveStageModel(
  name: string,
  models: Record<string, Omit<StageModel, 'id'>>,
  report: (code: string, message: string) => void,
): StageModel {
  const def = Object.hasOwn(models, name) ? models[name] : undefined;
  if (!def) {
    report('unknown-stage-model', `unknown stage model '${name}'`);
    return { id: name as StageModel['id'], label: '', stages: [] };
  }
  return { id: name as StageModel['id'], ...def };
}

type Stage = StageModel['stages'][number];
const named = (s: Stage) => `stage ${s.number} (${s.label})`;

/**
 * Where a model's `submits: true` belongs: the last stage of the tab a job starts in (the application's stages; the
 * next tab reviews what was submitted). Undefined when the model's first tab has its first stage only: a job is created
 * into that stage, so submitting there would submit it before anything is asked.
 */
function submitStage(stages: Stage[]): number | undefined {
  let last = 0;
  while (last + 1 < stages.length && stages[last + 1].tab === stages[0].tab) last++;
  return last > 0 ? last : undefined;
}

/**
 * Each stage model marks exactly one stage `submits: true`, the last stage of the tab a job starts in: reported at the
 * `submits:` that is misplaced or one too many, or at the model that marks none.
 */
export function checkStageModels(files: ParsedFile[], out: Diagnostic[]): void {
  for (const parsed of files) {
    const models = (parsed.value as { stage_models?: Record<string, Omit<StageModel, 'id'>> } | null)?.stage_models;
    if (!models || typeof models !== 'object') continue;
    for (const [name, model] of Object.entries(models)) {
      const stages = Array.isArray(model?.stages) ? model.stages : [];
      if (stages.length < 2) continue;
      const report = (message: string, path: (string | number)[]) =>
        out.push({
          code: 'stage-model-submit',
          severity: 'error',
          file: parsed.file,
          path,
          range: parsed.locate(path, true),
          message,
        });
      const marked = stages.flatMap((s, i) => (s?.submits === true ? [i] : []));
      const expected = submitStage(stages);
      const where =
        expected === undefined
          ? `: its first tab (${stages[0].tab}) has no stage after the one a job is created into`
          : `: mark ${named(stages[expected])}, the last ${stages[0].tab} stage, whose completion submits the application for review`;
      if (marked.length === 0) {
        report(`stage model '${name}' marks no stage 'submits: true', so no job is ever submitted${where}`, [
          'stage_models',
          name,
        ]);
        continue;
      }
      // The stage that belongs is kept; the others (or every one after the first, when none belongs) are reported.
      const keep = expected !== undefined && marked.includes(expected) ? expected : marked[0];
      for (const i of marked) {
        const path = ['stage_models', name, 'stages', i, 'submits'];
        if (marked.length > 1 && i !== keep)
          report(
            `stage model '${name}' marks ${named(stages[i])} 'submits: true' too, but a rebate is submitted once, at ${named(stages[keep])}: remove this 'submits: true'`,
            path,
          );
        else if (marked.length === 1 && i !== expected)
          report(
            i === 0
              ? `stage model '${name}' marks ${named(stages[i])} 'submits: true', the stage a job is created into, so every job would count as submitted before anything is asked${where}`
              : `stage model '${name}' marks ${named(stages[i])} 'submits: true', ${i > (expected ?? 0) ? `after the ${stages[0].tab} stages end, so a job would be reviewed before it is submitted` : 'before the last stage of its application'}${where}`,
            path,
          );
      }
    }
  }
}
