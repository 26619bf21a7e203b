/**
 * The demo's tasks done the way people do them (issue 40, part 5): each seeded task is saved or submitted through
 * the task service by someone who may answer it, on the day the job's timeline says, so every workflow runs as it
 * does for a person: server-owned fields filled, effects after a submission, the job re-evaluated and the work a task
 * that opened starts queued. What outside parties complete (the homeowner's utility connection, the signers, the
 * accounts-payment system) they complete (demo-outside.ts). No task is written around the services.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Program, TaskDef, TaskForm } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { REPO_ROOT } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { getJob, type JobRow } from '../db/jobs.db.ts';
import { getTask } from '../db/tasks.db.ts';
import { saveDraft, submitTask } from '../services/tasks.service.ts';
import { formOf, programOfJob } from '../services/pinned-program.ts';
import { evaluateRow, jobState } from '../services/evaluation.ts';
import { fillServerFields } from '../services/task-extensions.ts';
import type { DemoFiles } from './demo-files.ts';
import { shiftDates } from './demo-jobs.ts';
import { connectUtility, eSign, payThroughAp } from './demo-outside.ts';
import type { DemoServices } from './demo-services.ts';

/** One task the demo does: its definition, whether it ends complete or saved, its answers and when. */
export interface DemoTask {
  def: TaskDef;
  status: 'IN_PROGRESS' | 'COMPLETE';
  data: Record<string, unknown>;
  at: number;
  from_case?: boolean;
}

/** Who answers a task of the job (by its owner, and whether the contractor may answer it for the homeowner). */
export type Answerer = (def: TaskDef) => AuthUser;

/**
 * The job's tasks done in the order of their days, each through the services as its answerer, on its day. A
 * submission the rules refuse (a case's answers that break a rule, a job the gate holds as ineligible) is kept as the
 * answerer's saved draft, as a person's answers are; a task still locked (what it waits for was refused) is not done.
 * Answers what was refused, one line each.
 */
export async function workTasks(
  deps: Deps,
  services: DemoServices,
  jobId: number,
  tasks: DemoTask[],
  answerer: Answerer,
  storeUploads: DemoFiles,
): Promise<string[]> {
  const refused: string[] = [];
  for (const t of [...tasks].sort((a, b) => a.at - b.at)) {
    const d = services.at(deps, t.at);
    const job = (await getJob(d.db, jobId))!;
    const program = await programOfJob(d, job);
    const form = formOf(d, program, t.def.form);
    const user = answerer(t.def);
    const data = form ? await withUploads(d, job, t, form, user, t.data, storeUploads) : t.data;
    try {
      if (t.status === 'IN_PROGRESS') await draft(d, user, job, t.def.id, data);
      else if (!(await byOutsideParty(d, program, job, t, form, user, data, storeUploads)))
        await submit(d, user, job, t.def.id, await answered(d, program, t.def.id, data, user, job));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (await resubmitted(d, program, job, t, form, user, data, e, storeUploads)) continue;
      refused.push(`${job.code} ${t.def.id}: ${e.message}`);
      if (e.status === 422 && t.status === 'COMPLETE') await keepAsDraft(d, user, job, t.def.id, data);
    }
  }
  return refused;
}

/** A refused submission's answers saved as the answerer's draft (unless the draft is refused too: a locked task). */
async function keepAsDraft(d: Deps, user: AuthUser, job: JobRow, taskId: string, data: Record<string, unknown>) {
  try {
    await draft(d, user, job, taskId, data);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
  }
}

/**
 * A refused submission corrected as its answerer would, reading what the refusal says under each field: the value
 * another filled example of the form gives the field (a program's own invoice line, say), then what the program's
 * rule asks where it asks for equality (a line equal to the shared rebate, a balance of 0); submitted again once.
 * A case's own answers are not corrected: the refusal is what the case is about. Whether it went through.
 */
async function resubmitted(
  d: Deps,
  program: Program,
  job: JobRow,
  t: DemoTask,
  form: TaskForm | undefined,
  user: AuthUser,
  data: Record<string, unknown>,
  e: ApiError,
  storeUploads: DemoFiles,
): Promise<boolean> {
  const errors = (e.extra?.errors ?? []) as { path: string }[];
  if (e.status !== 422 || t.status !== 'COMPLETE' || t.from_case || !form || !errors.length) return false;
  const fields = new Set(errors.map((x) => x.path.split('.')[0]));
  const fixed: Record<string, unknown> = { ...data };
  const day = d.now().toISOString().slice(0, 10);
  for (const example of examplesOf(t.def.form)) {
    const shifted = shiftDates(example.data, daysBetween(example.today, day)) as Record<string, unknown>;
    for (const f of fields) if (f in shifted && example.data[f] !== data[f]) fixed[f] = shifted[f];
  }
  const facts = (await jobState(d, (await getJob(d.db, job.id))!)).facts as unknown as Record<string, unknown>;
  for (const rule of program.rules)
    if (rule.task === t.def.id && rule.field && fields.has(rule.field)) {
      const wanted = equalityOf(rule.valid_if.logic, `${t.def.id}.${rule.field}`, t.def.id, fixed, facts);
      if (wanted !== undefined) fixed[rule.field] = wanted;
    }
  if (JSON.stringify(fixed) === JSON.stringify(data)) return false;
  const withFiles = await withUploads(d, job, t, form, user, fixed, storeUploads);
  try {
    await submit(d, user, job, t.def.id, await answered(d, program, t.def.id, withFiles, user, job));
    return true;
  } catch (again) {
    if (again instanceof ApiError) return false;
    throw again;
  }
}

/** What an equality rule (`==`/`===` of the field and a value or another field) asks the field to be. */
function equalityOf(
  logic: unknown,
  path: string,
  taskId: string,
  data: Record<string, unknown>,
  facts: Record<string, unknown>,
): unknown {
  if (!logic || typeof logic !== 'object' || Array.isArray(logic)) return undefined;
  const [op, args] = Object.entries(logic)[0] ?? [];
  if ((op !== '==' && op !== '===') || !Array.isArray(args) || args.length !== 2) return undefined;
  const varOf = (x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) && typeof (x as { var?: unknown }).var === 'string'
      ? ((x as { var: string }).var as string)
      : undefined;
  const other = varOf(args[0]) === path ? args[1] : varOf(args[1]) === path ? args[0] : undefined;
  if (other === undefined) return undefined;
  const otherPath = varOf(other);
  if (otherPath === undefined) return typeof other === 'object' ? undefined : other;
  const [task, ...rest] = otherPath.split('.');
  const from = task === taskId ? data : facts[task];
  return rest.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    from,
  );
}

/**
 * The tasks an outside party completes: the usage task by the homeowner's answer on the collection page, a signing
 * task by the signatures (answers saved first: a set chosen to e-sign is generated once saved), the payment task by
 * the accounts-payment system. Whether it is complete; a signing task not completed by its signers is signed by hand
 * (the form's example of it, its PDFs uploaded), a payment not paid by the system is recorded by hand (the caller
 * submits it: an override, history says so).
 */
async function byOutsideParty(
  d: Deps,
  program: Program,
  job: JobRow,
  t: DemoTask,
  form: TaskForm | undefined,
  user: AuthUser,
  data: Record<string, unknown>,
  storeUploads: DemoFiles,
): Promise<boolean> {
  if (program.usage_collection?.task === t.def.id)
    return connectUtility(d, job, t.def.id, data.utility_data_consent !== false);
  if (program.incentives.payment?.payable && program.incentives.payment.task === t.def.id)
    return payThroughAp(d, job, t.def.id);
  if (!form?.signatures) return false;
  await draft(d, user, job, t.def.id, data);
  if (await eSign(d, job, t.def.id)) return true;
  const manual = manualExample(t.def.form);
  if (!manual) return false;
  // The example's dates are of its day: here, of the task's.
  const shifted = shiftDates(manual.data, daysBetween(manual.today, d.now().toISOString().slice(0, 10))) as typeof data;
  const uploads = await withUploads(d, job, t, form, user, { ...data, ...shifted }, storeUploads);
  await submit(d, user, job, t.def.id, uploads);
  return true;
}

/**
 * The task's data with its upload references made attachments of the job, uploaded for its task and field by its
 * answerer (demo-files.ts). Not through the upload service: that reads where a photo was taken from the file's EXIF,
 * and the demo's drawn pictures carry none, while the examples say where each was taken (at the site: the geotag
 * checks pass); and one stored file per field serves every job (300 jobs' uploads would be some 2,400 files). The
 * submission then checks every reference as for anyone (server/services/evidence.ts).
 */
async function withUploads(
  d: Deps,
  job: JobRow,
  t: DemoTask,
  form: TaskForm,
  user: AuthUser,
  data: Record<string, unknown>,
  storeUploads: DemoFiles,
) {
  return storeUploads(d, job, { id: t.def.id, form, data, by: user.id, at: d.now().toISOString() });
}

/** The answers as the answerer gives them: an amount above the estimate confirmed, an approval of the rebate. */
async function answered(
  d: Deps,
  program: Program,
  taskId: string,
  data: Record<string, unknown>,
  user: AuthUser,
  job: JobRow,
) {
  return approvedAmount(d, program, taskId, await confirmedAbove(d, program, taskId, data, user, job), job);
}

/** The reason ops give when the final amount they share is above the estimate (the demo's one). */
const ABOVE_ESTIMATE_REASON = 'Extra work found at install (a panel upgrade), approved by the program manager.';

/**
 * The final amount ops share, confirmed with a reason when it is above the estimate's maximum (the task service asks
 * for both then): what ops do when the service refuses the amount alone.
 */
async function confirmedAbove(
  d: Deps,
  program: Program,
  taskId: string,
  data: Record<string, unknown>,
  user: AuthUser,
  job: JobRow,
): Promise<Record<string, unknown>> {
  const shared = program.incentives.shared_amount;
  if (shared?.task !== taskId || !shared.confirm_field || !shared.reason_field) return data;
  const max = (await evaluateRow(d, (await getJob(d.db, job.id))!)).incentive.range.max_cents;
  const amount = data[shared.amount_field];
  if (user.role !== 'ops' || typeof amount !== 'number' || typeof max !== 'number' || amount <= max) return data;
  return { ...data, [shared.confirm_field]: true, [shared.reason_field]: ABOVE_ESTIMATE_REASON };
}

/**
 * The payable an approval names, as the approver takes it: the amount the approval form opens with (the server's
 * prefill: the job's rebate), not the example's figure (above it needs a second ops user; below it, the books
 * would show the homeowner underpaid).
 */
async function approvedAmount(d: Deps, program: Program, taskId: string, data: Record<string, unknown>, job: JobRow) {
  const logic = program.incentives.payment?.payable?.amount.logic as { var?: unknown } | undefined;
  const [task, field] = typeof logic?.var === 'string' ? logic.var.split('.') : [];
  const form = formOf(d, program, program.tasks.find((x) => x.id === taskId)?.form ?? '');
  const amount = field ? data[field] : undefined;
  if (task !== taskId || !form || typeof amount !== 'number') return data;
  const opened = (await fillServerFields(d, 'read', form, (await getJob(d.db, job.id))!, taskId, null)) ?? {};
  const offered = opened[field];
  return typeof offered === 'number' && offered > 0 ? { ...data, [field]: offered } : data;
}

const versionOf = async (d: Deps, jobId: number, taskId: string) => (await getTask(d.db, jobId, taskId))?.version ?? 0;

async function draft(d: Deps, user: AuthUser, job: JobRow, taskId: string, data: Record<string, unknown>) {
  await saveDraft(d, user, job, taskId, { data, version: await versionOf(d, job.id, taskId) });
}

async function submit(d: Deps, user: AuthUser, job: JobRow, taskId: string, data: Record<string, unknown>) {
  const fresh = (await getJob(d.db, job.id))!;
  await submitTask(d, user, fresh, taskId, { data, version: await versionOf(d, job.id, taskId) });
}

type Example = { data: Record<string, unknown>; today: string };
const examples = new Map<string, Example[]>();
/** The form's filled examples and their day, from tests/fixtures/forms. */
function examplesOf(form: string): Example[] {
  if (!examples.has(form)) {
    const file = join(REPO_ROOT, 'tests/fixtures/forms', `${form}.yaml`);
    const doc = existsSync(file)
      ? (parse(readFileSync(file, 'utf8')) as { today?: string; valid?: { data?: Record<string, unknown> }[] })
      : {};
    examples.set(
      form,
      (doc.valid ?? []).map((x) => ({ data: x.data ?? {}, today: doc.today ?? FIXTURES_TODAY })),
    );
  }
  return examples.get(form)!;
}

/** The form's first filled example that uploads something (signed by hand). */
function manualExample(form: string): Example | undefined {
  const hasUpload = (v: unknown): boolean =>
    Array.isArray(v)
      ? v.some(hasUpload)
      : !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string';
  return examplesOf(form).find((x) => Object.values(x.data).some(hasUpload));
}

/** The day the forms' examples are written as of, unless they say (tests/fixtures/forms). */
const FIXTURES_TODAY = '2026-06-01';
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
