/**
 * The stage numbers of each shared stage model: numbered 1 to n in order, each number once. A number used
 * twice leaves a job's stage ambiguous (the engine could not tell which of the two a job is in, and
 * stopped with an exception); it is reported at the second stage's number, and the programs on that model
 * are not built (they say nothing more: the model's line is the one to change).
 */

import type { Diagnostic } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

type Stage = { number?: unknown; key?: unknown };

/** Checks the stage models of the shared files; returns the names of the models that are broken. */
export function lintStageNumbers(files: ParsedFile[], out: Diagnostic[]): Set<string> {
  const broken = new Set<string>();
  for (const parsed of files) {
    const models = (parsed.value as { stage_models?: Record<string, { stages?: Stage[] }> } | null)?.stage_models;
    if (!models || typeof models !== 'object') continue;
    for (const [name, model] of Object.entries(models)) {
      const stages = Array.isArray(model?.stages) ? model.stages : [];
      const report = (code: string, message: string, i: number) => {
        broken.add(name);
        const path = ['stage_models', name, 'stages', i, 'number'];
        out.push({ code, message, severity: 'error', file: parsed.file, path, range: parsed.locate(path) });
      };
      // Of the stages sharing a number, the one not in its place is the one to renumber (else the later).
      const byNumber = new Map<unknown, number[]>();
      stages.forEach((s, i) => byNumber.set(s?.number, [...(byNumber.get(s?.number) ?? []), i]));
      for (const same of byNumber.values()) {
        if (same.length < 2) continue;
        const keep = same.find((i) => stages[i].number === i + 1) ?? same[0];
        for (const i of same.filter((x) => x !== keep))
          report(
            'duplicate-stage',
            `stage model '${name}' numbers two stages ${String(stages[i].number)}: '${String(stages[keep].key)}' ` +
              `and '${String(stages[i].key)}', so a job's stage would be ambiguous: number the stages 1 to ` +
              `${stages.length} in order ('${String(stages[i].key)}', the ${ordinal(i + 1)} stage, is ${i + 1})`,
            i,
          );
      }
      if (broken.has(name)) continue;
      const misplaced = stages.findIndex((s, i) => s?.number !== i + 1);
      if (misplaced >= 0)
        report(
          'stage-number-order',
          `stage '${String(stages[misplaced].key)}' of stage model '${name}' is numbered ` +
            `${String(stages[misplaced].number)}, but it is the ${ordinal(misplaced + 1)} stage: number the stages ` +
            `1 to ${stages.length} in order (this one is ${misplaced + 1})`,
          misplaced,
        );
    }
  }
  return broken;
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
