/**
 * The demo's tasks that outside parties complete (server/seed/demo-services.ts runs them on the seed's clock):
 * - a usage task: the homeowner opens the link the invite mailed, consents and signs in at the utility's page (or
 *   declines there), the worker's handlers check the authorization and collect the usage, and the task completes
 *   itself from the connection;
 * - a signing task: its documents generated and each invite mailed by the worker's handlers, every signer signing
 *   in turn through the link mailed to them, the task completing itself once all have signed;
 * - a payment task: the payable approval created is made in the accounts-payment system and paid there, and the
 *   task completes itself with the payment.
 * Each answers whether the task is complete now (if not, the caller does what a person would: sign by hand, record
 * the payment by hand).
 */

import { UTILITIES } from '../../sim/utility/authorizations.ts';
import type { Deps } from '../context.ts';
import type { JobRow } from '../db/jobs.db.ts';
import { getTask } from '../db/tasks.db.ts';
import { documentHandlers, sha256 } from '../workflows/signing/document-work.ts';
import { currentDocuments, signaturesOf } from '../workflows/signing/documents.db.ts';
import { sign } from '../workflows/signing/signing.service.ts';
import { DOCUMENT_WORK } from '../workflows/signing/work-kinds.ts';
import { usageHandlers } from '../workflows/usage/usage-work.ts';
import { collectionOfJob } from '../workflows/usage/usage.db.ts';
import { connect, connectView, decline } from '../workflows/usage/usage.service.ts';
import { paymentHandlers } from '../workflows/payments/payment-work.ts';
import { latestPayment } from '../workflows/payments/payments.db.ts';
import { runWork } from './demo-services.ts';

const isComplete = async (d: Deps, jobId: number, taskId: string) =>
  (await getTask(d.db, jobId, taskId))?.status === 'COMPLETE';

/** The one-time link of `path` (/sign/, /connect/) mailed to an address whose token hashes to `hash` (the outbox holds
 * the demo's mail). */
async function mailedToken(d: Deps, to: string, path: string, hash: string | null): Promise<string | undefined> {
  if (!hash) return undefined;
  const mails = await d.db.selectFrom('outbox').select('body').where('to_address', '=', to).execute();
  const link = new RegExp(`${path}([A-Za-z0-9_-]+)`);
  for (const m of mails) {
    const token = link.exec(m.body)?.[1];
    if (token && sha256(token) === hash) return token;
  }
  return undefined;
}

/** The homeowner connects their utility account (or declines) through the collection page; complete after? */
export async function connectUtility(d: Deps, job: JobRow, taskId: string, consent: boolean): Promise<boolean> {
  const handlers = usageHandlers(d);
  await runWork(d, handlers, [`usage:invite:${job.id}:`]);
  const c = await collectionOfJob(d.db, job.id);
  const token = c && job.email ? await mailedToken(d, job.email, '/connect/', c.token_hash) : undefined;
  if (!c || !token) return false;
  await connectView(d, token);
  if (!consent) {
    await decline(d, token);
    // The revocation at the utility: asked now (the seed's utility knows the authorization; the portal's does not).
    await runWork(d, handlers, [`usage:revoke:${c.id}`]);
    return isComplete(d, job.id, taskId);
  }
  const { url } = await connect(d, token);
  // On the utility's own page: the utility on the bill (one the simulated utility knows), any ordinary account.
  const utility = UTILITIES.find((u) => u === job.electric_utility) ?? UTILITIES[0];
  const form = new URLSearchParams({ utility, username: `demo-${job.code.toLowerCase()}`, password: 'demo password' });
  await fetch(url);
  await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  await connectView(d, token, true);
  await runWork(d, handlers, [`usage:check:${c.id}:`, `usage:collect:${c.id}:`]);
  return isComplete(d, job.id, taskId);
}

/** Every signer of the task's documents signs in turn through the link mailed to them; complete after? */
export async function eSign(d: Deps, job: JobRow, taskId: string): Promise<boolean> {
  const all = documentHandlers(d);
  const handlers = {
    [DOCUMENT_WORK.generate]: all[DOCUMENT_WORK.generate],
    [DOCUMENT_WORK.invite]: all[DOCUMENT_WORK.invite],
  };
  // Generation first, then the invites of the signatures it made. The signed copies are stamped by the portal's worker
  // once it starts (as after any signing: some 90 ms a document, not worth the start-up's wait).
  const work = async () => {
    for (let ran = 1; ran > 0;) {
      const docs = await currentDocuments(d.db, job.id);
      const sigs = await signaturesOf(
        d.db,
        docs.map((x) => x.id),
      );
      const keys = [`documents:generate:${job.id}:`, `documents:auto:${job.id}:`];
      ran = await runWork(d, handlers, [...keys, ...sigs.map((s) => `documents:invite:${s.id}:`)]);
    }
  };
  await work();
  // Each document's signers in order: a signature invites the next.
  for (let round = 0; round < 8 && !(await isComplete(d, job.id, taskId)); round++) {
    const docs = await currentDocuments(d.db, job.id, taskId);
    const invited = (
      await signaturesOf(
        d.db,
        docs.map((x) => x.id),
      )
    ).filter((s) => s.status === 'pending' && s.invites_sent > 0 && s.email);
    if (!invited.length) break;
    for (const s of invited) {
      const token = await mailedToken(d, s.email!, '/sign/', s.token_hash);
      if (!token) continue;
      const signature = { kind: 'typed' as const, text: s.name };
      await sign(d, token, { consent: true, accept_terms: true, signature }, { ip: '127.0.0.1', user_agent: 'Demo' });
    }
    await work();
  }
  return isComplete(d, job.id, taskId);
}

/** The approved payable is created in the accounts-payment system and paid there; complete after? */
export async function payThroughAp(d: Deps, job: JobRow, taskId: string): Promise<boolean> {
  const p = await latestPayment(d.db, job.id);
  if (!p) return false;
  await runWork(d, paymentHandlers(d), [`payments:create:${p.id}`, `payments:check:${p.id}:`]);
  return isComplete(d, job.id, taskId);
}
