/**
 * Document signing as the job's people see it (spec sect. 4: Generate, Download, resend): each signing
 * task's current documents with every signer's status, their PDFs, a new invite, regenerate. Statuses are
 * the server's: a form's `signatures:` fields are filled from here on every read and save. The background
 * steps are in document-work.ts, the signer's page in signing.service.ts.
 */

import { documentTasks, combinedStatus, signatureFields } from '../../../engine/index.ts';
import {
  SIGNING_MESSAGES,
  type DocumentSigner,
  type JobDocument,
  type JobDocuments,
  type SignatureStatus,
  type SignerRole,
} from '../../../engine/api/signing.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { ApiError, conflict, notFound, validationError } from '../../errors.ts';
import * as docsDb from './documents.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import * as tasksDb from '../../db/tasks.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { assertMay } from '../../abilities.ts';
import { canSeeTask, mayHandleDocuments, seesInternal } from '../../services/access.ts';
import { evaluateRow, jobState } from '../../services/evaluation.ts';
import { programOfJob } from '../../services/pinned-program.ts';
import { DOCUMENT_WORK, finalizeKey } from './work-kinds.ts';
import { iso, pdfName, queueGeneration, requestInvite } from './document-work.ts';
import { signsAsHomeowner } from './signer-copies.ts';

/** The statuses of a task's current signatures (what a form's `signatures:` fields are filled from). */
export async function signaturesOfTask(
  deps: Pick<Deps, 'db'>,
  jobId: number,
  taskId: string,
): Promise<{ role: SignerRole; status: SignatureStatus }[]> {
  const docs = await docsDb.currentDocuments(deps.db, jobId, taskId);
  return (
    await docsDb.signaturesOf(
      deps.db,
      docs.map((d) => d.id),
    )
  ).map((s) => ({ role: s.role as SignerRole, status: s.status as SignatureStatus }));
}

/** The statuses of each signing task's current signatures, by task (undefined when the program has no documents). */
export type LiveSignatures = Map<string, { role: SignerRole; status: SignatureStatus }[]>;
export async function liveSignatures(
  deps: Deps,
  job: jobsDb.JobRow,
  taskId?: string,
): Promise<LiveSignatures | undefined> {
  const program = await programOfJob(deps, job);
  if (!program.documents.some((d) => taskId === undefined || d.task === taskId)) return undefined;
  const docs = await docsDb.currentDocuments(deps.db, job.id, taskId);
  const byDoc = new Map(docs.map((d) => [d.id, d.task_id]));
  const out: LiveSignatures = new Map();
  for (const s of await docsDb.signaturesOf(
    deps.db,
    docs.map((d) => d.id),
  )) {
    const t = byDoc.get(s.document_id)!;
    if (!out.has(t)) out.set(t, []);
    out.get(t)!.push({ role: s.role as SignerRole, status: s.status as SignatureStatus });
  }
  return out;
}

/** A task's answers with its signature fields as the signatures stand (what the task shows, live). */
export function withLiveSignatures(
  form: { signatures?: Record<string, SignerRole | 'all'> },
  data: Record<string, unknown> | null,
  live: { role: SignerRole; status: SignatureStatus }[],
) {
  const out: Record<string, unknown> = { ...(data ?? {}) };
  for (const f of Object.keys(form.signatures ?? {})) delete out[f];
  return { ...out, ...signatureFields(form, live) };
}

/** A form's signature fields as the server has them: what a save of the task stores, whatever was sent. */
export async function serverSignatureFields(
  deps: Deps,
  form: { signatures?: Record<string, SignerRole | 'all'> } | undefined,
  jobId: number,
  taskId: string,
  data: Record<string, unknown>,
) {
  if (!form?.signatures) return data;
  return withLiveSignatures(form, data, await signaturesOfTask(deps, jobId, taskId));
}

/** PATCH /api/jobs/{job_id}/regenerate-documents: queues generation; recorded in history. */
export async function regenerate(deps: Deps, user: AuthUser, job: jobsDb.JobRow, taskName: string, recreate: boolean) {
  assertMay(user, 'job.regenerate_documents');
  const { evaluation, program } = await jobState(deps, job);
  if (!documentTasks(program).has(taskName))
    throw validationError([{ path: 'task_name', message: 'Please select one of the options' }]);
  if (job.is_canceled)
    throw new ApiError(400, 'This job is canceled. Restore it to work on its tasks.', undefined, 'job_canceled');
  // A task the job does not have (a renter's acknowledgment on an owner's job) has nothing to sign.
  if (!evaluation.tasks.some((t) => t.id === taskName))
    throw new ApiError(400, 'This task does not apply to this job.', undefined, 'task_not_applicable');
  return inTransaction(deps, async (deps) => {
    const work = await queueGeneration(deps, job, taskName, recreate, user.id);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'documents_regenerated',
      user_id: user.id,
      at: iso(deps.now()),
      detail: { task_name: taskName, recreate },
    });
    const docs = await docsDb.currentDocuments(deps.db, job.id, taskName);
    const statuses = (
      await docsDb.signaturesOf(
        deps.db,
        docs.map((d) => d.id),
      )
    ).map((s) => s.status as SignatureStatus);
    return {
      task_name: taskName,
      recreate,
      document_status: recreate ? 'not_attempted' : combinedStatus(statuses),
      envelope_id: `work-${work.id}`,
    };
  });
}

/** The task owners of a job's tasks, by task id (its evaluation). */
async function ownersOf(deps: Deps, job: jobsDb.JobRow): Promise<Map<string, string>> {
  const ev = await evaluateRow(deps, job);
  return new Map(ev.tasks.map((t) => [t.id, t.owner]));
}

function presentSigner(user: AuthUser, s: docsDb.SignatureRow, mayResend: boolean): DocumentSigner {
  return {
    id: s.id,
    role: s.role as SignerRole,
    name: s.name,
    ...(user.role !== 'homeowner' && s.email ? { email: s.email } : {}),
    status: s.status as SignatureStatus,
    invited_at: s.invited_at,
    signed_at: s.signed_at,
    decline_reason: s.decline_reason,
    can_resend: mayResend && s.status !== 'success',
  };
}

/** GET /api/jobs/{job_id}/documents: the current documents of the tasks the caller sees. */
export async function listDocuments(deps: Deps, user: AuthUser, job: jobsDb.JobRow): Promise<JobDocuments> {
  const owners = await ownersOf(deps, job);
  const current = await docsDb.currentDocuments(deps.db, job.id);
  const all = await docsDb.signaturesOf(
    deps.db,
    current.map((d) => d.id),
  );
  // The documents of the tasks the caller sees, and those a homeowner signs (their copy).
  const docs = current.filter(
    (d) => (owners.has(d.task_id) && canSeeTask(user, owners.get(d.task_id)!)) || signsAsHomeowner(user, all, d.id),
  );
  const sigs = all.filter((s) => docs.some((d) => d.id === s.document_id));
  // A task completed while its document still waits on signers was signed another way (on paper, uploaded): the
  // links are ended (signing.service byToken) and no one is invited again.
  const complete = new Set<string>();
  for (const taskId of new Set(docs.map((d) => d.task_id)))
    if ((await tasksDb.getTask(deps.db, job.id, taskId))?.status === 'COMPLETE') complete.add(taskId);
  // Ops see why a fully signed document has no signed copy yet (the stamping work failed) and may try again.
  const failures = new Map<number, JobDocument['stamping_failure']>();
  if (seesInternal(user))
    for (const d of docs)
      if (!d.signed_file_name) {
        const f = await stampingFailure(deps, d.id);
        if (f) failures.set(d.id, f);
      }
  const items: JobDocument[] = docs.map((d) => {
    const mine = sigs.filter((s) => s.document_id === d.id);
    const manual = complete.has(d.task_id) && mine.some((s) => s.status !== 'success');
    const mayResend = !manual && mayHandleDocuments(user, owners.get(d.task_id)!) && user.role !== 'homeowner';
    // Only the signer whose turn it is can be invited again.
    const turn = mine.find((s) => s.status !== 'success');
    return {
      id: d.id,
      task_id: d.task_id,
      key: d.doc_key,
      title: d.title,
      generation: d.generation,
      status: combinedStatus(mine.map((s) => s.status as SignatureStatus)),
      created_at: d.created_at,
      sha256: d.sha256,
      download_url: `/api/jobs/${job.id}/documents/${d.id}/file`,
      signed_download_url: d.signed_file_name ? `/api/jobs/${job.id}/documents/${d.id}/file?signed=true` : null,
      signed_sha256: d.signed_file_name ? d.signed_sha256 : null,
      signed_another_way: manual,
      signers: mine.map((s) => presentSigner(user, s, mayResend && s.id === turn?.id)),
      ...(seesInternal(user) ? { stamping_failure: failures.get(d.id) ?? null } : {}),
    };
  });
  const pending = await deps.db
    .selectFrom('work_items')
    .select('id')
    .where('kind', 'in', Object.values(DOCUMENT_WORK))
    .where('state', 'in', ['ready', 'leased'])
    .where('payload', 'like', `{"job_id":${job.id},%`)
    .executeTakeFirst();
  const inviting = sigs.some((s) => s.status === 'pending' && s.invites_sent < s.invites_requested);
  // A signed copy still to make, unless its stamping has stopped (ops are shown why; the page need not wait).
  const signing = items.some(
    (d) => d.status === 'success' && !d.signed_download_url && !d.stamping_failure?.stopped && !d.signed_another_way,
  );
  return { items, pending_work: !!pending || inviting || signing };
}

/** Why a document's stamping failed, from its work item: null when it has not failed (or is done). */
async function stampingFailure(deps: Deps, documentId: number): Promise<JobDocument['stamping_failure']> {
  const item = await deps.db
    .selectFrom('work_items')
    .select(['state', 'attempts', 'last_error', 'run_at'])
    .where('idempotency_key', '=', finalizeKey(documentId))
    .executeTakeFirst();
  if (!item?.last_error || item.state === 'done') return null;
  const stopped = item.state === 'dead';
  return { cause: item.last_error, stopped, attempts: item.attempts, next_attempt_at: stopped ? null : item.run_at };
}

/** The message of trying the stamping again when there is nothing to stamp. */
export const STAMPING_MESSAGES = {
  nothing_to_stamp:
    'This document is not signed by everyone yet, or its signed copy is made: there is nothing to stamp.',
} as const;

/**
 * POST /api/jobs/{job_id}/documents/{document_id}/stamp: ops try making the signed copy again now (after fixing
 * what failed, or when the worker stopped after its last attempt); recorded in history.
 */
export async function retryStamping(deps: Deps, user: AuthUser, job: jobsDb.JobRow, documentId: number) {
  assertMay(user, 'job.regenerate_documents');
  const { doc } = await documentFor(deps, user, job, documentId);
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  const signed = sigs.length > 0 && sigs.every((s) => s.status === 'success');
  if (doc.superseded_at || doc.signed_file_name || !signed)
    throw conflict(STAMPING_MESSAGES.nothing_to_stamp, undefined, 'signature_complete');
  await inTransaction(deps, async (deps) => {
    const now = iso(deps.now());
    const queued = await enqueueWork(deps.db, {
      kind: DOCUMENT_WORK.finalize,
      key: finalizeKey(doc.id),
      payload: { job_id: job.id, document_id: doc.id },
      now: deps.now(),
    });
    // An item that failed (waiting for its next attempt, or stopped) runs now with its attempts counted afresh.
    if (!queued.created)
      await deps.db
        .updateTable('work_items')
        .set({ state: 'ready', attempts: 0, run_at: now, updated_at: now })
        .where('id', '=', queued.id)
        .where('state', 'in', ['ready', 'dead'])
        .execute();
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'document_stamping_retried',
      user_id: user.id,
      at: now,
      detail: { task_id: doc.task_id, document: doc.doc_key },
    });
  });
  return listDocuments(deps, user, job);
}

/** A document the caller may see (its task's access), or 404. */
async function documentFor(deps: Deps, user: AuthUser, job: jobsDb.JobRow, documentId: number) {
  const doc = await docsDb.documentById(deps.db, documentId);
  if (!doc || doc.job_id !== job.id) throw notFound('Document not found');
  const owner = (await ownersOf(deps, job)).get(doc.task_id);
  const mine = () => docsDb.signaturesOf(deps.db, [doc.id]).then((sigs) => signsAsHomeowner(user, sigs, doc.id));
  if (!owner || !(canSeeTask(user, owner) || (await mine()))) throw notFound('Document not found');
  return { doc, owner };
}

/** GET /api/jobs/{job_id}/documents/{id}/file: the generated PDF, or with `signed` the signed one. */
export async function documentFile(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  documentId: number,
  signed: boolean,
) {
  const { doc } = await documentFor(deps, user, job, documentId);
  const name = signed ? doc.signed_file_name : doc.file_name;
  const bytes = name ? await deps.adapters.files.get(name) : undefined;
  if (!bytes) throw notFound(signed ? 'The signed document is not ready yet.' : 'Attachment is no longer available.');
  return { bytes, name: pdfName(doc.title, job.code, signed) };
}

/** POST /api/jobs/{job_id}/documents/signers/{id}/resend: a new link to the signer whose turn it is. */
export async function resend(
  deps: Deps,
  user: AuthUser,
  job: jobsDb.JobRow,
  signatureId: number,
): Promise<DocumentSigner> {
  assertMay(user, 'document.resend');
  const s = await docsDb.signatureById(deps.db, signatureId);
  if (!s) throw notFound('Signer not found');
  const { doc, owner } = await documentFor(deps, user, job, s.document_id);
  if (!mayHandleDocuments(user, owner)) throw notFound('Signer not found');
  if (doc.superseded_at || s.status === 'success')
    throw conflict(
      'This signer has signed, or the document was replaced: there is nothing to resend.',
      undefined,
      'signature_complete',
    );
  if ((await tasksDb.getTask(deps.db, job.id, doc.task_id))?.status === 'COMPLETE')
    throw conflict(SIGNING_MESSAGES.signed_another_way, undefined, 'signature_complete');
  const earlier = (await docsDb.signaturesOf(deps.db, [doc.id])).filter((x) => x.order_index < s.order_index);
  if (earlier.some((x) => x.status !== 'success'))
    throw conflict(SIGNING_MESSAGES.not_your_turn, undefined, 'signing_not_your_turn');
  return inTransaction(deps, async (deps) => {
    await requestInvite(deps, s.id);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'signature_invite_resent',
      user_id: user.id,
      at: iso(deps.now()),
      detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role },
    });
    return presentSigner(user, (await docsDb.signatureById(deps.db, s.id))!, true);
  });
}
