/**
 * What the demo varies, read from each program's cases.yaml: the `base` job is the realistic eligible
 * job; the cases that change only its answers, its site or ops' ineligible mark are the variations
 * (an ineligible or pending case is a problem job of the demo, an eligible one another kind of home).
 * So the demo shows every reason the rules can give, and stays right when the rules change.
 */

import type { JobSite, Program } from '../../engine/index.ts';
import { LOCALES, localesOf, serves, siteOf, type Locale } from './demo-areas.ts';

/** A task's state as cases.yaml writes it. */
export interface TaskOverlay {
  status?: 'IN_PROGRESS' | 'COMPLETE';
  data?: Record<string, unknown>;
}

/** One variation of the base job. */
export interface Variant {
  name: string;
  kind: 'profile' | 'problem' | 'pending';
  tasks: Record<string, TaskOverlay>;
  ops_marked_ineligible: boolean;
  /** Site fields the case changes besides the town (e.g. the electric utility; null removes one). */
  site: Partial<JobSite>;
  /** Towns where the changed site is still inside the program's service area. */
  locales: Locale[];
  /** The stage the job waits in: that of the last task the case touches (null: ops marked it, any stage after
   * submission). */
  stage: number | null;
}

/** What the demo needs of one program. */
export interface ProgramSeed {
  program: Program;
  /** The date the cases were written against (their dates move with each demo job). */
  cases_today: string;
  base_tasks: Record<string, TaskOverlay>;
  locales: Locale[];
  /** Stages a job can be in: those with tasks, and the last (everything done). */
  stages: number[];
  variants: Variant[];
}

type CaseDoc = {
  today?: string;
  base?: { tasks?: Record<string, TaskOverlay> };
  cases?: { name: string; today?: string; job?: Record<string, unknown>; expect?: { eligibility?: string } }[];
};

const CASE_KEYS = new Set(['site', 'tasks', 'ops_marked_ineligible']);
const TOWN_KEYS = ['city', 'county', 'state', 'zip'] as const;

/** Reads a program's cases into the demo's base job and variations. */
export function programSeed(program: Program, casesValue: unknown): ProgramSeed {
  const doc = (casesValue ?? {}) as CaseDoc;
  const base_tasks = doc.base?.tasks ?? {};
  const locales = localesOf(program);
  const model = program.stage_model.stages;
  const stages = [...new Set([...program.tasks.map((t) => t.stage), model[model.length - 1].number])].sort(
    (a, b) => a - b,
  );
  const stageOf = new Map(program.tasks.map((t) => [t.id, t.stage]));
  const variants: Variant[] = [];
  const seen = new Set<string>();
  for (const c of doc.cases ?? []) {
    const job = c.job;
    // Cases that move the clock or the submission date test the window, not a home.
    if (!job || c.today || Object.keys(job).some((k) => !CASE_KEYS.has(k))) continue;
    const tasks = (job.tasks ?? {}) as Record<string, TaskOverlay>;
    if (Object.keys(tasks).some((id) => !stageOf.has(id))) continue;
    const ops_marked_ineligible = job.ops_marked_ineligible === true;
    const expected = c.expect?.eligibility;
    const onlyAnswers =
      !ops_marked_ineligible && Object.entries(tasks).every(([id, t]) => id in base_tasks && t.status === undefined);
    const kind =
      expected === 'ineligible'
        ? 'problem'
        : expected === 'pending_more_information'
          ? 'pending'
          : expected !== 'unable_to_determine' && onlyAnswers
            ? 'profile'
            : null;
    if (!kind) continue;
    const key = JSON.stringify(job);
    if (key === '{}' || seen.has(key)) continue;
    seen.add(key);
    const siteChange = (job.site ?? {}) as Record<string, unknown>;
    const town = TOWN_KEYS.filter((k) => k in siteChange);
    const rest: Partial<JobSite> = {};
    for (const [k, v] of Object.entries(siteChange))
      if (!(TOWN_KEYS as readonly string[]).includes(k)) (rest as Record<string, unknown>)[k] = v;
    const candidates = town.length ? LOCALES.filter((l) => town.every((k) => l[k] === siteChange[k])) : locales;
    const fits = candidates.filter((l) => serves(program, changedSite(siteOf(l), rest)));
    // Addresses stay inside the program's area: a case that moves the home out of it is not a demo job.
    if (!fits.length) continue;
    const touched = Object.keys(tasks).map((id) => stageOf.get(id)!);
    const stage = touched.length ? Math.max(stages[0], ...touched) : ops_marked_ineligible ? null : stages[0];
    variants.push({ name: c.name, kind, tasks, ops_marked_ineligible, site: rest, locales: fits, stage });
  }
  return { program, cases_today: doc.today ?? '2026-01-01', base_tasks, locales, stages, variants };
}

/** A site with a case's changes (a null removes the field). */
export function changedSite<T extends JobSite>(site: T, change: Partial<JobSite>): T {
  const out = { ...site, ...change } as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === null || out[k] === undefined) delete out[k];
  return out as T;
}
