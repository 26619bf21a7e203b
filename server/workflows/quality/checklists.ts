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
import { validateTask, type TaskForm } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { validationError } from '../../errors.ts';
import { jobState } from '../../services/evaluation.ts';

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

/** The checklist forms of the job's review, with the facts its answers are checked against. */
export async function checklistsOfJob(deps: Deps, job: JobRow, reviewId: string) {
  const { program, evaluation, facts } = await jobState(deps, job);
  const review = program.quality?.reviews.find((r) => r.id === reviewId);
  const measures = evaluation.incentive.lines.filter((l) => l.kind === 'measure').map((l) => l.id);
  const forms = (review ? checklistsFor(review, measures) : [])
    .map((key) => deps.defs.forms[key])
    .filter((f): f is TaskForm => !!f);
  return { forms, facts };
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
): Promise<{ result: ChecklistOutcome; finding: string | null; kept: Record<string, Record<string, unknown>> }> {
  const { forms, facts } = await checklistsOfJob(deps, job, reviewId);
  const errors: { path: string; message: string }[] = [];
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
    const checked = validateTask(form, data, facts);
    for (const e of checked.errors) errors.push({ path: `checklists/${form.key}/${e.path}`, message: e.message });
    kept[form.key] = checked.data;
  }
  if (errors.length) throw validationError(errors);
  const result = checklistOutcome(forms, kept);
  return { result, finding: findingOf(result, note), kept };
}
