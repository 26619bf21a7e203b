/**
 * A review's checklists (program.yaml `quality.reviews.<id>.checklists`, issue 43): the forms the reviewer fills in for
 * this job (every job's, and those of the measures its rebate has a line for), checked by the engine as any task's
 * answers are (each message under its field, as `checklists/<form>/<field>`), and the outcome they give (a failed
 * item fails the review; engine/quality-checklist.ts). Nobody types an outcome.
 */

import {
  checklistOutcome,
  checklistsFor,
  findingOf,
  type ChecklistOutcome,
} from '../../../engine/quality-checklist.ts';
import { photoWarnings } from '../../../engine/quality-checklist.ts';
import { validateTask, type FieldMessage, type TaskForm } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { validationError } from '../../errors.ts';
import { jobState } from '../../services/evaluation.ts';
import { checkEvidence } from '../../services/evidence.ts';
import { formOf } from '../../services/pinned-program.ts';

/** The upload target (an attachment's task id) of a review's checklist. */
export const checklistTarget = (reviewId: string, form: string) => `quality/${reviewId}/${form}`;

export const CHECKLIST_MESSAGES = {
  missing: 'Please fill in this checklist.',
  unknown: 'This review has no such checklist for this job.',
  none: 'This review has no checklist for this job: its program names none for the job’s measures.',
} as const;

/** A checklist of the job's review, as the inspection shows it: the form and its title. */
export interface ChecklistRef {
  form: string;
  title: string;
}

/**
 * The checklist forms of the job's review, with the facts its answers are checked against and the day the job's
 * installation was completed (program.yaml `quality.installed_on`; what its photos are compared with).
 */
export async function checklistsOfJob(deps: Deps, job: JobRow, reviewId: string) {
  const { program, evaluation, facts } = await jobState(deps, job);
  const review = program.quality?.reviews.find((r) => r.id === reviewId);
  const measures = evaluation.incentive.lines.filter((l) => l.kind === 'measure').map((l) => l.id);
  const forms = (review ? checklistsFor(review, measures) : [])
    .map((key) => formOf(deps, program, key))
    .filter((f): f is TaskForm => !!f);
  let installedOn: unknown = null;
  try {
    installedOn = program.quality?.installed_on?.fn(facts) ?? null;
  } catch {
    // A rule that cannot be evaluated on this job's data says nothing: no photo is compared with a day.
  }
  return { forms, facts, installedOn };
}

/** The checklists an inspection lists. */
export async function checklistRefs(deps: Deps, job: JobRow, reviewId: string): Promise<ChecklistRef[]> {
  return (await checklistsOfJob(deps, job, reviewId)).forms.map((f) => ({ form: f.key, title: f.title }));
}

/**
 * Checks the answers of every checklist of the job's review (422: every message, under `checklists/<form>/<field>`;
 * a checklist missing or not the job's under `checklists/<form>`), and gives the outcome they make, the finding a
 * failure reports, and the answers as kept.
 */
export async function checkChecklists(
  deps: Deps,
  job: JobRow,
  reviewId: string,
  answers: Record<string, unknown>,
  note: string | null,
): Promise<{
  result: ChecklistOutcome;
  finding: string | null;
  kept: Record<string, Record<string, unknown>>;
  warnings: FieldMessage[];
}> {
  const { forms, facts, installedOn } = await checklistsOfJob(deps, job, reviewId);
  const errors: FieldMessage[] = [];
  const warnings: FieldMessage[] = [];
  const kept: Record<string, Record<string, unknown>> = {};
  // Nothing checked is no pass: a review whose checklists all follow measures the job has none of records nothing.
  if (!forms.length) throw validationError([{ path: 'checklists', message: CHECKLIST_MESSAGES.none }]);
  for (const key of Object.keys(answers))
    if (!forms.some((f) => f.key === key))
      errors.push({ path: `checklists/${key}`, message: CHECKLIST_MESSAGES.unknown });
  for (const form of forms) {
    const data = answers[form.key];
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      errors.push({ path: `checklists/${form.key}`, message: CHECKLIST_MESSAGES.missing });
      continue;
    }
    // Photos are the ones uploaded for this checklist of this job's review, as stored (never what the client says).
    const evidence = await checkEvidence(
      deps,
      job,
      { tasks: [] },
      checklistTarget(reviewId, form.key),
      form,
      data as Record<string, unknown>,
    );
    const under = (m: FieldMessage) => ({ path: `checklists/${form.key}/${m.path}`, message: m.message });
    errors.push(...evidence.problems.map(under));
    const checked = validateTask(form, evidence.data, facts);
    errors.push(...checked.errors.map(under));
    warnings.push(...[...checked.warnings, ...photoWarnings(form, checked.data, installedOn)].map(under));
    kept[form.key] = checked.data;
  }
  if (errors.length) throw validationError(errors);
  const result = checklistOutcome(forms, kept);
  return { result, finding: findingOf(result, note), kept, warnings };
}
