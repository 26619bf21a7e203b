/**
 * A program's quality assurance (program.yaml `quality:`, issue 43), checked and compiled while the program is built:
 * each review's point is a task or stage of the program, and the measures it samples are measures of its incentives.
 * The meta-schema has already checked keys, kinds, standings and that every share is between 0 and 1.
 */

import type {
  ContractorStanding,
  QualityChecklist,
  QualityDef,
  QualityReviewKind,
  QualitySample,
} from '../types-quality.ts';
import type { TaskForm } from '../types.ts';
import { checklistItems } from '../quality-checklist.ts';
import { DEFAULT_REVIEW_DUE_DAYS } from '../types-quality.ts';
import type { DocumentTools } from './build-documents.ts';
import type { Logic } from '../logic/walk.ts';
import { checkJobPoint } from './job-point.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KIND_LABELS: Record<QualityReviewKind, string> = {
  desk_review: 'Desk review',
  field_inspection: 'Field inspection',
};

/** Builds `quality:` when the program has one. */
export function buildQuality(
  raw: Raw,
  parsed: ParsedFile,
  taskIds: Set<string>,
  stageCount: number,
  forms: Map<string, TaskForm>,
  { diag, rule }: Pick<DocumentTools, 'diag' | 'rule'>,
): QualityDef | undefined {
  const q = raw.quality as Raw | undefined;
  if (!q) return undefined;
  const program = { taskIds, stageCount, stageModel: String(raw.stage_model) };
  const measureIds = Object.keys((raw.incentives?.measures as Raw | undefined) ?? {});
  const reviews = Object.entries(q.reviews as Record<string, Raw>).map(([id, r]) => {
    const at = ['quality', 'reviews', id];
    checkJobPoint(r.when, [...at, 'when'], `quality review '${id}' decides`, program, diag);
    const sample = r.sample as QualitySample;
    (sample.measures ?? []).forEach((m, i) => {
      if (measureIds.includes(m)) return;
      const hint = closest(m, measureIds);
      diag(
        'quality-unknown-measure',
        `quality review '${id}' samples jobs with measure '${m}', which the program's incentives do not have` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, 'sample', 'measures', i],
      );
    });
    const checklists = ((r.checklists as Raw[] | undefined) ?? []).map((c, i): QualityChecklist => {
      const form = String(c.form);
      const where = [...at, 'checklists', i];
      const loaded = forms.get(form);
      if (!loaded) {
        const hint = closest(form, [...forms.keys()]);
        diag(
          'quality-unknown-form',
          `quality review '${id}' names checklist '${form}', which is not in task-schemas/` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          [...where, 'form'],
        );
      } else if (!checklistItems(loaded).length)
        diag(
          'quality-checklist-without-items',
          `checklist '${form}' of quality review '${id}' has no item to pass or fail: give a field ` +
            `{ $ref: "#/definitions/checklist_item" }`,
          [...where, 'form'],
        );
      ((c.measures as string[] | undefined) ?? []).forEach((m, j) => {
        if (measureIds.includes(m)) return;
        const hint = closest(m, measureIds);
        diag(
          'quality-unknown-measure',
          `quality review '${id}' asks checklist '${form}' for measure '${m}', which the program's incentives do ` +
            `not have` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          [...where, 'measures', j],
        );
      });
      return { form, ...(c.measures ? { measures: c.measures as string[] } : {}) };
    });
    const kind = r.kind as QualityReviewKind;
    return {
      checklists,
      id,
      kind,
      label: (r.label as string | undefined) ?? KIND_LABELS[kind],
      due_days: (r.due_days as number | undefined) ?? DEFAULT_REVIEW_DUE_DAYS,
      holds_payment: (r.holds_payment as 'failed' | 'open_or_failed' | undefined) ?? 'failed',
      when: r.when as { task_completed?: string; stage_reached?: number },
      sample: { ...sample, every_job_while: sample.every_job_while as ContractorStanding[] | undefined },
      source: parsed.locate(at),
    };
  });
  const s = q.standing as Raw;
  return {
    seed: String(q.seed),
    reviews,
    standing: {
      full_after_passes: s.full_after_passes,
      probation_after: s.probation_after,
      ...(s.suspend_after ? { suspend_after: s.suspend_after } : {}),
      reinstate_after_passes: s.reinstate_after_passes ?? s.full_after_passes,
    },
    corrective_action_days: q.corrective_action.deadline_days,
    ...(q.installed_on === undefined
      ? {}
      : {
          installed_on: rule(
            'quality.installed_on',
            q.installed_on as Logic,
            ['quality', 'installed_on'],
            parsed,
            'quality installed_on',
          ),
        }),
    source: parsed.locate(['quality']),
  };
}
