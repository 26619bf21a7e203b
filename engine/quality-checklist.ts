/**
 * A quality review's checklists (issue 43): which of a review's checklist forms a job gets (every job's, and those of
 * the measures it has a line for), the items of a checklist (its fields of the shared `checklist_item`: pass, pass
 * with minor issues, fail), and the outcome the answers give: the review fails when any item fails. Nobody types the
 * outcome; it follows from what was checked.
 */

import { deref, levelFields } from './load/form-fields.ts';
import { longDate } from './plain-words.ts';
import type { TaskForm } from './types.ts';
import type { ChecklistResult, QualityReviewDef } from './types-quality.ts';

/** The shared definition a checklist item references. */
export const CHECKLIST_ITEM = 'checklist_item';

/** One item of a checklist: its field and its title. */
export interface ChecklistItem {
  field: string;
  title: string;
}

/** The checklist forms of a review a job gets: those for every job, and those of a measure the job has a line for. */
export function checklistsFor(review: Pick<QualityReviewDef, 'checklists'>, measures: string[]): string[] {
  return review.checklists
    .filter((c) => !c.measures || c.measures.some((m) => measures.includes(m)))
    .map((c) => c.form);
}

/** The items of a checklist form, in the form's order: its fields that reference `checklist_item`. */
export function checklistItems(form: Pick<TaskForm, 'schema'>): ChecklistItem[] {
  const schema = form.schema as Record<string, unknown>;
  const out: ChecklistItem[] = [];
  for (const [field, placed] of levelFields(schema, [])) {
    const node = placed[0].node;
    if (node.$ref !== `#/definitions/${CHECKLIST_ITEM}`) continue;
    const title = (node.title as string | undefined) ?? (deref(node, {})?.title as string | undefined) ?? field;
    out.push({ field, title });
  }
  return out;
}

/** A checklist's field that says what was found (its text joins the finding a corrective action reads). */
export const FINDINGS_FIELD = 'findings';

/** What one review's answers give: its outcome, the items that failed or passed with minor issues, what was found. */
export interface ChecklistOutcome {
  outcome: 'pass' | 'fail';
  failed: ChecklistItem[];
  minor: ChecklistItem[];
  /** The checklists' `findings` answers, in order. */
  found: string[];
}

/** The outcome of a review's checklists, from their answers (form key -> data): fail when any item failed. */
export function checklistOutcome(
  forms: Pick<TaskForm, 'key' | 'schema'>[],
  answers: Record<string, Record<string, unknown>>,
): ChecklistOutcome {
  const failed: ChecklistItem[] = [];
  const minor: ChecklistItem[] = [];
  const found: string[] = [];
  for (const form of forms) {
    for (const item of checklistItems(form)) {
      const result = answers[form.key]?.[item.field] as ChecklistResult | undefined;
      if (result === 'fail') failed.push(item);
      else if (result === 'minor') minor.push(item);
    }
    const text = answers[form.key]?.[FINDINGS_FIELD];
    if (typeof text === 'string' && text.trim()) found.push(text.trim());
  }
  return { outcome: failed.length ? 'fail' : 'pass', failed, minor, found };
}

/** What a review found, in words: what the checklists say was found (the failed items when they say nothing), and
 * the reviewer's note; null when nothing was. */
export function findingOf(result: ChecklistOutcome, note: string | null): string | null {
  const items = result.failed.map((i) => i.title);
  const said = result.found.length ? result.found.join(' ') : items.length ? `Failed: ${items.join('; ')}.` : '';
  return [said, note ?? ''].filter(Boolean).join(' ') || null;
}

/** What an inspection photo's file says of when and where it was taken, when that does not show the finished work. */
export const PHOTO_MESSAGES = {
  no_time: 'This photo does not say when it was taken. Please take it with the phone’s camera.',
  no_place: 'This photo does not say where it was taken. Please turn on the camera’s location and take it again.',
  before_install: (taken: string, installed: string) =>
    `This photo was taken on ${longDate(taken)}, before the installation was completed (${longDate(installed)}).`,
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A photo reference as the checklist keeps it (the stored attachment's own values). */
interface PhotoRef {
  id: string;
  content_type?: string;
  lat?: number;
  lon?: number;
  taken_at?: string;
}

const isPhoto = (v: unknown): v is PhotoRef =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as PhotoRef).id === 'string' &&
  String((v as PhotoRef).content_type ?? '').startsWith('image/');

/**
 * What the photos of a checklist's answers say against the job (messages under `<field>` or `<field>.<i>`): a photo
 * without a time or a place (nothing to compare), and one taken before the day the installation was completed
 * (`installed_on`, the program's `quality.installed_on`; its day is compared with the photo's UTC day). How far
 * from the site a photo was taken is the form's own geotag warning (validateTask).
 */
export function photoWarnings(
  form: Pick<TaskForm, 'runtime'>,
  data: Record<string, unknown>,
  installedOn: unknown,
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const installed = typeof installedOn === 'string' && ISO_DAY.test(installedOn) ? installedOn : null;
  for (const field of form.runtime.attachment_fields) {
    const value = data[field];
    const many = Array.isArray(value);
    for (const [i, ref] of (many ? value : [value]).entries()) {
      if (!isPhoto(ref)) continue;
      const path = many ? `${field}.${i}` : field;
      if (!ref.taken_at) out.push({ path, message: PHOTO_MESSAGES.no_time });
      else if (installed && ref.taken_at.slice(0, 10) < installed)
        out.push({ path, message: PHOTO_MESSAGES.before_install(ref.taken_at, installed) });
      if (typeof ref.lat !== 'number' || typeof ref.lon !== 'number')
        out.push({ path, message: PHOTO_MESSAGES.no_place });
    }
  }
  return out;
}
