/**
 * The steps of a job's usage collection as the worker records them (server/workflows/usage/usage-work.ts and
 * usage-collect.ts): read from and written to its row, one step's outcome at a time, with the job's usage
 * facts (overall status, energy history and what the step found) updated and the job re-evaluated in the
 * same transaction; and how the utility data service's errors read as steps.
 */

import { createHash } from 'node:crypto';
import {
  energyHistory,
  freshSteps,
  overallStatus,
  type UsageFailure,
  type UsageStep,
  type UsageSteps,
} from '../../../engine/index.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as usageDb from './usage.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { refreshJob } from '../../services/evaluation.ts';
import { UtilityDataError, type UtilityMeter } from '../../adapters/utility-data.ts';

/** A meter as the collection keeps it: the service's, with the staff's selection and subscription. */
export interface StoredMeter extends UtilityMeter {
  selected: boolean;
  subscribed: boolean;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const parseSteps = (c: usageDb.UsageCollectionRow): UsageSteps => ({
  ...freshSteps(),
  ...(JSON.parse(c.steps) as Partial<UsageSteps>),
});
export const metersOf = (c: usageDb.UsageCollectionRow): StoredMeter[] => JSON.parse(c.meters) as StoredMeter[];
export { parseSteps };

export function setStep(
  steps: UsageSteps,
  step: UsageStep,
  status: 'success' | 'failure' | 'not_attempted',
  at: string | null,
  detail: string | null,
  failure: UsageFailure | null = null,
) {
  steps[step] = { status, at, detail, failure };
}

/** Every step after `step` back to not attempted (a new attempt starts over from it). */
export function clearAfter(steps: UsageSteps, step: UsageStep) {
  const order = Object.keys(freshSteps()) as UsageStep[];
  for (const s of order.slice(order.indexOf(step) + 1)) setStep(steps, s, 'not_attempted', null, null);
}

/** The job's usage.* facts from its collection (and the profile once set), written with the steps. */
export async function saveState(
  deps: Deps,
  c: usageDb.UsageCollectionRow,
  steps: UsageSteps,
  facts: Record<string, unknown>,
  extra: Parameters<typeof usageDb.updateCollection>[2] = {},
) {
  const at = deps.now().toISOString();
  await usageDb.updateCollection(deps.db, c.id, { steps: JSON.stringify(steps), updated_at: at, ...extra });
  const job = (await jobsDb.getJob(deps.db, c.job_id))!;
  const before = job.usage_facts ? (JSON.parse(job.usage_facts) as Record<string, unknown>) : {};
  const next = { ...before, ...facts, status: overallStatus(steps), history: energyHistory(steps) };
  await jobsDb.updateJob(deps.db, c.job_id, { usage_facts: JSON.stringify(next) });
  return refreshJob(deps, c.job_id);
}

/** The service did not answer: the step shows it (ops read why) until a retry succeeds. */
export async function recordOutage(deps: Deps, collectionId: number, step: UsageStep, e: unknown) {
  if (!(e instanceof UtilityDataError) || e.code !== 'unavailable') return;
  await inTransaction(deps, async (deps) => {
    const c = (await usageDb.collectionById(deps.db, collectionId))!;
    const steps = parseSteps(c);
    setStep(steps, step, 'failure', deps.now().toISOString(), e.message, 'unavailable');
    await saveState(deps, c, steps, {});
  });
}

/** A service error worth recording as a step's failure (a revoked or unknown authorization); others are retried. */
export function lostAccess(e: unknown): e is UtilityDataError {
  return e instanceof UtilityDataError && (e.code === 'revoked' || e.code === 'not_found');
}
