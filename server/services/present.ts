/**
 * How jobs and tasks are shown to each role. Internal-only data (ops owner, exception notes, internal
 * task fields marked "ui:internal" in the form, rule ids of explanations) reaches ops only.
 */

import type {
  ActionOwnerRole,
  EligibilityStatus,
  JobEvaluation,
  StageTab,
  Program,
  TaskForm,
  UploadKind,
} from '../../engine/index.ts';
import {
  liftWords,
  plainWords,
  type EligibilityReason,
  type Facts,
  type IncentiveLine,
  type PlainWords,
} from '../../engine/index.ts';
import type { EligibilityReasonView, EvaluationView, JobListItem, JobPerson } from '../../engine/api/jobs.ts';
import type { AuthUser, Deps } from '../context.ts';
import type { JobRow } from '../db/jobs.db.ts';
import type { HistoryRow } from '../db/history.db.ts';
import { seesInternal } from './access.ts';
import { formsOf } from './pinned-program.ts';
import { HOMEOWNER_WORDS } from './homeowner-present.ts';

const DAY_MS = 86_400_000;

/** The stage of a job as a list shows it. */
function stageOf(program: Program | undefined, row: JobRow) {
  const s = program?.stage_model.stages.find((x) => x.number === row.stage);
  return {
    number: row.stage,
    key: s?.key ?? row.stage_key,
    label: s?.label ?? String(row.stage),
    tab: s?.tab ?? (row.tab as StageTab | null),
  };
}

/** Whole days since a job entered its stage, at `now` (ms). */
function daysInStage(stageEnteredAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(stageEnteredAt)) / DAY_MS));
}

/** When a job's days in stage next reads differently after `now` (ms): how long a presented list holds. */
export function daysInStageChangeAfter(stageEnteredAt: string, now: number): number {
  return Date.parse(stageEnteredAt) + (daysInStage(stageEnteredAt, now) + 1) * DAY_MS;
}

/**
 * A job in a list (stored columns only: no evaluation). Its stage reads as `judgedBy` (the program the job is
 * evaluated under: a pinned job's version, programOfJob) names it, when given; its program's name is the loaded one's.
 */
export function presentListItem(
  deps: Deps,
  user: AuthUser,
  row: JobRow,
  contractorName?: string,
  judgedBy?: Program,
): JobListItem {
  const program = deps.defs.programs[row.program_id];
  const item: JobListItem = {
    id: row.id,
    code: row.code,
    external_id: row.external_id,
    full_name: row.full_name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    contractor_id: row.contractor_id,
    contractor: contractorName ?? null,
    program: { id: row.program_id, name: program?.name ?? row.program_id },
    stage: stageOf(judgedBy ?? program, row),
    is_canceled: !!row.is_canceled,
    cancel_reason: row.cancel_reason,
    eligibility: row.eligibility as EligibilityStatus,
    is_eligible: !!row.is_eligible,
    action_owners: row.action_owners.split(',').filter(Boolean) as ActionOwnerRole[],
    has_contractor_task_exception: !!row.has_contractor_task_exception,
    has_ops_task_exception: !!row.has_ops_task_exception,
    is_claimed: row.claimed_by !== null,
    is_deemed: !!row.is_deemed,
    rebate: { min_cents: row.rebate_min_cents, max_cents: row.rebate_max_cents, final_cents: row.rebate_final_cents },
    created_at: row.created_at,
    stage_entered_at: row.stage_entered_at,
    days_in_stage: daysInStage(row.stage_entered_at, deps.now().getTime()),
  };
  if (seesInternal(user)) {
    item.ops_owner = row.ops_owner;
    item.claimed_by = row.claimed_by;
    item.exception_notes = row.exception_notes;
    item.ops_ineligible_reason = row.ops_ineligible_reason;
  }
  return item;
}

/** How an ops user reads to everyone else (who in ops did what is internal). */
export const OPERATIONS_TEAM = 'Operations team';
/** How anyone of another company reads (never named to a contractor: STYLE.md, no leaks across companies). */
export const SOMEONE_ELSE = 'Someone outside your company';

/**
 * A job's creator or submitter as the caller may see them: ops see everyone; others see by name the
 * people of the job's own company and its homeowner, an ops user as the operations team, anyone else as
 * someone outside their company (no id either way).
 */
export function presentPerson(
  user: AuthUser,
  job: Pick<JobRow, 'contractor_id' | 'homeowner_user_id'>,
  person: Pick<AuthUser, 'id' | 'name' | 'role' | 'contractor_id'> | undefined,
): JobPerson | null {
  if (!person) return null;
  if (seesInternal(user)) return { id: person.id, name: person.name, role: person.role };
  if (person.role === 'ops') return { id: null, name: OPERATIONS_TEAM, role: 'ops' };
  const own =
    person.role === 'contractor'
      ? person.contractor_id !== null && person.contractor_id === job.contractor_id
      : person.id === job.homeowner_user_id;
  return own
    ? { id: person.id, name: person.name, role: person.role }
    : { id: null, name: SOMEONE_ELSE, role: person.role };
}

/** Strips a form's internal-only fields from task data for a user who may not see them. */
export function visibleTaskData(
  user: AuthUser,
  form: TaskForm | undefined,
  data: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!data || seesInternal(user) || !form?.ui_schema) return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    const ui = form.ui_schema[k] as Record<string, unknown> | undefined;
    if (!ui?.['ui:internal']) out[k] = v;
  }
  return out;
}

/** Names of a form's internal-only fields. */
export function internalFields(form: TaskForm | undefined): string[] {
  if (!form?.ui_schema) return [];
  return Object.entries(form.ui_schema)
    .filter(([, ui]) => (ui as Record<string, unknown> | undefined)?.['ui:internal'])
    .map(([k]) => k);
}

const wordsByProgram = new WeakMap<Program, PlainWords>();
/** The program each made words belong to: its eligibility rules' sentences for contractors and homeowners. */
const programOfWords = new WeakMap<PlainWords, Program>();

/** The words of a program's definitions (task and field titles, option labels), made once per loaded program. */
export function wordsOf(deps: Deps, program: Program): PlainWords {
  let w = wordsByProgram.get(program);
  if (!w) {
    wordsByProgram.set(program, (w = plainWords(program, formsOf(deps, program))));
    programOfWords.set(w, program);
  }
  return w;
}

/**
 * A reason as someone outside ops reads it: a homeowner the rule's `homeowner_message` (or the plain general
 * sentence), a contractor the rule in a sentence (its description), else the reason's label.
 */
function outsideText(user: AuthUser, r: EligibilityReason, program: Program | undefined): string {
  const rule = program?.eligibility.find((x) => x.id === r.rule);
  if (user.role === 'homeowner') return rule?.homeowner_message ?? HOMEOWNER_WORDS.generic_reason;
  return rule?.description ?? r.text;
}

/**
 * The engine's evaluation as a role sees it. Everyone reads what pending checks still need in words
 * (task and field titles, `words`); ops also get each rule's id, the facts it read and why in words; a
 * contractor reads each reason as a sentence and a homeowner in their own words (never a rule's name).
 */
export function presentEvaluation(user: AuthUser, ev: JobEvaluation, words: PlainWords, facts?: Facts): EvaluationView {
  const internal = seesInternal(user);
  const program = programOfWords.get(words);
  // What would lift a reason that holds the job (everyone reads it, in the forms' words).
  const lifted = (r: EligibilityReason): EligibilityReasonView => {
    const would = program && facts ? liftWords(program, words, r.rule, facts) : undefined;
    return { ...reason(r), ...(would ? { would_pass: would } : {}) };
  };
  const reason = (r: EligibilityReason): EligibilityReasonView =>
    internal
      ? {
          code: r.code,
          text: r.text,
          rule: r.rule,
          missing: r.missing,
          because: r.because?.text,
          why: r.because
            ? words.read(r.because.read)
            : r.missing &&
              `Waiting for ${words
                .missing(r.missing)
                .map((g) => `${g.fields.join(', ')} (${g.title})`)
                .join('; ')}`,
        }
      : { code: r.code, text: outsideText(user, r, program) };
  const line = ({ explanation, reads, ...l }: IncentiveLine): IncentiveLine =>
    internal ? { ...l, explanation, why: reads && words.read(reads) } : l;
  return {
    program_hash: ev.program_hash,
    stage: ev.stage,
    eligibility: {
      status: ev.eligibility.status,
      reasons: ev.eligibility.reasons.map(lifted),
      pending: ev.eligibility.pending.map(reason),
      undetermined: ev.eligibility.undetermined.map(reason),
      missing: words.missing(ev.eligibility.pending.flatMap((r) => r.missing ?? [])),
    },
    incentive: { ...ev.incentive, lines: ev.incentive.lines.map(line) },
  };
}

/**
 * What of a history record is internal (ops only), by record type: detail keys (an ops exception's note,
 * the ops override's reason), who did it (the ops user who claimed the job), or the whole record (who in
 * ops owns the job). Records about an internal-only form field (an upload into a field marked
 * "ui:internal") are internal whole.
 */
export const HISTORY_INTERNAL: Record<string, { keys?: readonly string[]; actor?: true; record?: true }> = {
  job_claimed: { actor: true },
  task_exception_flagged: { keys: ['note'] },
  task_exception_cleared: { keys: ['note'] },
  job_marked_ineligible: { keys: ['reason'], actor: true },
  job_ineligible_undone: { keys: ['reason'], actor: true },
  job_eligibility_overridden: { keys: ['reason'], actor: true },
  job_eligibility_override_undone: { keys: ['reason'], actor: true },
  // Who in ops asked and decided, and why, are the team's.
  payment_override_requested: { keys: ['reason'], actor: true },
  payment_override_approved: { keys: ['reason', 'requested_by', 'decided_by', 'note'], actor: true },
  payment_override_declined: { keys: ['reason', 'requested_by', 'decided_by', 'note'], actor: true },
  job_ops_owner_changed: { record: true },
};

/** A history record as a role sees it, or null when the whole record is internal. */
export function presentHistoryItem(
  user: AuthUser,
  row: HistoryRow,
  internalField: (taskId: string, field: string) => boolean,
) {
  if (seesInternal(user)) return row;
  const d = row.detail ?? {};
  if (typeof d.task_id === 'string' && typeof d.field === 'string' && internalField(d.task_id, d.field)) return null;
  const rule = Object.hasOwn(HISTORY_INTERNAL, row.type) ? HISTORY_INTERNAL[row.type] : {};
  if (rule.record) return null;
  const detail =
    row.detail && rule.keys
      ? Object.fromEntries(Object.entries(row.detail).filter(([k]) => !rule.keys!.includes(k)))
      : row.detail;
  return { ...row, detail, ...(rule.actor ? { user_id: null, user_name: null } : {}) };
}

/** Another form's upload field a field may reuse files of, as the browser offers them (with the form's title). */
export interface ReuseOffer {
  form: string;
  field: string;
  title: string;
}

/**
 * A form's UI schema as served to the browser: each upload field gets `ui:options.accept`, the file
 * picker's filter made from what the server takes for its widget (task-schemas/_shared `uploads:`),
 * so the picker and the server never disagree; and `ui:options.reuse_from`, the other forms' fields whose files
 * on the same job it may take (form.yaml `reuse_uploads:`).
 */
export function uiSchemaForBrowser(
  ui: Record<string, unknown> | undefined,
  uploads: Record<string, UploadKind>,
  reuse: Record<string, ReuseOffer[]> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(ui ?? {})) {
    const widget = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)['ui:widget'] : undefined;
    const kind = typeof widget === 'string' && Object.hasOwn(uploads, widget) ? uploads[widget] : undefined;
    if (!kind) {
      out[field] = entry;
      continue;
    }
    const types = [...new Set(Object.values(kind.accept).flat())];
    const accept = [...Object.keys(kind.accept).map((e) => `.${e}`), ...types].join(',');
    const e = entry as Record<string, unknown>;
    const reuse_from = reuse[field]?.length ? { reuse_from: reuse[field] } : {};
    out[field] = { ...e, 'ui:options': { ...(e['ui:options'] as object | undefined), accept, ...reuse_from } };
  }
  return out;
}
