/**
 * The signer's page (spec sect. 4, Sign): no account, the one-time link is the credential. The whole
 * document, its signers and the terms it carries; sign (consent, the terms, a typed or drawn signature:
 * the signer's address, browser, time and the SHA-256 of the document they saw are recorded) or decline
 * with a reason. Once every signature of a task's documents is in, the task completes by itself.
 */

import { combinedStatus } from '../../../engine/index.ts';
import {
  SIGNING_MESSAGES,
  type SignatureStatus,
  type SignerRole,
  type SigningView,
  type SignRequest,
} from '../../../engine/api/signing.ts';
import { inTransaction, type Deps } from '../../context.ts';
import { ApiError, conflict, notFound, validationError } from '../../errors.ts';
import * as docsDb from './documents.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import * as tasksDb from '../../db/tasks.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { currentTermsVersion } from '../../db/admin.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { programOfJob, taskFormOf } from '../../services/pinned-program.ts';
import { DOCUMENT_WORK, finalizeKey } from './work-kinds.ts';
import { iso, pdfName, requestInvite, sha256, type StoredContent } from './document-work.ts';
import { signaturesOfTask, withLiveSignatures } from './documents.service.ts';
import { completeTaskBySystem } from '../../services/system-submit.ts';
import { readDrawnSignature } from './drawn-signature.ts';

/** What a signing link's token can look like (anything else names no signature: 404); openapi.json says so. */
export const SIGNING_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The signature a link names, with its document; 404 unknown/replaced/expired, 410 spent. */
async function byToken(deps: Deps, token: string) {
  const link = SIGNING_TOKEN.test(token) ? await docsDb.signatureByTokenHash(deps.db, sha256(token)) : undefined;
  if (!link?.expires || link.expires < iso(deps.now()))
    throw new ApiError(404, SIGNING_MESSAGES.link_invalid, undefined, 'signing_link_invalid');
  const s = link.s;
  const doc = (await docsDb.documentById(deps.db, s.document_id))!;
  const task = await tasksDb.getTask(deps.db, doc.job_id, doc.task_id);
  const job = (await jobsDb.getJob(deps.db, doc.job_id))!;
  const gone = (detail: string) => new ApiError(410, detail, undefined, 'signing_link_spent');
  // A link is used once: signed or declined, it only says so.
  if (s.status === 'success') throw gone(SIGNING_MESSAGES.already_signed);
  if (s.status === 'failure') throw gone(SIGNING_MESSAGES.declined);
  if (doc.superseded_at || job.is_canceled || (task?.status === 'COMPLETE' && s.status === 'pending'))
    throw gone(SIGNING_MESSAGES.no_longer_needed);
  return { s, doc, job };
}

/** GET /api/signing/{token}: the whole document, who signs it, the terms it carries. */
export async function signingView(deps: Deps, token: string): Promise<SigningView> {
  const { s, doc } = await byToken(deps, token);
  const content = JSON.parse(doc.content) as StoredContent;
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  const terms = doc.terms_kind ? await currentTermsVersion(deps.db) : undefined;
  return {
    document: {
      title: doc.title,
      program_name: content.program_name,
      job_code: content.job_code,
      sections: content.sections,
      fields: content.fields,
      sha256: doc.sha256,
      pdf_url: `/api/signing/${token}/document.pdf`,
    },
    signer: { role: s.role as SignerRole, name: s.name },
    signers: sigs.map((x) => ({ role: x.role as SignerRole, name: x.name, status: x.status as SignatureStatus })),
    // The terms' sections (their description is the version's change note, not part of the terms).
    terms: terms
      ? {
          id: terms.id,
          title: terms.title,
          text: terms.sections.map((sec) => [sec.title, ...sec.items.map((i) => `• ${i}`)].join('\n')).join('\n\n'),
        }
      : null,
    status: s.status as SignatureStatus,
  };
}

/** GET /api/signing/{token}/document.pdf: the document the signer is asked to sign. */
export async function signingPdf(deps: Deps, token: string) {
  const { doc, job } = await byToken(deps, token);
  const bytes = await deps.adapters.files.get(doc.file_name);
  if (!bytes) throw notFound('Attachment is no longer available.');
  return { bytes, name: pdfName(doc.title, job.code) };
}

/** What the signer's request says about them. */
export interface SignerMeta {
  ip: string;
  user_agent: string;
}

/** POST /api/signing/{token}/sign. */
export async function sign(deps: Deps, token: string, body: SignRequest, meta: SignerMeta) {
  const { s, doc, job } = await byToken(deps, token);
  const errors: { path: string; message: string }[] = [];
  if (body.consent !== true) errors.push({ path: 'consent', message: SIGNING_MESSAGES.consent_required });
  if (doc.terms_kind && body.accept_terms !== true)
    errors.push({ path: 'accept_terms', message: SIGNING_MESSAGES.terms_required });
  let image: string | null = null;
  if (body.signature.kind === 'typed') {
    if (!body.signature.text.trim()) errors.push({ path: 'signature', message: SIGNING_MESSAGES.signature_required });
  } else {
    const drawn = readDrawnSignature(body.signature.image);
    if (drawn.ok) image = drawn.base64;
    else
      errors.push({
        path: 'signature',
        message:
          drawn.reason === 'blank'
            ? SIGNING_MESSAGES.signature_required
            : drawn.reason === 'too_large'
              ? SIGNING_MESSAGES.signature_too_large
              : SIGNING_MESSAGES.signature_unreadable,
      });
  }
  if (errors.length) throw validationError(errors);
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  if (sigs.some((x) => x.order_index < s.order_index && x.status !== 'success'))
    throw conflict(SIGNING_MESSAGES.not_your_turn, undefined, 'signing_not_your_turn');
  return inTransaction(deps, async (deps) => {
    const at = iso(deps.now());
    const terms = doc.terms_kind ? await currentTermsVersion(deps.db) : undefined;
    const ok = await docsDb.updateSignature(
      deps.db,
      s.id,
      {
        status: 'success',
        signed_at: at,
        consent_at: at,
        ip: meta.ip.slice(0, 100),
        user_agent: meta.user_agent.slice(0, 500),
        seen_sha256: doc.sha256,
        signature_kind: body.signature.kind,
        signature_text: body.signature.kind === 'typed' ? body.signature.text.trim() : null,
        signature_image: image,
        terms_id: terms?.id ?? null,
      },
      { status: 'pending' },
    );
    if (!ok) throw new ApiError(410, SIGNING_MESSAGES.already_signed, undefined, 'signing_link_spent');
    if (terms)
      await jobsDb.updateJob(
        deps.db,
        job.id,
        doc.terms_kind === 'install' ? { install_terms_id: terms.id } : { submit_terms_id: terms.id },
      );
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'document_signed',
      user_id: null,
      at,
      detail: {
        task_id: doc.task_id,
        document: doc.doc_key,
        role: s.role,
        name: s.name,
        ...(terms ? { terms_id: terms.id } : {}),
      },
    });
    const after = await docsDb.signaturesOf(deps.db, [doc.id]);
    const next = after.find((x) => x.status === 'not_attempted');
    if (next) await requestInvite(deps, next.id);
    const docStatus = combinedStatus(after.map((x) => x.status as SignatureStatus));
    if (docStatus === 'success') {
      await enqueueWork(deps.db, {
        kind: DOCUMENT_WORK.finalize,
        key: finalizeKey(doc.id),
        payload: { job_id: job.id, document_id: doc.id },
        now: deps.now(),
      });
      await completeIfSigned(deps, job, doc.task_id);
    }
    return { status: 'success' as const, document_status: docStatus };
  });
}

/** POST /api/signing/{token}/decline: the signature fails with the signer's reason. */
export async function decline(deps: Deps, token: string, reason: string, meta: SignerMeta) {
  const { s, doc, job } = await byToken(deps, token);
  if (!reason.trim()) throw validationError([{ path: 'reason', message: SIGNING_MESSAGES.reason_required }]);
  return inTransaction(deps, async (deps) => {
    const at = iso(deps.now());
    const ok = await docsDb.updateSignature(
      deps.db,
      s.id,
      {
        status: 'failure',
        decline_reason: reason.trim(),
        signed_at: null,
        ip: meta.ip.slice(0, 100),
        user_agent: meta.user_agent.slice(0, 500),
      },
      { status: 'pending' },
    );
    if (!ok) throw new ApiError(410, SIGNING_MESSAGES.already_signed, undefined, 'signing_link_spent');
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'document_declined',
      user_id: null,
      at,
      detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role, name: s.name, reason: reason.trim() },
    });
    return { status: 'failure' as const, document_status: 'failure' as const };
  });
}

/**
 * Completes a signing task by itself once every signature of its current documents is in: the form's
 * answers so far with what its form says e-signing answers (`esigned_answers`), its statuses the server's; validated as
 * any submission, history, job re-evaluated.
 */
async function completeIfSigned(deps: Deps, job: jobsDb.JobRow, taskId: string) {
  const statuses = await signaturesOfTask(deps, job.id, taskId);
  if (!statuses.length || statuses.some((x) => x.status !== 'success')) return;
  const form = taskFormOf(deps, await programOfJob(deps, job), taskId);
  if (!form || (await tasksDb.getTask(deps.db, job.id, taskId))?.status === 'COMPLETE') return;
  await completeTaskBySystem(
    deps,
    job,
    taskId,
    // Every signature field as the signatures stand (a status a draft stored before the documents existed included).
    (stored) => withLiveSignatures(form, { ...stored, ...form.esigned_answers }, statuses),
    { done: 'task_completed_by_signatures', refused: 'signatures_complete' },
  );
}
