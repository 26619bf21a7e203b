/**
 * The background steps of energy usage collection (spec sect. 4), run by the worker:
 * - invite: the homeowner's collection link (a one-time token, stored hashed) mailed with the step
 *   recorded in one transaction, and the authorization opened at the utility data service;
 * - check: the authorization's state read from the service (visited, sign-in attempted, validated or
 *   why not), checked again every few seconds while the utility decides; once connected, the program's
 *   usage task completes by itself and a collection run is queued;
 * - collect: meters identified, usage fetched per selected meter (Green Button), stored, evaluated
 *   against the months the program needs, and the derived profile set as the job's usage facts.
 * The service is called outside any transaction; its answer is written in one. Each item is keyed
 * (check and run numbers), readings by meter and start: an item run twice, or resumed after a killed
 * worker, leaves one set of rows and one history row per outcome.
 */

import { createHash, randomBytes } from 'node:crypto';
import { energyHistory, freshSteps, overallStatus, validateTaskSubmission, type UsageFailure, type UsageStep, type UsageSteps } from '../../engine/index.ts';
import { inTransaction, type Deps } from '../context.ts';
import * as usageDb from '../db/usage.db.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { enqueueWork } from '../db/work.db.ts';
import { jobState, programOf, refreshJob } from './evaluation.ts';
import { UtilityDataError, type UsageReading, type UtilityAuthorization, type UtilityMeter } from '../adapters/utility-data.ts';
import { deriveUsageProfile } from '../usage/profile.ts';
import { usageTaskData } from '../usage/task-fields.ts';
import type { WorkHandler } from '../worker.ts';
import { USAGE_WORK } from '../usage/work-kinds.ts';

export { USAGE_WORK };

// assumption: the spec gives no validity for the collection link; 30 days, as the homeowner may wait for a bill.
export const LINK_DAYS = 30;
/** How often the worker asks the service while the utility decides, and for how long after a sign-in. */
export const CHECK_EVERY_MS = 2_000;
export const CHECK_FOR_MS = 30 * 60_000;
/** How far back a historical run asks for usage. */
export const HISTORY_MONTHS = 25;

/** A meter as the collection keeps it: the service's, with the staff's selection and subscription. */
export interface StoredMeter extends UtilityMeter {
  selected: boolean;
  subscribed: boolean;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const parseSteps = (c: usageDb.UsageCollectionRow): UsageSteps => ({ ...freshSteps(), ...(JSON.parse(c.steps) as Partial<UsageSteps>) });
export const metersOf = (c: usageDb.UsageCollectionRow): StoredMeter[] => JSON.parse(c.meters) as StoredMeter[];
export { parseSteps };

function setStep(steps: UsageSteps, step: UsageStep, status: 'success' | 'failure' | 'not_attempted', at: string | null, detail: string | null, failure: UsageFailure | null = null) {
  steps[step] = { status, at, detail, failure };
}

/** Every step after `step` back to not attempted (a new attempt starts over from it). */
function clearAfter(steps: UsageSteps, step: UsageStep) {
  const order = Object.keys(freshSteps()) as UsageStep[];
  for (const s of order.slice(order.indexOf(step) + 1)) setStep(steps, s, 'not_attempted', null, null);
}

/** The job's usage.* facts from its collection (and the profile once set), written with the steps. */
async function saveState(deps: Deps, c: usageDb.UsageCollectionRow, steps: UsageSteps, facts: Record<string, unknown>, extra: Parameters<typeof usageDb.updateCollection>[2] = {}) {
  const at = deps.now().toISOString();
  await usageDb.updateCollection(deps.db, c.id, { steps: JSON.stringify(steps), updated_at: at, ...extra });
  const job = (await jobsDb.getJob(deps.db, c.job_id))!;
  const before = job.usage_facts ? (JSON.parse(job.usage_facts) as Record<string, unknown>) : {};
  const next = { ...before, ...facts, status: overallStatus(steps), history: energyHistory(steps) };
  await jobsDb.updateJob(deps.db, c.job_id, { usage_facts: JSON.stringify(next) });
  return refreshJob(deps, c.job_id);
}

/** Queues the next invite of a job's collection (a resend: the old link dies when the new one is mailed). */
export async function queueInvite(deps: Deps, c: usageDb.UsageCollectionRow) {
  await enqueueWork(deps.db, { kind: USAGE_WORK.invite, key: `usage:invite:${c.job_id}:${c.invites + 1}`, payload: { job_id: c.job_id, invite: c.invites + 1 }, now: deps.now() });
}

/** Queues a status check of a collection's authorization (now, or after the polling interval). */
export async function queueCheck(deps: Deps, collectionId: number, delayMs = 0) {
  const n = await usageDb.bump(deps.db, collectionId, 'checks');
  await enqueueWork(deps.db, { kind: USAGE_WORK.check, key: `usage:check:${collectionId}:${n}`, payload: { collection_id: collectionId, check: n }, now: deps.now(), run_at: new Date(deps.now().getTime() + delayMs) });
}

/** Queues a collection run: historical (the last HISTORY_MONTHS) or ongoing (since the last reading). */
export async function queueRun(deps: Deps, collectionId: number, mode: 'historical' | 'ongoing') {
  const n = await usageDb.bump(deps.db, collectionId, 'runs');
  await enqueueWork(deps.db, { kind: USAGE_WORK.collect, key: `usage:collect:${collectionId}:${n}`, payload: { collection_id: collectionId, run: n, mode }, now: deps.now() });
}

/** The collection page's address for a token. */
export const connectUrl = (deps: Deps, token: string) => `${deps.config.public_url.replace(/\/$/, '')}/connect/${token}`;

/** Worker: mails invite number `invite` with a new link and opens the authorization at the service. */
async function invite(deps: Deps, p: { job_id: number; invite: number }) {
  const job = await jobsDb.getJob(deps.db, p.job_id);
  const uc = job && programOf(deps, job.program_id).usage_collection;
  if (!job || !uc) return { skipped: 'no such job or collection' };
  const now = deps.now();
  const c0 = await usageDb.ensureCollection(deps.db, { job_id: job.id, task_id: uc.task, steps: JSON.stringify(freshSteps()), meters: '[]', created_at: now.toISOString(), updated_at: now.toISOString() });
  if (c0.invites >= p.invite) return { skipped: 'already sent' };
  const token = randomBytes(24).toString('base64url');
  // The authorization is opened before the transaction (the service is never called inside one).
  let authorization = c0.authorization_id ? { id: c0.authorization_id, url: c0.authorization_url! } : undefined;
  if (!authorization && deps.adapters.usage) {
    try {
      authorization = await deps.adapters.usage.createAuthorization({ reference: `job-${job.id}`, return_url: connectUrl(deps, token), email: job.email ?? undefined });
    } catch (e) {
      // Recorded where ops look (the step), then retried by the worker with backoff.
      await recordOutage(deps, c0.id, 'send_homeowner_invite', e);
      throw e;
    }
  }
  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.collectionById(deps.db, c0.id))!;
    if (c.invites >= p.invite) return { skipped: 'already sent' };
    const steps = parseSteps(c);
    const at = deps.now().toISOString();
    if (!deps.adapters.usage || !authorization) {
      setStep(steps, 'send_homeowner_invite', 'failure', at, 'none is configured (UTILITY_DATA_URL is not set)', 'unavailable');
      await saveState(deps, c, steps, {});
      return { failed: 'no service' };
    }
    if (!job.email) {
      setStep(steps, 'send_homeowner_invite', 'failure', at, 'the job has no homeowner email', 'mail_failed');
      await saveState(deps, c, steps, {}, { authorization_id: c.authorization_id ?? authorization.id, authorization_url: c.authorization_url ?? authorization.url });
      return { failed: 'no email' };
    }
    const link = connectUrl(deps, token);
    await deps.adapters.mail.send({
      to: job.email,
      subject: `Connect your utility account for your home energy rebate (${job.code})`,
      body: `Hello ${job.full_name},\n\nTo apply for your rebate, the program needs your home's energy usage. Connect your utility account here (you sign in on your utility's own page; the program never sees your password):\n\n${link}\n\nThe link works for ${LINK_DAYS} days. If you prefer not to connect, the same page lets you upload your bills instead.\n`,
    }, deps.db);
    setStep(steps, 'send_homeowner_invite', 'success', at, job.email);
    const expires = new Date(deps.now().getTime() + LINK_DAYS * 86_400_000).toISOString();
    await saveState(deps, c, steps, {}, {
      invites: p.invite,
      token_hash: sha256(token), token_expires_at: expires, authorization_id: c.authorization_id ?? authorization.id, authorization_url: c.authorization_url ?? authorization.url,
    });
    await addHistory(deps.db, { job_id: job.id, type: 'usage_invite_sent', user_id: null, at, detail: { to: job.email, invite: p.invite } });
    return { sent: p.invite };
  });
}

/** The service did not answer: the step shows it (ops read why) until a retry succeeds. */
async function recordOutage(deps: Deps, collectionId: number, step: UsageStep, e: unknown) {
  if (!(e instanceof UtilityDataError) || e.code !== 'unavailable') return;
  await inTransaction(deps, async (deps) => {
    const c = (await usageDb.collectionById(deps.db, collectionId))!;
    const steps = parseSteps(c);
    setStep(steps, step, 'failure', deps.now().toISOString(), e.message, 'unavailable');
    await saveState(deps, c, steps, {});
  });
}

/** A service error worth recording as a step's failure (a revoked or unknown authorization); others are retried. */
function lostAccess(e: unknown): e is UtilityDataError {
  return e instanceof UtilityDataError && (e.code === 'revoked' || e.code === 'not_found');
}

/**
 * Completes the program's usage task for the homeowner once the connection is known (the utility's
 * sign-in validated and its meters identified), validated like any submission.
 */
async function completeUsageTask(deps: Deps, c: usageDb.UsageCollectionRow) {
  const job = (await jobsDb.getJob(deps.db, c.job_id))!;
  const program = programOf(deps, job.program_id);
  const task = program.tasks.find((t) => t.id === c.task_id);
  const form = task && deps.defs.forms[task.form];
  if (!form) return;
  const { facts, evaluation } = await jobState(deps, job);
  const t = evaluation.tasks.find((x) => x.id === c.task_id);
  if (!t || (t.status !== 'READY' && t.status !== 'IN_PROGRESS')) return;
  const row = await tasksDb.getTask(deps.db, job.id, c.task_id);
  const u = facts.usage;
  const data = usageTaskData(form.usage_fields, u, { ...(row?.draft ?? row?.data ?? {}), utility_name: u.utility ?? job.electric_utility ?? 'Utility', account_holder_name: u.account_holder ?? job.full_name, utility_data_consent: true });
  const result = validateTaskSubmission(program, form, c.task_id, data, facts);
  const at = deps.now().toISOString();
  if (!result.ok) {
    await addHistory(deps.db, { job_id: job.id, type: 'usage_task_not_completed', user_id: null, at, detail: { task_id: c.task_id, errors: result.errors } });
    return;
  }
  await tasksDb.writeTask(deps.db, { job_id: job.id, task_id: c.task_id, status: 'COMPLETE', data: result.data, draft: null, owner_override: row?.owner_override ?? null, exceptions: null, updated_at: at, updated_by: null }, row?.version ?? 0);
  await addHistory(deps.db, { job_id: job.id, type: 'task_completed_by_usage', user_id: null, at, detail: { task_id: c.task_id } });
  await refreshJob(deps, job.id);
}

/** Worker: reads the authorization's state and records steps 2–4 from it. */
async function check(deps: Deps, p: { collection_id: number; check: number }) {
  const c0 = await usageDb.collectionById(deps.db, p.collection_id);
  if (!c0?.authorization_id || !deps.adapters.usage) return { skipped: 'no authorization' };
  if (c0.checks !== p.check) return { skipped: 'a newer check is queued' };
  let a: UtilityAuthorization;
  try {
    a = await deps.adapters.usage.getAuthorization(c0.authorization_id);
  } catch (e) {
    if (!lostAccess(e)) throw e;
    a = { id: c0.authorization_id, status: 'revoked', visited_at: null, submitted_at: null, decided_at: null, revoked_at: deps.now().toISOString(), failure: null, failure_detail: e.message, attempts: 0, utility: null, account_holder: null };
  }
  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.collectionById(deps.db, p.collection_id))!;
    const steps = parseSteps(c);
    const before = JSON.stringify(steps);
    const at = deps.now().toISOString();
    if (a.visited_at && steps.visit_collection_page.status !== 'success') setStep(steps, 'visit_collection_page', 'success', a.visited_at, 'on the utility data service’s page');
    if (a.submitted_at && steps.attempt_authentication.at !== a.submitted_at) {
      setStep(steps, 'attempt_authentication', 'success', a.submitted_at, `attempt ${a.attempts}${a.utility ? `, ${a.utility}` : ''}`);
      clearAfter(steps, 'attempt_authentication');
    }
    const facts: Record<string, unknown> = {};
    let collect = false;
    let again = false;
    const validated = steps.validate_credentials;
    if (a.status === 'authorized' && validated.status !== 'success') {
      setStep(steps, 'validate_credentials', 'success', a.decided_at ?? at, `${a.utility ?? 'utility'}${a.account_holder ? `, account holder ${a.account_holder}` : ''}`);
      Object.assign(facts, { connected: true, consent: true, authorization_reference: a.id, connected_on: (a.decided_at ?? at).slice(0, 10), utility: a.utility, account_holder: a.account_holder });
      collect = true;
    } else if (a.status === 'failed' && !(validated.status === 'failure' && validated.at === (a.decided_at ?? validated.at))) {
      const failure: UsageFailure = a.failure ?? 'unavailable';
      setStep(steps, 'validate_credentials', 'failure', a.decided_at ?? at, a.failure_detail, failure);
      await addHistory(deps.db, { job_id: c.job_id, type: 'usage_credentials_failed', user_id: null, at, detail: { failure, attempt: a.attempts } });
    } else if (a.status === 'revoked' && !(validated.status === 'failure' && validated.failure === 'revoked')) {
      setStep(steps, 'validate_credentials', 'failure', a.revoked_at ?? at, a.failure_detail, 'revoked');
      Object.assign(facts, { connected: false });
      await addHistory(deps.db, { job_id: c.job_id, type: 'usage_authorization_revoked', user_id: null, at });
    } else if (a.status === 'pending' || a.status === 'visited' || a.status === 'verifying') {
      // Still deciding (or not yet signed in): look again shortly, for a while after the last sign-in.
      const since = new Date(a.submitted_at ?? c.updated_at).getTime();
      again = deps.now().getTime() - since < CHECK_FOR_MS;
    }
    if (JSON.stringify(steps) !== before || Object.keys(facts).length) await saveState(deps, c, steps, facts);
    if (collect) {
      await addHistory(deps.db, { job_id: c.job_id, type: 'usage_connected', user_id: null, at, detail: { utility: a.utility } });
      await queueRun(deps, c.id, 'historical');
    }
    if (again) await queueCheck(deps, c.id, CHECK_EVERY_MS);
    return { status: a.status };
  });
}

const monthOf = (iso: string) => iso.slice(0, 7);
const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));

/** Worker: collection run `run`: steps 5–9. */
async function collect(deps: Deps, p: { collection_id: number; run: number; mode: 'historical' | 'ongoing' }) {
  const c0 = await usageDb.collectionById(deps.db, p.collection_id);
  const service = deps.adapters.usage;
  if (!c0?.authorization_id || !service) return { skipped: 'no authorization' };
  if (c0.runs !== p.run) return { skipped: 'a newer run is queued' };
  const job = (await jobsDb.getJob(deps.db, c0.job_id))!;
  const required = programOf(deps, job.program_id).usage_collection?.months_required ?? 12;
  const fail = (step: UsageStep, failure: UsageFailure, detail: string | null, facts: Record<string, unknown> = {}) =>
    inTransaction(deps, async (deps) => {
      const c = (await usageDb.collectionById(deps.db, p.collection_id))!;
      if (c.runs_done >= p.run) return { skipped: 'this run was recorded' };
      const steps = parseSteps(c);
      setStep(steps, step, 'failure', deps.now().toISOString(), detail, failure);
      clearAfter(steps, step);
      await saveState(deps, c, steps, facts, { runs_done: p.run });
      await addHistory(deps.db, { job_id: c.job_id, type: 'usage_collection_failed', user_id: null, at: deps.now().toISOString(), detail: { step, failure, run: p.run } });
      return { failed: step, failure };
    });

  // 5. Identify meters (the staff's selection kept; new meters selected).
  let found: UtilityMeter[];
  try {
    found = await service.listMeters(c0.authorization_id);
  } catch (e) {
    if (lostAccess(e)) return fail('identify_meters', 'revoked', e.message, { connected: false });
    await recordOutage(deps, c0.id, 'identify_meters', e);
    throw e;
  }
  if (!found.length) return fail('identify_meters', 'no_meters', null);
  const previous = new Map(metersOf(c0).map((m) => [m.id, m]));
  const meters: StoredMeter[] = found.map((m) => ({ ...m, selected: previous.get(m.id)?.selected ?? true, subscribed: previous.get(m.id)?.subscribed ?? false }));
  const selected = meters.filter((m) => m.selected);

  // 6. Extract usage from the utility, meter by meter (the service fetches it from the utility).
  const now = deps.now();
  const readings: { meter: StoredMeter; readings: UsageReading[] }[] = [];
  const existing = p.mode === 'ongoing' ? await usageDb.readingsOf(deps.db, c0.id) : [];
  for (const meter of selected) {
    const last = existing.filter((r) => r.meter_id === meter.id).map((r) => r.start).sort().pop();
    const from = (last ? new Date(last) : addMonths(now, -HISTORY_MONTHS)).toISOString().slice(0, 10);
    try {
      readings.push({ meter, readings: await service.fetchUsage(c0.authorization_id, meter.id, { from, to: now.toISOString().slice(0, 10) }) });
    } catch (e) {
      if (lostAccess(e)) return fail('extract_usage_from_utility', 'revoked', e.message, { connected: false });
      await recordOutage(deps, c0.id, 'extract_usage_from_utility', e);
      throw e;
    }
  }
  const count = readings.reduce((n, r) => n + r.readings.length, 0);

  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.collectionById(deps.db, p.collection_id))!;
    if (c.runs !== p.run || c.runs_done >= p.run) return { skipped: 'a newer run is queued, or this one was recorded' };
    const steps = parseSteps(c);
    const at = deps.now().toISOString();
    setStep(steps, 'identify_meters', 'success', at, `${meters.length} meter${meters.length === 1 ? '' : 's'}: ${meters.map((m) => `${m.service} ${m.meter_number}${m.selected ? '' : ' (not selected)'}`).join(', ')}`);
    const months = [...new Set(readings.flatMap((r) => r.readings.map((x) => monthOf(x.start))))].sort();
    setStep(steps, 'extract_usage_from_utility', 'success', at, `${count} readings from ${readings.length} meter${readings.length === 1 ? '' : 's'}${months.length ? `, ${months[0]} to ${months[months.length - 1]}` : ''}`);
    // 7. Collect from the vendor: stored once per meter and start, whatever ran before.
    await usageDb.upsertReadings(deps.db, readings.flatMap((r) => r.readings.map((x) => ({ collection_id: c.id, meter_id: r.meter.id, service: r.meter.service, start: x.start, seconds: x.seconds, value: x.value, unit: x.unit }))));
    const stored = (await usageDb.readingsOf(deps.db, c.id)).filter((r) => selected.some((m) => m.id === r.meter_id));
    setStep(steps, 'collect_from_vendor', 'success', at, `${stored.length} readings stored`);
    // 8. Evaluate: the months the program needs.
    const profile = deriveUsageProfile((['electric', 'gas'] as const).map((service) => ({ service, readings: stored.filter((r) => r.service === service).map((r) => ({ start: r.start, seconds: r.seconds, value: r.value, unit: r.unit as UsageReading['unit'] })) })));
    const facts: Record<string, unknown> = { months_covered: profile.months_covered, accounts: [...new Set(selected.map((m) => m.service))].sort() };
    const extra = { meters: JSON.stringify(meters), processed_at: at, runs_done: p.run };
    if (profile.months_covered < required) {
      setStep(steps, 'evaluate_usage', 'failure', at, `Only ${profile.months_covered} of the ${required} months of usage the program needs`, 'partial_data');
      setStep(steps, 'set_derived_usage_profile', 'not_attempted', null, null);
      await saveState(deps, c, steps, facts, extra);
      await completeUsageTask(deps, c);
      await addHistory(deps.db, { job_id: c.job_id, type: 'usage_collection_failed', user_id: null, at, detail: { step: 'evaluate_usage', failure: 'partial_data', months: profile.months_covered, required, run: p.run } });
      return { failed: 'evaluate_usage', months: profile.months_covered };
    }
    setStep(steps, 'evaluate_usage', 'success', at, `${profile.months_covered} months (${profile.first_month} to ${profile.last_month}); the program needs ${required}`);
    // 9. The derived profile becomes the job's usage facts.
    setStep(steps, 'set_derived_usage_profile', 'success', at, `baseline ${profile.annual_baseline_kwh} kWh and ${profile.annual_baseline_therms} therms a year; heating ${profile.annual_heating_kwh} kWh and ${profile.annual_heating_therms} therms; cooling ${profile.annual_cooling_kwh} kWh`);
    await saveState(deps, c, steps, { ...facts, ...profile }, extra);
    await completeUsageTask(deps, c);
    await addHistory(deps.db, { job_id: c.job_id, type: 'usage_collected', user_id: null, at, detail: { run: p.run, mode: p.mode, readings: count, months: profile.months_covered } });
    return { collected: count, months: profile.months_covered };
  });
}

/** The worker's handlers of usage collection, over the app's dependencies. */
export function usageHandlers(deps: Deps): Record<string, WorkHandler> {
  const on = (db: Deps['db']) => ({ ...deps, db });
  return {
    [USAGE_WORK.invite]: (item, db) => invite(on(db), item.data as Parameters<typeof invite>[1]),
    [USAGE_WORK.check]: (item, db) => check(on(db), item.data as Parameters<typeof check>[1]),
    [USAGE_WORK.collect]: (item, db) => collect(on(db), item.data as Parameters<typeof collect>[1]),
  };
}
