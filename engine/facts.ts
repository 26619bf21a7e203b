/**
 * The facts object every rule reads, built from a job:
 * job.* (job and site fields), derived.* (computed by the engine), constants.*, tables.*,
 * task_status.<task id> (stored status), and <task id>.<field> (each task's saved data).
 */

import type { EvalContext, JobInput, JobSite, Program, TaskState } from './types.ts';

/** Job fields rules may read as job.<name>. */
export const JOB_FACTS = [
  'id',
  'code',
  'created_at',
  'submitted_at',
  'is_canceled',
  'is_deemed',
  'ops_marked_ineligible',
  'address',
  'city',
  'county',
  'state',
  'zip',
  'lat',
  'lon',
  'electric_utility',
  'gas_utility',
] as const;

/** Values the engine derives, read as derived.<name>. */
export const DERIVED_FACTS = ['today', 'submission_date', 'in_service_area', 'accepting_submissions'] as const;

/** Top-level fact namespaces that are not task ids. */
export const RESERVED_FACT_ROOTS = ['job', 'derived', 'constants', 'tables', 'task_status', 'usage'] as const;

/** Facts built for one job. */
export type Facts = Record<string, unknown> & {
  job: Record<string, unknown>;
  derived: Record<string, unknown>;
  constants: Record<string, unknown>;
  tables: Record<string, unknown>;
  task_status: Record<string, string>;
  /** What energy usage collection found (engine/usage.ts USAGE_FACTS); empty before it ran. */
  usage: Record<string, unknown>;
};

/** The site fields of a job (job.address ... job.gas_utility). */
const SITE_FIELDS = [
  'address',
  'city',
  'county',
  'state',
  'zip',
  'lat',
  'lon',
  'electric_utility',
  'gas_utility',
] as const;

/**
 * A job's own fields as a stored row, an API answer or a client holds them (any may be null or absent;
 * flags may be SQLite's 0/1): what `jobInputOf` reads.
 */
export type JobRecord = {
  id?: number | string | null;
  code?: string | null;
  created_at?: string | null;
  submitted_at?: string | null;
} & {
  [K in 'is_canceled' | 'is_deemed' | 'ops_marked_ineligible']?: boolean | number | null;
} & { [K in (typeof SITE_FIELDS)[number]]?: JobSite[K] | null } & {
  /** The usage facts as stored (JSON text) or answered (an object). */
  usage_facts?: string | Record<string, unknown> | null;
};

/** A job as the engine reads it, from its fields and (when the caller has them) its tasks' states. */
export function jobInputOf(job: JobRecord, tasks?: Record<string, TaskState>): JobInput {
  const site: Record<string, unknown> = {};
  for (const k of SITE_FIELDS) if (job[k] !== null && job[k] !== undefined) site[k] = job[k];
  const input: JobInput = { site: site as JobSite };
  if (job.id !== null && job.id !== undefined) input.id = String(job.id);
  if (job.code) input.code = job.code;
  if (job.created_at) input.created_at = job.created_at;
  if (job.submitted_at !== undefined) input.submitted_at = job.submitted_at;
  if (job.is_canceled !== undefined && job.is_canceled !== null) input.is_canceled = !!job.is_canceled;
  if (job.is_deemed !== undefined && job.is_deemed !== null) input.is_deemed = !!job.is_deemed;
  if (job.ops_marked_ineligible !== undefined && job.ops_marked_ineligible !== null)
    input.ops_marked_ineligible = !!job.ops_marked_ineligible;
  if (job.usage_facts)
    input.usage =
      typeof job.usage_facts === 'string' ? (JSON.parse(job.usage_facts) as Record<string, unknown>) : job.usage_facts;
  if (tasks) input.tasks = tasks;
  return input;
}

/** Copies a value dropping nulls, so that an absent answer and a null one read the same in both evaluators. */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k in value) {
    if (value[k] === null) {
      out ??= { ...value };
      delete out[k];
    }
  }
  return out ?? value;
}

/** True when the program's service area covers the site. */
export function inServiceArea(program: Pick<Program, 'service_area'>, site: JobInput['site']): boolean {
  const area = program.service_area;
  if (!site?.state || !area.states.includes(site.state)) return false;
  const hasCounties = !!area.counties?.length;
  const hasZips = !!area.zip_codes?.length;
  if (hasCounties || hasZips) {
    const countyOk = hasCounties && !!site.county && area.counties!.includes(site.county);
    const zipOk = hasZips && !!site.zip && area.zip_codes!.includes(site.zip);
    if (!countyOk && !zipOk) return false;
  }
  const u = area.utilities;
  if (u && (u.electric?.length || u.gas?.length)) {
    const electricOk = !!site.electric_utility && !!u.electric?.includes(site.electric_utility);
    const gasOk = !!site.gas_utility && !!u.gas?.includes(site.gas_utility);
    if (!electricOk && !gasOk) return false;
  }
  return true;
}

/** True when `date` is inside the program's submission window. */
export function acceptingSubmissions(program: Pick<Program, 'accept_submissions' | 'active'>, date: string): boolean {
  const { from, until } = program.accept_submissions;
  const d = date.slice(0, 10);
  return program.active && (from === null || d >= from) && (until === null || d <= until);
}

/**
 * Builds the facts of a job under a program: the server with the program it runs, the browser with
 * none (it has neither the program's constants and tables nor the other tasks' data, so the derived
 * facts that need the program are absent and rules reading them run on the server only).
 */
export function buildFacts(program: Program | null, job: JobInput, ctx: EvalContext): Facts {
  const site = job.site ?? {};
  const submission_date = (job.submitted_at ?? ctx.today).slice(0, 10);
  const facts: Facts = {
    job: withoutNulls({
      id: job.id,
      code: job.code,
      created_at: job.created_at,
      submitted_at: job.submitted_at ?? undefined,
      is_canceled: job.is_canceled ?? false,
      is_deemed: job.is_deemed ?? false,
      ops_marked_ineligible: job.ops_marked_ineligible ?? false,
      ...site,
    }),
    derived: program
      ? {
          today: ctx.today,
          submission_date,
          in_service_area: inServiceArea(program, site),
          accepting_submissions: acceptingSubmissions(program, submission_date),
        }
      : { today: ctx.today, submission_date },
    constants: program?.constants ?? {},
    tables: program?.table_values ?? {},
    task_status: {},
    usage: job.usage ? withoutNulls(job.usage) : {},
  };
  const tasks = job.tasks ?? {};
  for (const id in tasks) {
    const state = tasks[id];
    if (state.data) facts[id] = withoutNulls(state.data);
    facts.task_status[id] = state.status ?? 'NOT_STARTED';
  }
  return facts;
}

/** Reads a dotted path (or its segments, split once ahead of time) from facts. */
export function readFact(facts: object, path: string | readonly string[]): unknown {
  const segs = typeof path === 'string' ? path.split('.') : path;
  let node: unknown = facts;
  for (let i = 0; i < segs.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segs[i]];
  }
  return node;
}

/** A fact counts as missing when absent, null or an empty string. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
