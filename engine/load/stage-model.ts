/** A program's stage model, from the shared ones: it must exist and mark exactly one stage `submits: true`. */

import type { StageModel } from '../types.ts';

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
  const submitting = def.stages.filter((s) => s.submits).length;
  if (submitting !== 1)
    report(
      'stage-model-submit',
      `stage model '${name}' must mark exactly one stage 'submits: true' (it marks ${submitting})`,
    );
  return { id: name as StageModel['id'], ...def };
}
