/**
 * Document signing (spec sect. 4: Generate, Invite, Sign, Download, Upload), the portal's own e-signature.
 *
 * - Generate: ops (regenerate-documents) or the job itself (a signing task that opens) queue a
 *   `documents.generate` work item; the worker fills the program's documents from the job (engine
 *   documentsFor), renders each PDF and records it with its signers, all not attempted.
 * - Invite: a `documents.invite` item per signer and invite number mails a one-time link to the signer
 *   whose turn it is (signers sign in order). The link's token is stored hashed; a resend replaces it.
 * - Sign / decline: the public signing page, no account. Consent to sign electronically, the terms when
 *   the document carries them, a typed or drawn signature; the signer's address, browser, time and the
 *   SHA-256 of the document they saw are recorded. Once every signature of a task's documents is in, the
 *   task completes by itself (history row, job re-evaluated); a `documents.finalize` item stamps the
 *   signatures into the PDF and appends the audit certificate.
 * - Statuses are the server's: a form's `signatures:` fields are filled from here on every save.
 *
 * Every worker step is idempotent per item: a step killed after its effect and run again changes nothing
 * and sends nothing twice (generation keyed by generation, invites by invite number, the signed PDF once).
 */

import { createHash, randomBytes } from 'node:crypto';
import {
  documentsFor,
  documentTasks,
  combinedStatus,
  signatureFields,
  validateTaskSubmission,
  type Parties,
  type PreparedDocument,
} from '../../engine/index.ts';
import {
  SIGNER_ROLE_LABELS,
  SIGNING_MESSAGES,
  type DocumentSigner,
  type JobDocument,
  type JobDocuments,
  type SignatureStatus,
  type SignerRole,
  type SigningView,
  type SignRequest,
} from '../../engine/api/signing.ts';
import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { ApiError, conflict, notFound, validationError } from '../errors.ts';
import * as docsDb from '../db/documents.db.ts';
import * as jobsDb from '../db/jobs.db.ts';
import * as tasksDb from '../db/tasks.db.ts';
import { addHistory } from '../db/history.db.ts';
import { getContractor } from '../db/contractors.db.ts';
import { currentTermsVersion } from '../db/admin.db.ts';
import { enqueueWork } from '../db/work.db.ts';
import { assertMay } from '../abilities.ts';
import { canSeeTask, canWorkTask } from './access.ts';
import { evaluateRow, jobState, programOf, refreshJob } from './evaluation.ts';
import { renderDocument, signDocument, type SignatureBox } from '../documents/pdf.ts';
import type { WorkHandler } from '../worker.ts';
import { DOCUMENT_WORK } from '../documents/work-kinds.ts';

export { DOCUMENT_WORK };

/** How long an invite link works. */
// assumption: the spec gives no validity; 14 days leaves a homeowner two weekends to sign.
export const INVITE_DAYS = 14;

/** The filled document as stored (the signing page shows it). */
type StoredContent = PreparedDocument & { subtitle: string; program_name: string; job_code: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (d: Date) => d.toISOString();

/** Who the parties of a job are: the homeowner (the job's contact) and the contractor company. */
async function partiesOf(deps: Deps, job: jobsDb.JobRow): Promise<Parties> {
  const company = job.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  return {
    homeowner: { name: job.full_name || `${job.first_name} ${job.last_name}`.trim(), email: job.email },
    contractor: company ? { name: company.name, email: company.email } : undefined,
  };
}

/** The statuses of a task's current signatures (what a form's `signatures:` fields are filled from). */
export async function signaturesOfTask(deps: Pick<Deps, 'db'>, jobId: number, taskId: string): Promise<{ role: SignerRole; status: SignatureStatus }[]> {
  const docs = await docsDb.currentDocuments(deps.db, jobId, taskId);
  return (await docsDb.signaturesOf(deps.db, docs.map((d) => d.id))).map((s) => ({ role: s.role as SignerRole, status: s.status as SignatureStatus }));
}

/** The statuses of each signing task's current signatures, by task (undefined when the program has no documents). */
export type LiveSignatures = Map<string, { role: SignerRole; status: SignatureStatus }[]>;
export async function liveSignatures(deps: Deps, job: jobsDb.JobRow, taskId?: string): Promise<LiveSignatures | undefined> {
  const program = deps.defs.programs[job.program_id];
  if (!program?.documents.some((d) => taskId === undefined || d.task === taskId)) return undefined;
  const docs = await docsDb.currentDocuments(deps.db, job.id, taskId);
  const byDoc = new Map(docs.map((d) => [d.id, d.task_id]));
  const out: LiveSignatures = new Map();
  for (const s of await docsDb.signaturesOf(deps.db, docs.map((d) => d.id))) {
    const t = byDoc.get(s.document_id)!;
    if (!out.has(t)) out.set(t, []);
    out.get(t)!.push({ role: s.role as SignerRole, status: s.status as SignatureStatus });
  }
  return out;
}

/** A task's answers with its signature fields as the signatures stand (what the task shows, live). */
export function withLiveSignatures(form: { signatures?: Record<string, SignerRole | 'all'> }, data: Record<string, unknown> | null, live: { role: SignerRole; status: SignatureStatus }[]) {
  const out: Record<string, unknown> = { ...(data ?? {}) };
  for (const f of Object.keys(form.signatures ?? {})) delete out[f];
  return { ...out, ...signatureFields(form, live) };
}

/** A form's signature fields as the server has them: what a save of the task stores, whatever was sent. */
export async function serverSignatureFields(deps: Deps, form: { signatures?: Record<string, SignerRole | 'all'> } | undefined, jobId: number, taskId: string, data: Record<string, unknown>) {
  if (!form?.signatures) return data;
  return withLiveSignatures(form, data, await signaturesOfTask(deps, jobId, taskId));
}

/** Queues the generation of a task's documents (ops' regenerate, or a signing task that opened). */
export async function queueGeneration(deps: Deps, job: jobsDb.JobRow, taskId: string, recreate: boolean, by: number | null) {
  const current = await docsDb.currentDocuments(deps.db, job.id, taskId);
  const last = await docsDb.lastGeneration(deps.db, job.id, taskId);
  // A new generation when asked to recreate or when there is none; otherwise what is missing from the current one.
  const generation = recreate || !current.length ? last + 1 : current[0].generation;
  const key = `documents:generate:${job.id}:${taskId}:${generation}:${recreate || !current.length ? 'new' : `fill-${randomBytes(6).toString('hex')}`}`;
  return enqueueWork(deps.db, { kind: DOCUMENT_WORK.generate, key, payload: { job_id: job.id, task_id: taskId, generation, by }, now: deps.now() });
}

/** PATCH /api/jobs/{job_id}/regenerate-documents: queues generation; recorded in history. */
export async function regenerate(deps: Deps, user: AuthUser, job: jobsDb.JobRow, taskName: string, recreate: boolean) {
  assertMay(user, 'job.regenerate_documents');
  const program = programOf(deps, job.program_id);
  if (!documentTasks(program).has(taskName)) throw validationError([{ path: 'task_name', message: 'Please select one of the options' }]);
  if (job.is_canceled) throw new ApiError(400, 'This job is canceled. Restore it to work on its tasks.', undefined, 'job_canceled');
  // A task the job does not have (a renter's acknowledgment on an owner's job) has nothing to sign.
  if (!(await evaluateRow(deps, job)).tasks.some((t) => t.id === taskName)) throw new ApiError(400, 'This task does not apply to this job.', undefined, 'task_not_applicable');
  return inTransaction(deps, async (deps) => {
    const work = await queueGeneration(deps, job, taskName, recreate, user.id);
    await addHistory(deps.db, { job_id: job.id, type: 'documents_regenerated', user_id: user.id, at: iso(deps.now()), detail: { task_name: taskName, recreate } });
    const docs = await docsDb.currentDocuments(deps.db, job.id, taskName);
    const statuses = (await docsDb.signaturesOf(deps.db, docs.map((d) => d.id))).map((s) => s.status as SignatureStatus);
    return { task_name: taskName, recreate, document_status: recreate ? 'not_attempted' : combinedStatus(statuses), envelope_id: `work-${work.id}` };
  });
}

/** Worker: generates a task's documents of one generation (idempotent: what exists is kept). */
async function generate(deps: Deps, w: { job_id: number; task_id: string; generation: number | 'first'; by: number | null }) {
  const job = await jobsDb.getJob(deps.db, w.job_id);
  if (!job) return { skipped: 'no such job' };
  // A task that opened: its first documents, unless someone generated them already.
  if (w.generation === 'first' && (await docsDb.lastGeneration(deps.db, job.id, w.task_id)) > 0) return { skipped: 'documents exist' };
  const p = { ...w, generation: w.generation === 'first' ? 1 : w.generation };
  const program = programOf(deps, job.program_id);
  const { facts } = await jobState(deps, job);
  const prepared = documentsFor(program, facts as unknown as Record<string, unknown>, await partiesOf(deps, job), p.task_id);
  const existing = new Set((await docsDb.documentsOfGeneration(deps.db, job.id, p.task_id, p.generation)).map((d) => d.doc_key));
  const todo = prepared.filter((d) => !existing.has(d.id));
  if (!todo.length) return { generated: 0 };
  const at = iso(deps.now());
  const site = [job.address, job.city].filter(Boolean).join(', ');
  // Render and store the PDFs first (file storage may be another connection), then record them in one transaction.
  const rendered = await Promise.all(
    todo.map(async (d) => {
      const content: StoredContent = { ...d, subtitle: `${program.name} · job ${job.code} · ${site}`, program_name: program.name, job_code: job.code };
      const pdf = await renderDocument({
        title: d.title, subtitle: content.subtitle, sections: d.sections, fields: d.fields,
        signers: d.signers.map((s) => ({ role: s.role, label: SIGNER_ROLE_LABELS[s.role], name: s.name || SIGNER_ROLE_LABELS[s.role] })), generated_at: at,
      });
      return { d, content, pdf, file_name: await deps.adapters.files.put(Buffer.from(pdf.bytes)) };
    }),
  );
  const made = await inTransaction(deps, async (deps) => {
    // A generation above the current one supersedes it (its links die with it).
    const current = await docsDb.currentDocuments(deps.db, job.id, p.task_id);
    if (current.some((d) => d.generation < p.generation)) await docsDb.supersedeDocuments(deps.db, job.id, p.task_id, at);
    const again = new Set((await docsDb.documentsOfGeneration(deps.db, job.id, p.task_id, p.generation)).map((d) => d.doc_key));
    const made: string[] = [];
    for (const r of rendered) {
      if (again.has(r.d.id)) continue;
      const id = await docsDb.insertDocument(deps.db, {
        job_id: job.id, task_id: p.task_id, doc_key: r.d.id, generation: p.generation, title: r.d.title, content: JSON.stringify(r.content),
        terms_kind: r.d.terms, file_name: r.file_name, sha256: r.pdf.sha256, boxes: JSON.stringify(r.pdf.boxes), signed_file_name: null, superseded_at: null, created_at: at,
      });
      let first: number | undefined;
      for (const [i, s] of r.d.signers.entries()) {
        const sid = await docsDb.insertSignature(deps.db, { document_id: id, order_index: i, role: s.role, name: s.name || SIGNER_ROLE_LABELS[s.role], email: s.email });
        first ??= sid;
      }
      if (first !== undefined) await requestInvite(deps, first);
      made.push(r.d.id);
    }
    if (made.length) await addHistory(deps.db, { job_id: job.id, type: 'documents_generated', user_id: p.by, at, detail: { task_id: p.task_id, generation: p.generation, documents: made } });
    return made;
  });
  // Files of documents another run recorded first are not kept.
  for (const r of rendered) if (!made.includes(r.d.id)) await deps.adapters.files.remove(r.file_name);
  return { generated: made.length };
}

/** Asks for the next invite of a signature: its old link dies now, the worker mails the new one. */
async function requestInvite(deps: Deps, signatureId: number) {
  const s = (await docsDb.signatureById(deps.db, signatureId))!;
  const n = s.invites_requested + 1;
  await docsDb.updateSignature(deps.db, signatureId, { invites_requested: n, token_hash: null, token_expires_at: null, status: 'pending', decline_reason: null });
  await enqueueWork(deps.db, { kind: DOCUMENT_WORK.invite, key: `documents:invite:${signatureId}:${n}`, payload: { signature_id: signatureId, invite: n }, now: deps.now() });
}

/** A document's signer as the job's facts resolve them now (undefined when the job no longer has them sign). */
async function currentSigner(deps: Deps, doc: docsDb.DocumentRow, role: SignerRole) {
  const job = await jobsDb.getJob(deps.db, doc.job_id);
  if (!job) return undefined;
  const program = programOf(deps, job.program_id);
  const { facts } = await jobState(deps, job);
  const prepared = documentsFor(program, facts as unknown as Record<string, unknown>, await partiesOf(deps, job), doc.task_id).find((d) => d.id === doc.doc_key);
  return prepared?.signers.find((x) => x.role === role);
}

/** Worker: mails invite number `invite` of a signature with a new one-time link (once: the mail and the link commit together). */
async function invite(deps: Deps, p: { signature_id: number; invite: number }) {
  return inTransaction(deps, async (deps) => {
    const s = await docsDb.signatureById(deps.db, p.signature_id);
    if (!s || s.invites_sent >= p.invite || s.invites_requested !== p.invite) return { skipped: 'already sent or replaced' };
    const doc = (await docsDb.documentById(deps.db, s.document_id))!;
    if (doc.superseded_at || s.status !== 'pending') return { skipped: 'no longer needed' };
    // The address as the job has it now: a corrected email (a property manager's, say) reaches the resend.
    const current = await currentSigner(deps, doc, s.role as SignerRole);
    if (current?.email && current.email !== s.email) {
      await docsDb.updateSignature(deps.db, s.id, { email: current.email, name: current.name || s.name });
      s.email = current.email;
      s.name = current.name || s.name;
    }
    if (!s.email) {
      await docsDb.updateSignature(deps.db, s.id, { status: 'failure', decline_reason: `No email address for the ${SIGNER_ROLE_LABELS[s.role as SignerRole].toLowerCase()}.`, invites_sent: p.invite });
      await addHistory(deps.db, { job_id: doc.job_id, type: 'signature_invite_failed', user_id: null, at: iso(deps.now()), detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role } });
      return { failed: 'no email address' };
    }
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    await docsDb.updateSignature(deps.db, s.id, { token_hash: sha256(token), token_expires_at: iso(new Date(now.getTime() + INVITE_DAYS * 86_400_000)), invites_sent: p.invite, invited_at: iso(now) });
    const content = JSON.parse(doc.content) as StoredContent;
    await deps.adapters.mail.send(
      {
        to: s.email,
        subject: `Please sign: ${doc.title} (job ${content.job_code})`,
        body: [
          `Hello ${s.name},`,
          '',
          `${content.program_name} needs your signature on "${doc.title}" for job ${content.job_code}.`,
          `Open this link to read the whole document and sign it on any device (no account needed). It works for ${INVITE_DAYS} days:`,
          `${deps.config.public_url}/sign/${token}`,
          '',
          'If you do not want to sign, the same page lets you decline and tell us why.',
        ].join('\n'),
      },
      deps.db,
    );
    await addHistory(deps.db, { job_id: doc.job_id, type: 'signature_invited', user_id: null, at: iso(now), detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role, invite: p.invite } });
    return { sent: p.invite };
  });
}

/** Worker: stamps every signature into the document and appends the audit certificate (once). */
async function finalize(deps: Deps, p: { document_id: number }) {
  const doc = await docsDb.documentById(deps.db, p.document_id);
  if (!doc || doc.signed_file_name) return { skipped: 'done' };
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  if (!sigs.every((s) => s.status === 'success')) return { skipped: 'not every signature is in' };
  const original = await deps.adapters.files.get(doc.file_name);
  if (!original) throw new Error(`document ${doc.id}: its PDF is missing from file storage`);
  const content = JSON.parse(doc.content) as StoredContent;
  const bytes = await signDocument(
    new Uint8Array(original),
    JSON.parse(doc.boxes) as SignatureBox[],
    sigs.map((s) => ({
      role: s.role as SignerRole, label: SIGNER_ROLE_LABELS[s.role as SignerRole], name: s.name, email: s.email ?? '',
      kind: s.signature_kind === 'drawn' ? 'drawn' : 'typed',
      text: s.signature_text ?? undefined,
      image_png: s.signature_image ? new Uint8Array(Buffer.from(s.signature_image, 'base64')) : undefined,
      signed_at: s.signed_at ?? '', ip: s.ip ?? '', user_agent: s.user_agent ?? '', consent_at: s.consent_at ?? '', document_sha256: s.seen_sha256 ?? '',
    })),
    { document_title: doc.title, document_ref: `DOC-${doc.id} generation ${doc.generation}`, job_code: content.job_code, original_sha256: doc.sha256, generated_at: doc.created_at, completed_at: sigs.map((s) => s.signed_at ?? '').sort().at(-1) ?? '' },
  );
  const name = await deps.adapters.files.put(Buffer.from(bytes));
  if (!(await docsDb.setSignedFile(deps.db, doc.id, name))) await deps.adapters.files.remove(name);
  return { signed: doc.id };
}

/** The worker's handlers of document signing, over the app's dependencies. */
export function documentHandlers(deps: Deps): Record<string, WorkHandler> {
  const on = (db: Deps['db']) => ({ ...deps, db });
  return {
    [DOCUMENT_WORK.generate]: (item, db) => generate(on(db), item.data as Parameters<typeof generate>[1]),
    [DOCUMENT_WORK.invite]: (item, db) => invite(on(db), item.data as Parameters<typeof invite>[1]),
    [DOCUMENT_WORK.finalize]: (item, db) => finalize(on(db), item.data as Parameters<typeof finalize>[1]),
  };
}

// ---- The job's people: list, download, resend ----

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
  const docs = (await docsDb.currentDocuments(deps.db, job.id)).filter((d) => owners.has(d.task_id) && canSeeTask(user, owners.get(d.task_id)!));
  const sigs = await docsDb.signaturesOf(deps.db, docs.map((d) => d.id));
  const items: JobDocument[] = docs.map((d) => {
    const mine = sigs.filter((s) => s.document_id === d.id);
    const mayResend = canWorkTask(user, owners.get(d.task_id)!) && user.role !== 'homeowner';
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
      signers: mine.map((s) => presentSigner(user, s, mayResend && s.id === turn?.id)),
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
  const signing = items.some((d) => d.status === 'success' && !d.signed_download_url);
  return { items, pending_work: !!pending || inviting || signing };
}

/** A document the caller may see (its task's access), or 404. */
async function documentFor(deps: Deps, user: AuthUser, job: jobsDb.JobRow, documentId: number) {
  const doc = await docsDb.documentById(deps.db, documentId);
  if (!doc || doc.job_id !== job.id) throw notFound('Document not found');
  const owner = (await ownersOf(deps, job)).get(doc.task_id);
  if (!owner || !canSeeTask(user, owner)) throw notFound('Document not found');
  return { doc, owner };
}

/** GET /api/jobs/{job_id}/documents/{id}/file: the generated PDF, or with `signed` the signed one. */
export async function documentFile(deps: Deps, user: AuthUser, job: jobsDb.JobRow, documentId: number, signed: boolean) {
  const { doc } = await documentFor(deps, user, job, documentId);
  const name = signed ? doc.signed_file_name : doc.file_name;
  const bytes = name ? await deps.adapters.files.get(name) : undefined;
  if (!bytes) throw notFound(signed ? 'The signed document is not ready yet.' : 'Attachment is no longer available.');
  const base = doc.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  return { bytes, name: `${base}-${job.code}${signed ? '-signed' : ''}.pdf` };
}

/** POST /api/jobs/{job_id}/documents/signers/{id}/resend: a new link to the signer whose turn it is. */
export async function resend(deps: Deps, user: AuthUser, job: jobsDb.JobRow, signatureId: number): Promise<DocumentSigner> {
  assertMay(user, 'document.resend');
  const s = await docsDb.signatureById(deps.db, signatureId);
  if (!s) throw notFound('Signer not found');
  const { doc, owner } = await documentFor(deps, user, job, s.document_id);
  if (!canWorkTask(user, owner)) throw notFound('Signer not found');
  if (doc.superseded_at || s.status === 'success') throw conflict('This signer has signed, or the document was replaced: there is nothing to resend.', undefined, 'signature_complete');
  const earlier = (await docsDb.signaturesOf(deps.db, [doc.id])).filter((x) => x.order_index < s.order_index);
  if (earlier.some((x) => x.status !== 'success')) throw conflict(SIGNING_MESSAGES.not_your_turn, undefined, 'signing_not_your_turn');
  return inTransaction(deps, async (deps) => {
    await requestInvite(deps, s.id);
    await addHistory(deps.db, { job_id: job.id, type: 'signature_invite_resent', user_id: user.id, at: iso(deps.now()), detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role } });
    return presentSigner(user, (await docsDb.signatureById(deps.db, s.id))!, true);
  });
}

// ---- The signer's page ----

/** The signature a link names, with its document; 404 unknown/replaced/expired, 410 spent. */
async function byToken(deps: Deps, token: string) {
  const s = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await docsDb.signatureByTokenHash(deps.db, sha256(token)) : undefined;
  if (!s || !s.token_expires_at || s.token_expires_at < iso(deps.now())) throw new ApiError(404, SIGNING_MESSAGES.link_invalid, undefined, 'signing_link_invalid');
  const doc = (await docsDb.documentById(deps.db, s.document_id))!;
  const task = await tasksDb.getTask(deps.db, doc.job_id, doc.task_id);
  const job = (await jobsDb.getJob(deps.db, doc.job_id))!;
  const gone = (detail: string) => new ApiError(410, detail, undefined, 'signing_link_spent');
  // A link is used once: signed or declined, it only says so.
  if (s.status === 'success') throw gone(SIGNING_MESSAGES.already_signed);
  if (s.status === 'failure') throw gone(SIGNING_MESSAGES.declined);
  if (doc.superseded_at || job.is_canceled || (task?.status === 'COMPLETE' && s.status === 'pending')) throw gone(SIGNING_MESSAGES.no_longer_needed);
  return { s, doc, job };
}

/** GET /api/signing/{token}: the whole document, who signs it, the terms it carries. */
export async function signingView(deps: Deps, token: string): Promise<SigningView> {
  const { s, doc } = await byToken(deps, token);
  const content = JSON.parse(doc.content) as StoredContent;
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  const terms = doc.terms_kind ? await currentTermsVersion(deps.db) : undefined;
  return {
    document: { title: doc.title, program_name: content.program_name, job_code: content.job_code, sections: content.sections, fields: content.fields, sha256: doc.sha256, pdf_url: `/api/signing/${token}/document.pdf` },
    signer: { role: s.role as SignerRole, name: s.name },
    signers: sigs.map((x) => ({ role: x.role as SignerRole, name: x.name, status: x.status as SignatureStatus })),
    // The terms' sections (their description is the version's change note, not part of the terms).
    terms: terms ? { id: terms.id, title: terms.title, text: terms.sections.map((sec) => [sec.title, ...sec.items.map((i) => `• ${i}`)].join('\n')).join('\n\n') } : null,
    status: s.status as SignatureStatus,
  };
}

/** GET /api/signing/{token}/document.pdf: the document the signer is asked to sign. */
export async function signingPdf(deps: Deps, token: string) {
  const { doc, job } = await byToken(deps, token);
  const bytes = await deps.adapters.files.get(doc.file_name);
  if (!bytes) throw notFound('Attachment is no longer available.');
  return { bytes, name: `${doc.title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${job.code}.pdf` };
}

/** What the signer's request says about them. */
export interface SignerMeta {
  ip: string;
  user_agent: string;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** POST /api/signing/{token}/sign. */
export async function sign(deps: Deps, token: string, body: SignRequest, meta: SignerMeta) {
  const { s, doc, job } = await byToken(deps, token);
  const errors: { path: string; message: string }[] = [];
  if (body.consent !== true) errors.push({ path: 'consent', message: SIGNING_MESSAGES.consent_required });
  if (doc.terms_kind && body.accept_terms !== true) errors.push({ path: 'accept_terms', message: SIGNING_MESSAGES.terms_required });
  let image: string | null = null;
  if (body.signature.kind === 'typed') {
    if (!body.signature.text.trim()) errors.push({ path: 'signature', message: SIGNING_MESSAGES.signature_required });
  } else {
    const b64 = body.signature.image.slice('data:image/png;base64,'.length);
    const bytes = Buffer.from(b64, 'base64');
    // A PNG the stamping can read: its signature and an IHDR chunk.
    if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') errors.push({ path: 'signature', message: SIGNING_MESSAGES.signature_required });
    else image = b64;
  }
  if (errors.length) throw validationError(errors);
  const sigs = await docsDb.signaturesOf(deps.db, [doc.id]);
  if (sigs.some((x) => x.order_index < s.order_index && x.status !== 'success')) throw conflict(SIGNING_MESSAGES.not_your_turn, undefined, 'signing_not_your_turn');
  return inTransaction(deps, async (deps) => {
    const at = iso(deps.now());
    const terms = doc.terms_kind ? await currentTermsVersion(deps.db) : undefined;
    const ok = await docsDb.updateSignature(
      deps.db, s.id,
      {
        status: 'success', signed_at: at, consent_at: at, ip: meta.ip.slice(0, 100), user_agent: meta.user_agent.slice(0, 500), seen_sha256: doc.sha256,
        signature_kind: body.signature.kind, signature_text: body.signature.kind === 'typed' ? body.signature.text.trim() : null, signature_image: image, terms_id: terms?.id ?? null,
      },
      { status: 'pending' },
    );
    if (!ok) throw new ApiError(410, SIGNING_MESSAGES.already_signed, undefined, 'signing_link_spent');
    if (terms) await jobsDb.updateJob(deps.db, job.id, doc.terms_kind === 'install' ? { install_terms_id: terms.id } : { submit_terms_id: terms.id });
    await addHistory(deps.db, { job_id: job.id, type: 'document_signed', user_id: null, at, detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role, name: s.name, ...(terms ? { terms_id: terms.id } : {}) } });
    const after = await docsDb.signaturesOf(deps.db, [doc.id]);
    const next = after.find((x) => x.status === 'not_attempted');
    if (next) await requestInvite(deps, next.id);
    const docStatus = combinedStatus(after.map((x) => x.status as SignatureStatus));
    if (docStatus === 'success') {
      await enqueueWork(deps.db, { kind: DOCUMENT_WORK.finalize, key: `documents:finalize:${doc.id}`, payload: { job_id: job.id, document_id: doc.id }, now: deps.now() });
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
    const ok = await docsDb.updateSignature(deps.db, s.id, { status: 'failure', decline_reason: reason.trim(), signed_at: null, ip: meta.ip.slice(0, 100), user_agent: meta.user_agent.slice(0, 500) }, { status: 'pending' });
    if (!ok) throw new ApiError(410, SIGNING_MESSAGES.already_signed, undefined, 'signing_link_spent');
    await addHistory(deps.db, { job_id: job.id, type: 'document_declined', user_id: null, at, detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role, name: s.name, reason: reason.trim() } });
    return { status: 'failure' as const, document_status: 'failure' as const };
  });
}

/**
 * Completes a signing task by itself once every signature of its current documents is in: the form's
 * answers so far, e-signed, its statuses the server's; validated as any submission, history, job re-evaluated.
 */
async function completeIfSigned(deps: Deps, job: jobsDb.JobRow, taskId: string) {
  const statuses = await signaturesOfTask(deps, job.id, taskId);
  if (!statuses.length || statuses.some((x) => x.status !== 'success')) return;
  const program = programOf(deps, job.program_id);
  const def = program.tasks.find((t) => t.id === taskId);
  const form = def && deps.defs.forms[def.form];
  if (!form) return;
  const row = await tasksDb.getTask(deps.db, job.id, taskId);
  if (row?.status === 'COMPLETE') return;
  const data = { ...(row?.draft ?? row?.data ?? {}), sign_manually: false, ...signatureFields(form, statuses) };
  const { facts } = await jobState(deps, job);
  const result = validateTaskSubmission(program, form, taskId, data, facts);
  const at = iso(deps.now());
  if (!result.ok) {
    await addHistory(deps.db, { job_id: job.id, type: 'signatures_complete', user_id: null, at, detail: { task_id: taskId, errors: result.errors } });
    return;
  }
  const written = await tasksDb.writeTask(deps.db, { job_id: job.id, task_id: taskId, status: 'COMPLETE', data: result.data, draft: null, owner_override: row?.owner_override ?? null, exceptions: null, updated_at: at, updated_by: null }, row?.version ?? 0);
  if (!written) return;
  await addHistory(deps.db, { job_id: job.id, type: 'task_completed_by_signatures', user_id: null, at, detail: { task_id: taskId } });
  await refreshJob(deps, job.id);
}
