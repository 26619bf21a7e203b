/**
 * The background steps of energy usage collection (spec sect. 4), run by the worker:
 * - invite: the homeowner's collection link (a one-time token, stored hashed) mailed with the step
 *   recorded in one transaction, and the authorization opened at the utility data service;
 * - check: the authorization's state read from the service (visited, sign-in attempted, validated or
 *   why not), checked again every few seconds while the utility decides; once connected, the program's
 *   usage task completes by itself and a collection run is queued;
 * - collect: the collection run (usage-collect.ts).
 * The service is called outside any transaction; its answer is written in one. Each item is keyed
 * (check and run numbers), readings by meter and start: an item run twice, or resumed after a killed
 * worker, leaves one set of rows and one history row per outcome.
 */

import { randomBytes } from 'node:crypto';
import { freshSteps, type UsageFailure } from '../../../engine/index.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as usageDb from './usage.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { programOfJob } from '../../services/pinned-program.ts';
import type { UtilityAuthorization } from '../../adapters/utility-data.ts';
import type { WorkHandler } from '../../worker.ts';
import { USAGE_WORK } from './work-kinds.ts';
import { renderMail } from '../../mail/templates.ts';
import { collect } from './usage-collect.ts';
import { clearAfter, lostAccess, parseSteps, recordOutage, saveState, setStep, sha256 } from './usage-steps.ts';

export { USAGE_WORK };

// assumption: the spec gives no validity for the collection link; 30 days, as the homeowner may wait for a bill.
export const LINK_DAYS = 30;
/** How often the worker asks the service while the utility decides, and for how long after a sign-in. */
export const CHECK_EVERY_MS = 2_000;
export const CHECK_FOR_MS = 30 * 60_000;

/** Queues the next invite of a job's collection (a resend: the old link dies when the new one is mailed). */
export async function queueInvite(deps: Deps, c: usageDb.UsageCollectionRow) {
  await enqueueWork(deps.db, {
    kind: USAGE_WORK.invite,
    key: `usage:invite:${c.job_id}:${c.invites + 1}`,
    payload: { job_id: c.job_id, invite: c.invites + 1 },
    now: deps.now(),
  });
}

/** Queues a status check of a collection's authorization (now, or after the polling interval). */
export async function queueCheck(deps: Deps, collectionId: number, delayMs = 0) {
  const n = await usageDb.bump(deps.db, collectionId, 'checks');
  await enqueueWork(deps.db, {
    kind: USAGE_WORK.check,
    key: `usage:check:${collectionId}:${n}`,
    payload: { collection_id: collectionId, check: n },
    now: deps.now(),
    run_at: new Date(deps.now().getTime() + delayMs),
  });
}

/** Queues a collection run: historical (the last HISTORY_MONTHS) or ongoing (since the last reading). */
export async function queueRun(deps: Deps, collectionId: number, mode: 'historical' | 'ongoing') {
  const n = await usageDb.bump(deps.db, collectionId, 'runs');
  await enqueueWork(deps.db, {
    kind: USAGE_WORK.collect,
    key: `usage:collect:${collectionId}:${n}`,
    payload: { collection_id: collectionId, run: n, mode },
    now: deps.now(),
  });
}

/** Queues the revocation at the utility of a declined collection's authorization (once per collection). */
export async function queueRevoke(deps: Deps, c: usageDb.UsageCollectionRow) {
  await enqueueWork(deps.db, {
    kind: USAGE_WORK.revoke,
    key: `usage:revoke:${c.id}`,
    payload: { collection_id: c.id },
    now: deps.now(),
  });
}

/**
 * What the utility's sign-in page says the sharing is for (issue 42: it read "job-8"): the home's address, as the
 * homeowner knows it, and the job's code, as their contractor and the program name it.
 */
export function usageReference(job: Pick<jobsDb.JobRow, 'address' | 'city' | 'state' | 'code'>): string {
  const home = [job.address, job.city, job.state].filter(Boolean).join(', ');
  return `${home} (rebate job ${job.code})`.slice(0, 200);
}

/** The collection page's address for a token. */
export const connectUrl = (deps: Deps, token: string) =>
  `${deps.config.public_url.replace(/\/$/, '')}/connect/${token}`;

/** Worker: mails invite number `invite` with a new link and opens the authorization at the service. */
async function invite(deps: Deps, p: { job_id: number; invite: number }) {
  const job = await jobsDb.getJob(deps.db, p.job_id);
  const uc = job && (await programOfJob(deps, job)).usage_collection;
  if (!job || !uc) return { skipped: 'no such job or collection' };
  const now = deps.now();
  const c0 = await usageDb.ensureCollection(deps.db, {
    job_id: job.id,
    task_id: uc.task,
    steps: JSON.stringify(freshSteps()),
    meters: '[]',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  if (c0.invites >= p.invite) return { skipped: 'already sent' };
  if (c0.consent === 0) return { skipped: 'the homeowner declined' };
  const token = randomBytes(24).toString('base64url');
  // The authorization is opened before the transaction (the service is never called inside one).
  let authorization = c0.authorization_id ? { id: c0.authorization_id, url: c0.authorization_url! } : undefined;
  if (!authorization && deps.adapters.usage) {
    try {
      authorization = await deps.adapters.usage.createAuthorization({
        reference: usageReference(job),
        return_url: connectUrl(deps, token),
        email: job.email ?? undefined,
        utility: job.electric_utility ?? job.gas_utility ?? undefined,
      });
    } catch (e) {
      // Recorded where ops look (the step), then retried by the worker with backoff.
      await recordOutage(deps, c0.id, 'send_homeowner_invite', e);
      throw e;
    }
  }
  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.lockCollection(deps.db, c0.id))!;
    if (c.invites >= p.invite) return { skipped: 'already sent' };
    if (c.consent === 0) return { skipped: 'the homeowner declined' };
    const steps = parseSteps(c);
    const at = deps.now().toISOString();
    if (!deps.adapters.usage || !authorization) {
      setStep(
        steps,
        'send_homeowner_invite',
        'failure',
        at,
        'none is configured (UTILITY_DATA_URL is not set)',
        'unavailable',
      );
      await saveState(deps, c, steps, {});
      return { failed: 'no service' };
    }
    if (!job.email) {
      setStep(steps, 'send_homeowner_invite', 'failure', at, 'the job has no homeowner email', 'mail_failed');
      await saveState(
        deps,
        c,
        steps,
        {},
        {
          authorization_id: c.authorization_id ?? authorization.id,
          authorization_url: c.authorization_url ?? authorization.url,
        },
      );
      return { failed: 'no email' };
    }
    const link = connectUrl(deps, token);
    await deps.adapters.mail.send(
      {
        to: job.email,
        ...renderMail('usage_invite', {
          homeowner_name: job.full_name,
          job_code: job.code,
          link,
          link_days: LINK_DAYS,
        }),
      },
      deps.db,
    );
    setStep(steps, 'send_homeowner_invite', 'success', at, job.email);
    const expires = new Date(deps.now().getTime() + LINK_DAYS * 86_400_000).toISOString();
    await saveState(
      deps,
      c,
      steps,
      {},
      {
        invites: p.invite,
        token_hash: sha256(token),
        token_expires_at: expires,
        authorization_id: c.authorization_id ?? authorization.id,
        authorization_url: c.authorization_url ?? authorization.url,
      },
    );
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'usage_invite_sent',
      user_id: null,
      at,
      detail: { to: job.email, invite: p.invite },
    });
    return { sent: p.invite };
  });
}

/** Worker: reads the authorization's state and records steps 2–4 from it. */
async function check(deps: Deps, p: { collection_id: number; check: number }) {
  const c0 = await usageDb.collectionById(deps.db, p.collection_id);
  if (!c0?.authorization_id || !deps.adapters.usage) return { skipped: 'no authorization' };
  if (c0.checks !== p.check) return { skipped: 'a newer check is queued' };
  if (c0.consent === 0) return { skipped: 'the homeowner declined' };
  let a: UtilityAuthorization;
  try {
    a = await deps.adapters.usage.getAuthorization(c0.authorization_id);
  } catch (e) {
    if (!lostAccess(e)) throw e;
    a = {
      id: c0.authorization_id,
      status: 'revoked',
      visited_at: null,
      submitted_at: null,
      decided_at: null,
      revoked_at: deps.now().toISOString(),
      failure: null,
      failure_detail: e.message,
      attempts: 0,
      utility: null,
      account_holder: null,
    };
  }
  return inTransaction(deps, async (deps) => {
    const c = (await usageDb.lockCollection(deps.db, p.collection_id))!;
    // Declined while the service was asked: the answer stands, nothing of the authorization is recorded.
    if (c.consent === 0) return { skipped: 'the homeowner declined' };
    const steps = parseSteps(c);
    const before = JSON.stringify(steps);
    const at = deps.now().toISOString();
    if (a.visited_at && steps.visit_collection_page.status !== 'success')
      setStep(steps, 'visit_collection_page', 'success', a.visited_at, 'on the utility data service’s page');
    if (a.submitted_at && steps.attempt_authentication.at !== a.submitted_at) {
      setStep(
        steps,
        'attempt_authentication',
        'success',
        a.submitted_at,
        `attempt ${a.attempts}${a.utility ? `, ${a.utility}` : ''}`,
      );
      clearAfter(steps, 'attempt_authentication');
    }
    const facts: Record<string, unknown> = {};
    let collect = false;
    let again = false;
    const validated = steps.validate_credentials;
    if (a.status === 'authorized' && validated.status !== 'success') {
      setStep(
        steps,
        'validate_credentials',
        'success',
        a.decided_at ?? at,
        `${a.utility ?? 'utility'}${a.account_holder ? `, account holder ${a.account_holder}` : ''}`,
      );
      Object.assign(facts, {
        connected: true,
        consent: true,
        authorization_reference: a.id,
        connected_on: (a.decided_at ?? at).slice(0, 10),
        utility: a.utility,
        account_holder: a.account_holder,
      });
      collect = true;
    } else if (
      a.status === 'failed' &&
      !(validated.status === 'failure' && validated.at === (a.decided_at ?? validated.at))
    ) {
      const failure: UsageFailure = a.failure ?? 'unavailable';
      setStep(steps, 'validate_credentials', 'failure', a.decided_at ?? at, a.failure_detail, failure);
      await addHistory(deps.db, {
        job_id: c.job_id,
        type: 'usage_credentials_failed',
        user_id: null,
        at,
        detail: { failure, attempt: a.attempts },
      });
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
      await addHistory(deps.db, {
        job_id: c.job_id,
        type: 'usage_connected',
        user_id: null,
        at,
        detail: { utility: a.utility },
      });
      await queueRun(deps, c.id, 'historical');
    }
    if (again) await queueCheck(deps, c.id, CHECK_EVERY_MS);
    return { status: a.status };
  });
}

/**
 * Worker: revokes a declined collection's authorization at the utility data service, so no sign-in there can
 * authorize it afterwards (one already revoked or unknown there is done).
 */
async function revoke(deps: Deps, p: { collection_id: number }) {
  const c = await usageDb.collectionById(deps.db, p.collection_id);
  if (!c?.authorization_id || !deps.adapters.usage) return { skipped: 'no authorization' };
  try {
    await deps.adapters.usage.revoke(c.authorization_id);
  } catch (e) {
    if (!lostAccess(e)) throw e;
  }
  return { revoked: c.authorization_id };
}

/** The worker's handlers of usage collection, over the app's dependencies. */
export function usageHandlers(deps: Deps): Record<string, WorkHandler> {
  const on = (db: Deps['db']) => ({ ...deps, db });
  return {
    [USAGE_WORK.invite]: (item, db) => invite(on(db), item.data as Parameters<typeof invite>[1]),
    [USAGE_WORK.check]: (item, db) => check(on(db), item.data as Parameters<typeof check>[1]),
    [USAGE_WORK.collect]: (item, db) => collect(on(db), item.data as Parameters<typeof collect>[1]),
    [USAGE_WORK.revoke]: (item, db) => revoke(on(db), item.data as Parameters<typeof revoke>[1]),
  };
}
