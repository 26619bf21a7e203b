/**
 * Energy usage collection as people see it (spec sect. 4): a job's collection per audience (ops the
 * detailed wording and the meters, the contractor the softer wording, a homeowner what to do next), the
 * staff actions (select meters, process historical, subscribe meters, process ongoing, resend the
 * invite), each recorded in history, and the homeowner's collection page (the link is the credential):
 * consent and the way to the utility's sign-in page, or a decline the program's rules answer.
 */

import {
  fillWords,
  homeownerMessage,
  overallStatus,
  energyHistory,
  stepWords,
  USAGE_STEPS,
  type UsageSteps,
  type UsageWording,
} from '../../../engine/index.ts';
import {
  USAGE_MESSAGES,
  type ConnectState,
  type ConnectView,
  type JobUsage,
  type UsageAction,
  type UsageActionRequest,
} from '../../../engine/api/usage.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { ApiError, conflict, validationError } from '../../errors.ts';
import * as usageDb from './usage.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { hasPendingWork } from '../../db/work.db.ts';
import { seesInternal } from '../../services/access.ts';
import { jobState, refreshJob } from '../../services/evaluation.ts';
import { programOfJob } from '../../services/pinned-program.ts';
import { queueCheck, queueInvite, queueRevoke, queueRun } from './usage-work.ts';
import { metersOf, parseSteps, sha256 } from './usage-steps.ts';
import { usageFactsOf } from './task-fields.ts';
import { completeTaskBySystem } from '../../services/system-submit.ts';
import { UtilityDataError } from '../../adapters/utility-data.ts';

const wording = (deps: Deps) => deps.defs.shared.usage_collection as UsageWording;

/** The profile facts shown once set. */
const PROFILE_FACTS = [
  'months_covered',
  'first_month',
  'last_month',
  'annual_baseline_kwh',
  'annual_heating_kwh',
  'annual_cooling_kwh',
  'annual_total_kwh',
  'annual_baseline_therms',
  'annual_heating_therms',
  'annual_cooling_therms',
  'annual_total_therms',
  'annual_received_kwh',
  'annual_net_kwh',
  'partial_months',
  'partial_month_handling',
] as const;

/** Which staff actions apply to a collection now. */
function actionsFor(c: usageDb.UsageCollectionRow | undefined, steps: UsageSteps): UsageAction[] {
  if (!c || c.consent === 0) return [];
  const out: UsageAction[] = ['resend_invite'];
  if (steps.validate_credentials.status === 'success') {
    out.push('process_historical');
    if (metersOf(c).length) out.push('select_meters', 'subscribe_meters');
    if (c.subscribed_at) out.push('process_ongoing');
  }
  return out;
}

/** A job's usage collection as the user reads it. */
export async function jobUsage(deps: Deps, user: AuthUser, job: jobsDb.JobRow): Promise<JobUsage> {
  const program = await programOfJob(deps, job);
  const w = wording(deps);
  const c = await usageDb.collectionOfJob(deps.db, job.id);
  const steps = c ? parseSteps(c) : parseSteps({ steps: '{}' } as usageDb.UsageCollectionRow);
  const internal = seesInternal(user);
  const facts = usageFactsOf(job);
  const overall = overallStatus(steps);
  const history = energyHistory(steps);
  const counts = c && internal ? await usageDb.readingCounts(deps.db, c.id) : new Map<string, number>();
  const pending = await hasPendingWork(deps.db, [
    `usage:invite:${job.id}:`,
    ...(c ? [`usage:check:${c.id}:`, `usage:collect:${c.id}:`] : []),
  ]);
  const months = facts.months_covered;
  return {
    collects: !!program.usage_collection,
    overall: { status: overall, label: w.overall[overall] },
    history: { status: history, label: w.history[history] },
    stages: w.stages.map((s) => ({
      key: s.key,
      label: s.label,
      steps: s.steps.map((k) => ({
        key: k,
        label: w.steps[k].label,
        status: steps[k].status,
        at: steps[k].at,
        words:
          user.role === 'homeowner'
            ? fillWords(w.steps[k].contractor[steps[k].status], { detail: '' })
            : stepWords(w, internal ? 'internal' : 'contractor', k, steps[k]),
      })),
    })),
    consent: c?.consent === null || c?.consent === undefined ? null : !!c.consent,
    withdrawn_at: c?.withdrawn_at ?? null,
    homeowner_next_step: c
      ? homeownerMessage(w, steps, c.consent === null ? null : !!c.consent, {
          months: typeof months === 'number' ? months : 0,
          required: program.usage_collection?.months_required ?? 12,
        })
      : null,
    months_required: program.usage_collection?.months_required ?? null,
    profile:
      steps.set_derived_usage_profile.status === 'success' || typeof months === 'number'
        ? (Object.fromEntries(
            PROFILE_FACTS.filter((k) => facts[k] !== undefined).map((k) => [k, facts[k]]),
          ) as JobUsage['profile'])
        : null,
    meters:
      internal && c
        ? metersOf(c).map((m) => ({
            id: m.id,
            service: m.service,
            meter_number: m.meter_number,
            said: m.said,
            selected: m.selected,
            subscribed: m.subscribed,
            readings: counts.get(m.id) ?? 0,
            collected_before_withdrawal: !!c.withdrawn_at && (counts.get(m.id) ?? 0) > 0,
          }))
        : [],
    actions: internal && program.usage_collection ? actionsFor(c, steps) : [],
    in_progress: pending,
  };
}

/** The job's collection for a staff action (409 when the program collects no usage or none started). */
async function collectionFor(deps: Deps, job: jobsDb.JobRow) {
  if (!(await programOfJob(deps, job)).usage_collection)
    throw conflict(USAGE_MESSAGES.not_collecting, undefined, 'usage_not_collected');
  const c = await usageDb.collectionOfJob(deps.db, job.id);
  if (!c) throw conflict(USAGE_MESSAGES.not_connected, undefined, 'usage_not_connected');
  return c;
}

/** A staff action (ops), recorded in history; the job's collection as ops read it after. */
export async function usageAction(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  body: UsageActionRequest,
): Promise<JobUsage> {
  const c = await collectionFor(deps, job);
  const steps = parseSteps(c);
  const at = deps.now().toISOString();
  const connected = steps.validate_credentials.status === 'success';
  if (c.consent === 0) throw conflict(USAGE_MESSAGES.declined, undefined, 'usage_already_decided');
  if (body.action !== 'resend_invite' && !connected)
    throw conflict(USAGE_MESSAGES.not_connected, undefined, 'usage_not_connected');
  if (body.action === 'subscribe_meters') {
    const chosen = metersOf(c).filter((m) => m.selected);
    if (!chosen.length) throw conflict(USAGE_MESSAGES.no_meters, undefined, 'usage_no_meters');
    // The service is called before the write (never inside a transaction).
    try {
      await deps.adapters.usage?.subscribe(
        c.authorization_id!,
        chosen.map((m) => m.id),
      );
    } catch (e) {
      if (e instanceof UtilityDataError)
        throw new ApiError(503, USAGE_MESSAGES.service_unavailable, undefined, 'unavailable');
      throw e;
    }
  }
  await inTransaction(deps, async (deps) => {
    const cur = (await usageDb.collectionById(deps.db, c.id))!;
    let detail: Record<string, unknown> = {};
    if (body.action === 'select_meters') {
      const ids = body.meter_ids ?? [];
      const meters = metersOf(cur);
      if (!ids.length)
        throw validationError([{ path: 'meter_ids', message: USAGE_MESSAGES.no_meters }], USAGE_MESSAGES.no_meters);
      if (ids.some((id) => !meters.some((m) => m.id === id)))
        throw validationError(
          [{ path: 'meter_ids', message: USAGE_MESSAGES.unknown_meter }],
          USAGE_MESSAGES.unknown_meter,
        );
      await usageDb.updateCollection(deps.db, cur.id, {
        meters: JSON.stringify(meters.map((m) => ({ ...m, selected: ids.includes(m.id) }))),
        updated_at: at,
      });
      detail = { meter_ids: ids };
    } else if (body.action === 'subscribe_meters') {
      const meters = metersOf(cur);
      await usageDb.updateCollection(deps.db, cur.id, {
        meters: JSON.stringify(meters.map((m) => ({ ...m, subscribed: m.selected || m.subscribed }))),
        subscribed_at: at,
        updated_at: at,
      });
      detail = { meter_ids: meters.filter((m) => m.selected).map((m) => m.id) };
    } else if (body.action === 'process_historical' || body.action === 'process_ongoing') {
      await queueRun(deps, cur.id, body.action === 'process_historical' ? 'historical' : 'ongoing');
    } else {
      await queueInvite(deps, cur);
    }
    await addHistory(deps.db, { job_id: job.id, type: `usage_${body.action}`, user_id: user.id, at, detail });
  });
  return jobUsage(deps, user, (await jobsDb.getJob(deps.db, job.id))!);
}

/** The longest token a usage page link can have (a longer one names no collection: 404); openapi.json says so. */
export const USAGE_TOKEN_MAX_LENGTH = 200;

/** The collection of a page link: 404 when no link has that token, 410 once it expired. */
async function byToken(deps: Deps, token: string) {
  const c =
    typeof token === 'string' && token.length <= USAGE_TOKEN_MAX_LENGTH
      ? await usageDb.collectionByTokenHash(deps.db, sha256(token))
      : undefined;
  if (!c) throw new ApiError(404, USAGE_MESSAGES.link_invalid, undefined, 'usage_link_invalid');
  if (!c.token_expires_at || c.token_expires_at <= deps.now().toISOString())
    throw new ApiError(410, USAGE_MESSAGES.link_expired, undefined, 'gone');
  const job = (await jobsDb.getJob(deps.db, c.job_id))!;
  return { c, job };
}

function connectState(steps: UsageSteps, consent: boolean | null): ConnectState {
  if (consent === false) return 'declined';
  if (steps.set_derived_usage_profile.status === 'success') return 'complete';
  if (USAGE_STEPS.some((s) => steps[s].status === 'failure')) return 'retry';
  if (steps.validate_credentials.status === 'success') return 'collecting';
  if (steps.attempt_authentication.status === 'success') return 'verifying';
  return 'connect';
}

/** The homeowner's page: where the collection is and what to do next. The first view records the visit. */
export async function connectView(deps: Deps, token: string, returned = false): Promise<ConnectView> {
  const { c, job } = await byToken(deps, token);
  let steps = parseSteps(c);
  if (steps.visit_collection_page.status !== 'success' || (returned && c.authorization_id)) {
    await inTransaction(deps, async (deps) => {
      const cur = (await usageDb.collectionById(deps.db, c.id))!;
      const s = parseSteps(cur);
      if (s.visit_collection_page.status !== 'success') {
        s.visit_collection_page = {
          status: 'success',
          at: deps.now().toISOString(),
          detail: 'the homeowner opened the collection page',
          failure: null,
        };
        await usageDb.updateCollection(deps.db, cur.id, {
          steps: JSON.stringify(s),
          updated_at: deps.now().toISOString(),
        });
        await addHistory(deps.db, {
          job_id: job.id,
          type: 'usage_page_visited',
          user_id: null,
          at: deps.now().toISOString(),
        });
      }
      // Back from the utility's page: look at the authorization now rather than at the next poll.
      if (returned && cur.authorization_id && !(await hasPendingWork(deps.db, [`usage:check:${cur.id}:`])))
        await queueCheck(deps, cur.id);
    });
    steps = parseSteps((await usageDb.collectionById(deps.db, c.id))!);
  }
  const consent = c.consent === null ? null : !!c.consent;
  let state = connectState(steps, consent);
  // Consent given and a sign-in being watched (back from the utility's page, a retry): verifying.
  if (
    (state === 'connect' || state === 'retry') &&
    consent &&
    (await hasPendingWork(deps.db, [`usage:check:${c.id}:`]))
  )
    state = 'verifying';
  const program = await programOfJob(deps, job);
  const required = program.usage_collection?.months_required ?? 12;
  const months = usageFactsOf(job).months_covered;
  return {
    job_code: job.code,
    program_name: program.name,
    homeowner_name: job.full_name,
    state,
    message:
      state === 'verifying'
        ? wording(deps).homeowner.verifying
        : homeownerMessage(wording(deps), steps, consent, {
            months: typeof months === 'number' ? months : 0,
            required,
          }),
    can_connect: state === 'connect' || state === 'retry',
  };
}

/**
 * Consent given: the way to the utility's sign-in page (the worker watches the authorization from now). The
 * answer is read again under the collection's lock: a decline recorded first (or at the same moment) stands, and
 * consent is recorded once however often the page asks for the way again (a retry after a failed sign-in).
 */
export async function connect(deps: Deps, token: string): Promise<{ url: string }> {
  const { c, job } = await byToken(deps, token);
  if (!c.authorization_url || !deps.adapters.usage)
    throw new ApiError(503, USAGE_MESSAGES.service_unavailable, undefined, 'unavailable');
  await inTransaction(deps, async (deps) => {
    const cur = (await usageDb.lockCollection(deps.db, c.id))!;
    if (cur.token_hash !== c.token_hash)
      throw new ApiError(404, USAGE_MESSAGES.link_invalid, undefined, 'usage_link_invalid');
    if (cur.consent === 0) throw conflict(USAGE_MESSAGES.already_decided, undefined, 'usage_already_decided');
    if (parseSteps(cur).validate_credentials.status === 'success')
      throw conflict(USAGE_MESSAGES.already_connected, undefined, 'usage_already_decided');
    if (cur.consent !== 1) {
      await usageDb.updateCollection(deps.db, cur.id, { consent: 1, updated_at: deps.now().toISOString() });
      await addHistory(deps.db, {
        job_id: job.id,
        type: 'usage_consent_given',
        user_id: null,
        at: deps.now().toISOString(),
      });
    }
    await queueCheck(deps, cur.id);
  });
  return { url: c.authorization_url };
}

/**
 * Declined, once: the program's usage task is submitted with consent No for the homeowner (its rules say what
 * follows: RECO asks for the bills) if it is still open, the authorization is revoked at the utility (queued: the
 * service is never called inside a transaction) and the worker, which reads the answer before each step, does
 * nothing more for this collection. A decline after consenting is a withdrawal: what was collected before stays,
 * marked so for ops. Read under the collection's lock, so a connect at the same moment cannot undo it.
 */
export async function decline(deps: Deps, token: string): Promise<ConnectView> {
  const { c, job } = await byToken(deps, token);
  await inTransaction(deps, async (deps) => {
    const cur = (await usageDb.lockCollection(deps.db, c.id))!;
    if (cur.token_hash !== c.token_hash)
      throw new ApiError(404, USAGE_MESSAGES.link_invalid, undefined, 'usage_link_invalid');
    if (cur.consent === 0) throw conflict(USAGE_MESSAGES.already_decided, undefined, 'usage_already_decided');
    const at = deps.now().toISOString();
    const withdrawn = cur.consent === 1;
    await usageDb.updateCollection(deps.db, cur.id, {
      consent: 0,
      updated_at: at,
      ...(withdrawn ? { withdrawn_at: at } : {}),
    });
    const before = usageFactsOf((await jobsDb.getJob(deps.db, job.id))!);
    await jobsDb.updateJob(deps.db, job.id, {
      usage_facts: JSON.stringify({ ...before, consent: false, connected: false }),
    });
    const readings = withdrawn
      ? [...(await usageDb.readingCounts(deps.db, cur.id)).values()].reduce((a, b) => a + b, 0)
      : 0;
    await addHistory(deps.db, {
      job_id: job.id,
      type: withdrawn ? 'usage_consent_withdrawn' : 'usage_declined',
      user_id: null,
      at,
      ...(withdrawn ? { detail: { readings_collected_before: readings } } : {}),
    });
    if (cur.authorization_id) await queueRevoke(deps, cur);
    const fresh = (await jobsDb.getJob(deps.db, job.id))!;
    const t = (await jobState(deps, fresh)).evaluation.tasks.find((x) => x.id === cur.task_id);
    if (t && (t.status === 'READY' || t.status === 'IN_PROGRESS')) {
      await completeTaskBySystem(deps, fresh, t.id, () => ({ utility_data_consent: false }), {
        done: 'task_completed_by_usage',
        refused: 'usage_task_not_completed',
        detail: { consent: false },
      });
    }
    await refreshJob(deps, job.id);
  });
  return connectView(deps, token);
}
