/**
 * A usage collection run (spec sect. 4, steps 5-9), run by the worker: meters identified (the staff's
 * selection kept), usage fetched per selected meter from the utility data service (Green Button), stored once
 * per meter and reading start, evaluated against the months the program needs, and the derived profile set as
 * the job's usage facts; the program's usage task then completes by itself. A run repeated after its outcome
 * was recorded (a killed worker's item taken over) changes nothing.
 */

import { type UsageFailure, type UsageStep } from '../../../engine/index.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as usageDb from './usage.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { jobState } from '../../services/evaluation.ts';
import { formOf, programOfJob } from '../../services/pinned-program.ts';
import { UtilityDataError, type UsageReading, type UtilityMeter } from '../../adapters/utility-data.ts';
import { deriveUsageProfile } from './profile.ts';
import { localMonth } from './espi-local-time.ts';
import { usageTaskData } from './task-fields.ts';
import { completeTaskBySystem } from '../../services/system-submit.ts';
import {
  clearAfter,
  lostAccess,
  metersOf,
  parseSteps,
  recordOutage,
  saveState,
  setStep,
  type StoredMeter,
} from './usage-steps.ts';

/** How far back a historical run asks for usage. */
export const HISTORY_MONTHS = 25;

/**
 * Completes the program's usage task for the homeowner once the connection is known (the utility's
 * sign-in validated and its meters identified), validated like any submission.
 */
async function completeUsageTask(deps: Deps, c: usageDb.UsageCollectionRow) {
  const job = (await jobsDb.getJob(deps.db, c.job_id))!;
  const { facts, evaluation, program } = await jobState(deps, job);
  const t = evaluation.tasks.find((x) => x.id === c.task_id);
  if (!t || (t.status !== 'READY' && t.status !== 'IN_PROGRESS')) return;
  const u = facts.usage;
  const fields = formOf(deps, program, t.form)?.usage_fields;
  const answers = {
    utility_name: u.utility ?? job.electric_utility ?? 'Utility',
    account_holder_name: u.account_holder ?? job.full_name,
    utility_data_consent: true,
  };
  await completeTaskBySystem(deps, job, c.task_id, (stored) => usageTaskData(fields, u, { ...stored, ...answers }), {
    done: 'task_completed_by_usage',
    refused: 'usage_task_not_completed',
  });
}

const monthOf = (r: UsageReading) => localMonth(Date.parse(r.start), r.utc_offset);
const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));

/** The identify meters step's detail: how many, which, and which are not used. */
const metersDetail = (meters: StoredMeter[]) =>
  `${meters.length} meter${meters.length === 1 ? '' : 's'}: ${meters.map((m) => `${m.service} ${m.meter_number}${m.selected ? '' : ' (not selected)'}`).join(', ')}`;

/** Worker: collection run `run`: steps 5–9. */
export async function collect(deps: Deps, p: { collection_id: number; run: number; mode: 'historical' | 'ongoing' }) {
  const c0 = await usageDb.collectionById(deps.db, p.collection_id);
  const service = deps.adapters.usage;
  if (!c0?.authorization_id || !service) return { skipped: 'no authorization' };
  if (c0.runs !== p.run) return { skipped: 'a newer run is queued' };
  if (c0.consent === 0) return { skipped: 'the homeowner declined' };
  const job = (await jobsDb.getJob(deps.db, c0.job_id))!;
  const required = (await programOfJob(deps, job)).usage_collection?.months_required ?? 12;
  /** A failed step recorded; `found`: the meters identified before it, kept so ops can choose among them. */
  const fail = (
    step: UsageStep,
    failure: UsageFailure,
    detail: string | null,
    facts: Record<string, unknown> = {},
    found?: StoredMeter[],
  ) =>
    inTransaction(deps, async (deps) => {
      const c = (await usageDb.lockCollection(deps.db, p.collection_id))!;
      if (c.runs_done >= p.run) return { skipped: 'this run was recorded' };
      if (c.consent === 0) return { skipped: 'the homeowner declined' };
      const steps = parseSteps(c);
      if (found) setStep(steps, 'identify_meters', 'success', deps.now().toISOString(), metersDetail(found));
      setStep(steps, step, 'failure', deps.now().toISOString(), detail, failure);
      clearAfter(steps, step);
      const extra = found ? { meters: JSON.stringify(found) } : {};
      await saveState(deps, c, steps, facts, { runs_done: p.run, ...extra });
      await addHistory(deps.db, {
        job_id: c.job_id,
        type: 'usage_collection_failed',
        user_id: null,
        at: deps.now().toISOString(),
        detail: { step, failure, run: p.run },
      });
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
  const meters: StoredMeter[] = found.map((m) => ({
    ...m,
    selected: previous.get(m.id)?.selected ?? true,
    subscribed: previous.get(m.id)?.subscribed ?? false,
  }));
  const selected = meters.filter((m) => m.selected);

  // 6. Extract usage from the utility, meter by meter (the service fetches it from the utility).
  const now = deps.now();
  const readings: { meter: StoredMeter; readings: UsageReading[] }[] = [];
  const existing = p.mode === 'ongoing' ? await usageDb.readingsOf(deps.db, c0.id) : [];
  for (const meter of selected) {
    const last = existing
      .filter((r) => r.meter_id === meter.id)
      .map((r) => r.start)
      .sort()
      .pop();
    const from = (last ? new Date(last) : addMonths(now, -HISTORY_MONTHS)).toISOString().slice(0, 10);
    try {
      readings.push({
        meter,
        readings: await service.fetchUsage(c0.authorization_id, meter.id, { from, to: now.toISOString().slice(0, 10) }),
      });
    } catch (e) {
      if (lostAccess(e)) return fail('extract_usage_from_utility', 'revoked', e.message, { connected: false });
      // A feed that cannot be read reads the same next time: a permanent failure, not an outage to retry.
      if (e instanceof UtilityDataError && e.code === 'unreadable')
        return fail('extract_usage_from_utility', 'unreadable_feed', e.message, {}, meters);
      await recordOutage(deps, c0.id, 'extract_usage_from_utility', e);
      throw e;
    }
  }
  const count = readings.reduce((n, r) => n + r.readings.length, 0);

  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.lockCollection(deps.db, p.collection_id))!;
    if (c.runs !== p.run || c.runs_done >= p.run) return { skipped: 'a newer run is queued, or this one was recorded' };
    // Declined while the utility was read: nothing it returned is kept.
    if (c.consent === 0) return { skipped: 'the homeowner declined' };
    const steps = parseSteps(c);
    const at = deps.now().toISOString();
    setStep(steps, 'identify_meters', 'success', at, metersDetail(meters));
    const months = [...new Set(readings.flatMap((r) => r.readings.map(monthOf)))].sort();
    setStep(
      steps,
      'extract_usage_from_utility',
      'success',
      at,
      `${count} readings from ${readings.length} meter${readings.length === 1 ? '' : 's'}${months.length ? `, ${months[0]} to ${months[months.length - 1]}` : ''}`,
    );
    // 7. Collect from the vendor: stored once per meter and start, whatever ran before.
    await usageDb.upsertReadings(
      deps.db,
      readings.flatMap((r) =>
        r.readings.map((x) => ({
          collection_id: c.id,
          meter_id: r.meter.id,
          service: r.meter.service,
          channel: x.channel,
          start: x.start,
          seconds: x.seconds,
          value: x.value,
          unit: x.unit,
          utc_offset: x.utc_offset,
        })),
      ),
    );
    const stored = (await usageDb.readingsOf(deps.db, c.id)).filter((r) => selected.some((m) => m.id === r.meter_id));
    setStep(steps, 'collect_from_vendor', 'success', at, `${stored.length} readings stored`);
    // 8. Evaluate: the months the program needs.
    // One series per meter (meters of a service add up); rows stored before offsets were kept count in UTC.
    const profile = deriveUsageProfile(
      selected.map((m) => ({
        service: m.service,
        readings: stored
          .filter((r) => r.meter_id === m.id)
          .map((r) => ({
            start: r.start,
            seconds: r.seconds,
            value: r.value,
            unit: r.unit as UsageReading['unit'],
            channel: r.channel as UsageReading['channel'],
            utc_offset: r.utc_offset ?? 0,
          })),
      })),
    );
    const facts: Record<string, unknown> = {
      months_covered: profile.months_covered,
      accounts: [...new Set(selected.map((m) => m.service))].sort(),
    };
    const extra = { meters: JSON.stringify(meters), processed_at: at, runs_done: p.run };
    if (profile.months_covered < required) {
      setStep(
        steps,
        'evaluate_usage',
        'failure',
        at,
        `Only ${profile.months_covered} of the ${required} months of usage the program needs`,
        'partial_data',
      );
      setStep(steps, 'set_derived_usage_profile', 'not_attempted', null, null);
      await saveState(deps, c, steps, facts, extra);
      await completeUsageTask(deps, c);
      await addHistory(deps.db, {
        job_id: c.job_id,
        type: 'usage_collection_failed',
        user_id: null,
        at,
        detail: {
          step: 'evaluate_usage',
          failure: 'partial_data',
          months: profile.months_covered,
          required,
          run: p.run,
        },
      });
      return { failed: 'evaluate_usage', months: profile.months_covered };
    }
    setStep(
      steps,
      'evaluate_usage',
      'success',
      at,
      `${profile.months_covered} months (${profile.first_month} to ${profile.last_month}); the program needs ${required}`,
    );
    // 9. The derived profile becomes the job's usage facts.
    setStep(
      steps,
      'set_derived_usage_profile',
      'success',
      at,
      `baseline ${profile.annual_baseline_kwh} kWh and ${profile.annual_baseline_therms} therms a year; heating ${profile.annual_heating_kwh} kWh and ${profile.annual_heating_therms} therms; cooling ${profile.annual_cooling_kwh} kWh`,
    );
    await saveState(deps, c, steps, { ...facts, ...profile }, extra);
    await completeUsageTask(deps, c);
    await addHistory(deps.db, {
      job_id: c.job_id,
      type: 'usage_collected',
      user_id: null,
      at,
      detail: { run: p.run, mode: p.mode, readings: count, months: profile.months_covered },
    });
    return { collected: count, months: profile.months_covered };
  });
}
