/**
 * Impact before shipping: every live job evaluated under the current and the proposed definitions, side by
 * side, with how many change eligibility (by reason), stage, tasks and rebate, the change in dollars by
 * program and county, and for each changed job the definition change that made the difference.
 */

import type { Definitions } from './load/definition-types.ts';
import type { EligibilityStatus } from './constants.ts';
import type { DefinitionChange } from './definition-diff.ts';
import { evaluateJobWithFacts } from './evaluate-job.ts';
import { isOpenTask } from './submission.ts';
import type { JobEvaluation, JobInput, Program } from './types.ts';
import {
  eligibilityBecause,
  eligibilityDifferences,
  programChanges,
  rebateBecause,
  stageBecause,
  taskDifferences,
  tasksBecause,
  type ChangeContext,
} from './impact-explain.ts';

/** A live job as the impact report reads it: its identity, program, county and engine input. */
export interface ImpactJob {
  id: number | string;
  code: string;
  program_id: string;
  county: string | null;
  input: JobInput;
  /**
   * The programs the job is judged by today and would be once the proposed definitions ship, when they are
   * not the program of each set of definitions: a job pinned to a definition version keeps its version, with
   * the paths each set applies to pinned jobs laid over (the caller resolves them from the stored versions).
   */
  programs?: { before: Program | undefined; after: Program | undefined };
}

/** A job's outcome under one set of definitions. */
export interface ImpactOutcome {
  /** Stage number (null when the program is absent from these definitions). */
  stage: number | null;
  eligibility: EligibilityStatus | null;
  /** Ineligibility reason codes. */
  reasons: string[];
  /** Ids of the applicable tasks not complete. */
  open_tasks: string[];
  rebate_max_cents: number | null;
  rebate_final_cents: number | null;
}

/** One changed job: its outcome before and after, and why, in words a program manager reads. */
export interface ImpactJobChange {
  id: number | string;
  code: string;
  program_id: string;
  county: string | null;
  before: ImpactOutcome;
  after: ImpactOutcome;
  because: string[];
}

/** The impact report. */
export interface ImpactReport {
  /** Live (not canceled) jobs whose program either version has. */
  jobs_evaluated: number;
  /** How many jobs change each: eligibility (status or a reason; by the reason codes that appeared or disappeared),
   * stage number, tasks (applicable or status), rebate. */
  changed: {
    eligibility: { count: number; by_reason: Record<string, number> };
    stage: number;
    tasks: number;
    rebate: number;
  };
  /** The rebate change (after - before of the final amount where known, else the top of the range), in cents; a job
   * without a county counts under '(none)'. */
  dollars: { total_cents: number; by_program: Record<string, number>; by_county: Record<string, number> };
  /** The changed jobs, in the order given. */
  jobs: ImpactJobChange[];
}

const NO_OUTCOME: ImpactOutcome = {
  stage: null,
  eligibility: null,
  reasons: [],
  open_tasks: [],
  rebate_max_cents: null,
  rebate_final_cents: null,
};

function outcomeOf(ev: JobEvaluation | undefined): ImpactOutcome {
  if (!ev) return NO_OUTCOME;
  return {
    stage: ev.stage.number,
    eligibility: ev.eligibility.status,
    reasons: ev.eligibility.reasons.map((r) => r.code),
    open_tasks: ev.tasks.filter(isOpenTask).map((t) => t.id),
    rebate_max_cents: ev.incentive.range.max_cents,
    rebate_final_cents: ev.incentive.final_cents,
  };
}

/** The rebate a job counts for in dollars: its final amount where known, else the top of its range (none: 0). */
export function rebateCents(o: ImpactOutcome): number {
  return o.rebate_final_cents ?? o.rebate_max_cents ?? 0;
}

const shownCents = (ev: JobEvaluation) => ev.incentive.final_cents ?? ev.incentive.range.max_cents;

/** What one program's change is: both versions and the changed values (none: its jobs cannot change). */
interface ProgramPair {
  before: Program | undefined;
  after: Program | undefined;
  changes: DefinitionChange[];
}

function pairOf(
  pairs: Map<string, ProgramPair>,
  current: Definitions,
  proposed: Definitions,
  job: ImpactJob,
): ProgramPair {
  const before = job.programs ? job.programs.before : current.programs[job.program_id];
  const after = job.programs ? job.programs.after : proposed.programs[job.program_id];
  const key = `${job.program_id}\n${before?.hash ?? ''}\n${after?.hash ?? ''}`;
  let pair = pairs.get(key);
  if (!pair) {
    pair = { before, after, changes: programChanges(before, after) };
    pairs.set(key, pair);
  }
  return pair;
}

const add = (m: Record<string, number>, k: string, n: number) => {
  m[k] = (m[k] ?? 0) + n;
};

type Reason = { rule: string; code: string };
const sameReasons = (a: Reason[], b: Reason[]) =>
  a.length === b.length && a.every((r, i) => r.rule === b[i].rule && r.code === b[i].code);

/** The same eligibility outcome: status, and the same rules ineligible, pending and undetermined. */
function sameEligibility(a: JobEvaluation, b: JobEvaluation): boolean {
  const x = a.eligibility;
  const y = b.eligibility;
  return (
    x.status === y.status &&
    sameReasons(x.reasons, y.reasons) &&
    sameReasons(x.pending, y.pending) &&
    sameReasons(x.undetermined, y.undetermined)
  );
}

/** The same tasks in the same order with the same statuses (a different order is left to the full diff). */
function sameTasks(a: JobEvaluation, b: JobEvaluation): boolean {
  return (
    a.tasks.length === b.tasks.length &&
    a.tasks.every((t, i) => t.id === b.tasks[i].id && t.status === b.tasks[i].status)
  );
}

/** One job's comparison: what changed (each aspect) and why, or null when nothing did. */
function compare(
  job: ImpactJob,
  pair: ProgramPair,
  today: string,
): {
  change: ImpactJobChange;
  aspects: { eligibility: string[] | null; stage: boolean; tasks: boolean; rebate: boolean };
} | null {
  const ctx = { today };
  const before = pair.before && evaluateJobWithFacts(pair.before, job.input, ctx).evaluation;
  const after = pair.after && evaluateJobWithFacts(pair.after, job.input, ctx).evaluation;
  const headOf = () => ({
    id: job.id,
    code: job.code,
    program_id: job.program_id,
    county: job.county,
    before: outcomeOf(before),
    after: outcomeOf(after),
  });
  if (!before || !after) {
    const head = headOf();
    const because = [
      before
        ? `program ${job.program_id} is not in the proposed definitions`
        : `program ${job.program_id} is not in the current definitions`,
    ];
    return {
      change: { ...head, because },
      aspects: {
        eligibility: [],
        stage: true,
        tasks: true,
        rebate: rebateCents(head.before) !== rebateCents(head.after),
      },
    };
  }
  // Most jobs do not change: equal outcomes are told cheaply, and only the rest are diffed in detail.
  const elig = sameEligibility(before, after) ? undefined : eligibilityDifferences(before, after);
  const eligibilityChanged =
    !!elig &&
    (before.eligibility.status !== after.eligibility.status || elig.appeared.length > 0 || elig.disappeared.length > 0);
  const stage = before.stage.number !== after.stage.number;
  const tasks = !sameTasks(before, after) && taskDifferences(before, after).length > 0;
  // The rebate as shown: a line that moves under an amount ops shared, or below the final figure, changes nothing paid.
  const rebate = shownCents(before) !== shownCents(after);
  if (!eligibilityChanged && !stage && !tasks && !rebate) return null;
  let explained: { before: JobEvaluation; after: JobEvaluation } | undefined;
  const c: ChangeContext = {
    before,
    after,
    programs: [pair.before!, pair.after!],
    changes: pair.changes,
    explained: () =>
      (explained ??= {
        before: evaluateJobWithFacts(pair.before!, job.input, { today, explain: true }).evaluation,
        after: evaluateJobWithFacts(pair.after!, job.input, { today, explain: true }).evaluation,
      }),
  };
  const because: string[] = [];
  if (eligibilityChanged) because.push(...eligibilityBecause(c));
  if (stage) because.push(stageBecause(c));
  if (tasks) because.push(tasksBecause(c));
  if (rebate) because.push(rebateBecause(c));
  const reasons = eligibilityChanged
    ? [...new Set([...elig!.appeared, ...elig!.disappeared].map((d) => d.code))]
    : null;
  return { change: { ...headOf(), because }, aspects: { eligibility: reasons, stage, tasks, rebate } };
}

/** An impact report read in pieces: `add` each batch of jobs as it is read; `report` is the report of those so far. */
export interface ImpactRun {
  add(jobs: Iterable<ImpactJob>): void;
  readonly report: ImpactReport;
  /**
   * The report of the jobs added since the last drain (or the start), and a new empty report for those that follow;
   * the programs' differences, worked out once, are kept. mergeImpact puts the pieces back together.
   */
  drain(): ImpactReport;
}

const emptyReport = (): ImpactReport => ({
  jobs_evaluated: 0,
  changed: { eligibility: { count: 0, by_reason: {} }, stage: 0, tasks: 0, rebate: 0 },
  dollars: { total_cents: 0, by_program: {}, by_county: {} },
  jobs: [],
});

/**
 * Adds the report of later jobs (`part`) to `into`: the counts and dollars summed, the changed jobs after those
 * already there. Reports of consecutive batches merged in order are the report of all their jobs at once.
 */
export function mergeImpact(into: ImpactReport, part: ImpactReport): ImpactReport {
  into.jobs_evaluated += part.jobs_evaluated;
  const c = into.changed;
  c.eligibility.count += part.changed.eligibility.count;
  for (const [k, n] of Object.entries(part.changed.eligibility.by_reason)) add(c.eligibility.by_reason, k, n);
  c.stage += part.changed.stage;
  c.tasks += part.changed.tasks;
  c.rebate += part.changed.rebate;
  into.dollars.total_cents += part.dollars.total_cents;
  for (const [k, n] of Object.entries(part.dollars.by_program)) add(into.dollars.by_program, k, n);
  for (const [k, n] of Object.entries(part.dollars.by_county)) add(into.dollars.by_county, k, n);
  for (const j of part.jobs) into.jobs.push(j);
  return into;
}

/**
 * The impact report of `current` against `proposed` on `today` (an ISO date), built batch by batch: a million jobs
 * are streamed through it, never held (only the changed jobs are kept, in the report). Live (not canceled) jobs are
 * evaluated under both; a job whose program did not change is counted as evaluated without running the engine: the
 * same program, job and day give the same outcome.
 */
export function impactRun(current: Definitions, proposed: Definitions, today: string): ImpactRun {
  let report = emptyReport();
  const pairs = new Map<string, ProgramPair>();
  const count = (job: ImpactJob) => {
    if (job.input.is_canceled) return;
    const pair = pairOf(pairs, current, proposed, job);
    if (!pair.before && !pair.after) return;
    report.jobs_evaluated += 1;
    if (!pair.changes.length) return;
    const found = compare(job, pair, today);
    if (!found) return;
    const { change, aspects } = found;
    report.jobs.push(change);
    if (aspects.eligibility) {
      report.changed.eligibility.count += 1;
      for (const r of aspects.eligibility) add(report.changed.eligibility.by_reason, r, 1);
    }
    if (aspects.stage) report.changed.stage += 1;
    if (aspects.tasks) report.changed.tasks += 1;
    if (aspects.rebate) {
      report.changed.rebate += 1;
      const delta = rebateCents(change.after) - rebateCents(change.before);
      report.dollars.total_cents += delta;
      add(report.dollars.by_program, job.program_id, delta);
      add(report.dollars.by_county, job.county ?? '(none)', delta);
    }
  };
  return {
    add: (jobs) => {
      for (const job of jobs) count(job);
    },
    get report() {
      return report;
    },
    drain: () => {
      const out = report;
      report = emptyReport();
      return out;
    },
  };
}

/**
 * Evaluates every live (not canceled) job under `current` and `proposed` and reports what changes; `today`
 * is an ISO date (impactRun, all jobs at once).
 */
export function impactReport(
  current: Definitions,
  proposed: Definitions,
  jobs: Iterable<ImpactJob>,
  today: string,
): ImpactReport {
  const run = impactRun(current, proposed, today);
  run.add(jobs);
  return run.report;
}
