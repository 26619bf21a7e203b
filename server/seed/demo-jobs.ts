/**
 * One demo job, built the way a job is worked: the program's tasks completed in dependency order up to
 * a stage, with the answers of the cases' base job over the forms' filled examples, dated along a
 * timeline that ends today. Pure: the caller stores it and lets the engine (refreshJob) say its stage
 * and eligibility.
 */

import {
  evaluateJob,
  hiddenFields,
  jobOnlyFacts,
  type JobEvaluation,
  type JobInput,
  type JobSite,
  type TaskDef,
  type TaskForm,
} from '../../engine/index.ts';
import { siteOf, type Locale } from './demo-areas.ts';
import { changedSite, type ProgramSeed, type TaskOverlay, type Variant } from './demo-variants.ts';
import { STREETS } from './names.ts';
import type { Random } from './seeded-random.ts';

const DAY = 86_400_000;

/** How one job is to be built. */
export interface JobPlan {
  /** The stage the job is left in (the last stage: everything done, or the last tasks open). */
  stage: number;
  variant?: Variant;
  /** Just created: the homeowner has answered only some of the forms. */
  fresh: boolean;
  /** One of the jobs that put every stage of the program on screen: never canceled. */
  coverage: boolean;
}

/** A stored task of a built job; `at` is when it was last saved (ms). */
export interface BuiltTask {
  def: TaskDef;
  status: 'IN_PROGRESS' | 'COMPLETE';
  data: Record<string, unknown>;
  at: number;
  /** Its answers are a case's (a problem the case is about: a refusal of them stands). */
  from_case?: boolean;
}

/** A built job: where, when, its tasks, and what the engine said of it. */
export interface BuiltJob {
  locale: Locale;
  site: JobSite & { address: string };
  created_at: number;
  submitted_at: number | null;
  stage_entered_at: number;
  updated_at: number;
  ops_marked_ineligible: boolean;
  tasks: BuiltTask[];
  evaluation: JobEvaluation;
}

/** What building needs besides the plan. */
export interface BuildContext {
  rnd: Random;
  now: number;
  /** The first filled example of a form (tests/fixtures/forms). */
  fixture: (form: string) => Record<string, unknown>;
  /** The forms: a question the home is not asked (form.yaml shown_if, e.g. California's rates in Wisconsin) is not
   * answered. */
  forms?: Record<string, TaskForm>;
}

/**
 * The jobs of one program: first one per stage (so every stage is on screen), then mostly ordinary
 * jobs, about a fifth with a problem case of cases.yaml (ineligible) and some waiting on answers.
 */
export function planJobs(seed: ProgramSeed, count: number, rnd: Random): JobPlan[] {
  const { stages } = seed;
  const byKind = (k: Variant['kind']) => seed.variants.filter((v) => v.kind === k);
  const problems = byKind('problem');
  const pending = byKind('pending');
  const profiles = byKind('profile');
  const weights = stages.map((_, i) => (i === 0 ? 3 : i === stages.length - 1 ? 1.5 : 2));
  const afterSubmit = stages.slice(1, -1);
  const plans: JobPlan[] = [];
  let p = 0;
  let q = 0;
  for (let j = 0; j < count; j++) {
    if (j < stages.length) {
      plans.push({ stage: stages[j], fresh: false, coverage: true });
      continue;
    }
    const r = rnd.next();
    const variant =
      r < 0.22 && problems.length
        ? problems[p++ % problems.length]
        : r < 0.3 && pending.length
          ? pending[q++ % pending.length]
          : undefined;
    if (variant) {
      const stage = variant.stage ?? (afterSubmit.length ? rnd.pick(afterSubmit) : stages[0]);
      plans.push({ stage, variant, fresh: false, coverage: false });
      continue;
    }
    const stage = stages[rnd.weighted(weights)];
    const fresh = stage === stages[0] && rnd.chance(0.35);
    plans.push({
      stage,
      variant: !fresh && profiles.length && rnd.chance(0.5) ? rnd.pick(profiles) : undefined,
      fresh,
      coverage: false,
    });
  }
  return plans;
}

/** Builds a job of the plan (the same plan and generator state give the same job). */
export function buildJob(seed: ProgramSeed, plan: JobPlan, ctx: BuildContext): BuiltJob {
  const { program } = seed;
  const { rnd, now } = ctx;
  const T = plan.stage;
  const last = seed.stages[seed.stages.length - 1];
  const overlay: Record<string, TaskOverlay> = plan.variant?.tasks ?? {};
  const locale = rnd.pick(plan.variant?.locales ?? seed.locales);
  const site = changedSite(
    {
      ...siteOf(locale),
      address: `${100 + rnd.int(9800)} ${rnd.pick(STREETS)}`,
      lat: round(locale.lat + rnd.between(-0.03, 0.03)),
      lon: round(locale.lon + rnd.between(-0.03, 0.03)),
    },
    plan.variant?.site ?? {},
  );
  const time = timeline(seed, plan, rnd, now);
  const submitted_at = T > seed.stages[0] ? time.starts.get(seed.stages[1])! : null;
  // The cases' dates are relative to the day they were written for: that day becomes this job's submission (or today).
  const caseShift = daysBetween(seed.cases_today, dayOf(submitted_at ?? now));

  const status = new Map<string, BuiltTask['status']>();
  for (const t of program.task_order) if (t.stage < T) status.set(t.id, 'COMPLETE');
  for (const id of Object.keys(seed.base_tasks))
    if (!status.has(id) && !(plan.fresh && rnd.chance(0.5))) status.set(id, 'IN_PROGRESS');
  for (const [id, o] of Object.entries(overlay)) status.set(id, o.status ?? status.get(id) ?? 'IN_PROGRESS');

  const defs = new Map(program.task_order.map((t) => [t.id, t]));
  const compose = (t: TaskDef, st: BuiltTask['status']): BuiltTask => {
    const at = time.taskAt(t);
    let data: Record<string, unknown> = {};
    // The forms' examples, like the cases, are written as of the cases' day: that day becomes the day the task was
    // done.
    if (st === 'COMPLETE')
      data = atSite(shiftDates(ctx.fixture(t.form), daysBetween(seed.cases_today, dayOf(at))), site) as Record<
        string,
        unknown
      >;
    const base = seed.base_tasks[t.id]?.data;
    if (base) Object.assign(data, shiftDates(base, caseShift));
    sameUtilities(data, site);
    const change = overlay[t.id]?.data;
    if (change) data = merge(data, shiftDates(change, caseShift)) as Record<string, unknown>;
    for (const f of hiddenFields(ctx.forms?.[t.form]?.runtime.field_conditions ?? [], jobOnlyFacts(site, dayOf(now))))
      delete data[f];
    return { def: t, status: st, data: withoutNulls(data), at, ...(change ? { from_case: true } : {}) };
  };
  const evaluate = () => {
    const tasks = [...status].map(([id, st]) => compose(defs.get(id)!, st));
    const input: JobInput = {
      created_at: new Date(time.created).toISOString(),
      submitted_at: submitted_at === null ? null : new Date(submitted_at).toISOString(),
      ops_marked_ineligible: plan.variant?.ops_marked_ineligible ?? false,
      site,
      tasks: Object.fromEntries(tasks.map((t) => [t.def.id, { status: t.status, data: t.data }])),
    };
    return { tasks, evaluation: evaluateJob(program, input, { today: dayOf(now) }) };
  };

  // Tasks that do not apply to this home (a renter's form for an owner) are never filled.
  const skipped = new Set(evaluate().evaluation.skipped_tasks);
  for (const id of skipped) status.delete(id);
  // In its own stage, some of the tasks are done: fewer than all (or it would have moved on), in order,
  // and none after a task the variation decides.
  const atStage = program.task_order.filter((t) => t.stage === T && !skipped.has(t.id));
  const stop = atStage.findIndex((t) => t.id in overlay);
  const open = stop === -1 ? atStage : atStage.slice(0, stop);
  const most = T === last ? open.length : Math.min(open.length, atStage.length - 1);
  for (const t of open.slice(0, rnd.int(most + 1))) status.set(t.id, 'COMPLETE');
  // A task is done only after the tasks it waits for (a case may complete one without them: they are done first).
  for (const t of [...program.task_order].reverse())
    if (status.get(t.id) === 'COMPLETE' || t.id in overlay)
      for (const id of t.after) if (!skipped.has(id) && defs.has(id)) status.set(id, 'COMPLETE');
  // Nobody can save a task that is still locked: such answers are not there yet.
  const locked = new Set(
    evaluate()
      .evaluation.tasks.filter((t) => t.status === 'LOCKED')
      .map((t) => t.id),
  );
  for (const [id, st] of status) if (st === 'IN_PROGRESS' && locked.has(id) && !(id in overlay)) status.delete(id);

  const { tasks, evaluation } = evaluate();
  tasks.sort((a, b) => a.at - b.at);
  return {
    locale,
    site,
    created_at: time.created,
    submitted_at,
    stage_entered_at: time.entered,
    updated_at: Math.max(time.entered, ...tasks.map((t) => t.at)),
    ops_marked_ineligible: plan.variant?.ops_marked_ineligible ?? false,
    tasks,
    evaluation,
  };
}

/**
 * When things happened: the job was created some day of the last ten months (lately when just created,
 * never before the program opened nor after it closed), each stage before its own took a share of its
 * life, and it has sat in its own stage since.
 */
function timeline(seed: ProgramSeed, plan: JobPlan, rnd: Random, now: number) {
  const { stages } = seed;
  const before = stages.filter((s) => s < plan.stage);
  const { from, until } = seed.program.accept_submissions;
  // A program that stopped taking submissions had its jobs before it stopped.
  const end = until ? Math.min(now, Date.parse(until) + DAY - 1) : now;
  const oldest = Math.max(1, Math.min(300, from ? (end - Date.parse(from)) / DAY - 1 : 300));
  const age = plan.fresh
    ? rnd.between(0.1, 14)
    : rnd.between(Math.min(oldest, 3 + 12 * before.length), before.length ? oldest : Math.min(oldest, 150));
  const sitting = !before.length
    ? age
    : age * (plan.stage === stages[stages.length - 1] ? rnd.between(0.2, 0.6) : rnd.between(0.05, 0.4));
  const weights = before.map((s) => (s === stages[0] ? rnd.between(0.3, 1) : rnd.between(0.6, 1.6)));
  const sum = weights.reduce((a, w) => a + w, 0);
  const created = end - age * DAY;
  const starts = new Map<number, number>();
  const lengths = new Map<number, number>();
  let t = created;
  before.forEach((s, i) => {
    const length = ((age - sitting) * DAY * weights[i]) / sum;
    starts.set(s, t);
    lengths.set(s, length);
    t += length;
  });
  starts.set(plan.stage, t);
  const entered = t;
  const idle = now - entered;
  const inStage = new Map<number, string[]>();
  for (const task of seed.program.task_order) inStage.set(task.stage, [...(inStage.get(task.stage) ?? []), task.id]);
  const taskAt = (task: TaskDef) => {
    const list = inStage.get(task.stage)!;
    const pos = list.indexOf(task.id);
    if (task.stage < plan.stage) return starts.get(task.stage)! + (lengths.get(task.stage)! * (pos + 1)) / list.length;
    return entered + (idle * (pos + 1)) / (list.length + 1);
  };
  return { created, starts, entered, taskAt };
}

/** The homeowner names the site's utilities in the forms that ask (the job's site is where they come from). */
function sameUtilities(data: Record<string, unknown>, site: JobSite) {
  if ('electric_utility_provider' in data) data.electric_utility_provider = site.electric_utility ?? 'none';
  if ('gas_utility_provider' in data) data.gas_utility_provider = site.gas_utility ?? 'none';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/;
const round = (n: number) => Math.round(n * 1e5) / 1e5;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every date (YYYY-MM-DD, or a timestamp) in a value moved by some days. */
export function shiftDates(v: unknown, days: number): unknown {
  if (typeof v === 'string') {
    const m = DATE.exec(v);
    return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + days)).toISOString().slice(0, 10) + (m[4] ?? '') : v;
  }
  if (Array.isArray(v)) return v.map((x) => shiftDates(x, days));
  if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shiftDates(x, days)]));
  return v;
}

/** Photos of the examples were taken at the job site (a geotag farther than a mile would warn). */
function atSite(v: unknown, site: JobSite): unknown {
  if (Array.isArray(v)) return v.map((x) => atSite(x, site));
  if (!isPlain(v)) return v;
  const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, atSite(x, site)]));
  if (typeof out.lat === 'number' && typeof out.lon === 'number' && site.lat !== undefined && site.lon !== undefined) {
    out.lat = round(site.lat + (out.lat % 0.001));
    out.lon = round(site.lon + (out.lon % 0.001));
  }
  return out;
}

/** Deep merge as cases.yaml means it: objects merge, arrays and scalars replace. */
function merge(base: unknown, over: unknown): unknown {
  if (!isPlain(base) || !isPlain(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? merge(out[k], v) : v;
  return out;
}

/** Unanswered fields are absent, never null (as a submitted form stores them). */
function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined));
}
