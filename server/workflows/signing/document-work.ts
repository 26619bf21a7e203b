/**
 * The background steps of document signing (spec sect. 4), run by the worker: generate a task's documents
 * (PDFs filled from the job, recorded with their signers), mail each signer's invite in turn (a new one-time
 * link; the mail and the link commit together), and stamp the signed PDF with its audit certificate. Each
 * step is idempotent per item: a step killed after its effect and run again changes nothing and sends
 * nothing twice (generation keyed by generation and document, invites by number, the signed PDF once).
 */

import { createHash, randomBytes } from 'node:crypto';
import { documentsFor, type PreparedDocument } from '../../../engine/index.ts';
import { SIGNER_ROLE_LABELS, type SignerRole } from '../../../engine/api/signing.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as docsDb from './documents.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { partiesOf } from './parties.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { jobState } from '../../services/evaluation.ts';
import { renderDocument, sha256Hex, signDocument, type SignatureBox } from './pdf.ts';
import { dateOf } from './pdf-layout.ts';
import { portalSeal, sealPdf } from './seal.ts';
import type { WorkHandler } from '../../worker.ts';
import { mailSignedCopies } from './signer-copies.ts';
import { DOCUMENT_WORK } from './work-kinds.ts';
import { renderMail } from '../../mail/templates.ts';

export { DOCUMENT_WORK, partiesOf };

/** How long an invite link works. */
// assumption: the spec gives no validity; 14 days leaves a homeowner two weekends to sign.
export const INVITE_DAYS = 14;

/** The filled document as stored (the signing page shows it). */
export type StoredContent = PreparedDocument & { subtitle: string; program_name: string; job_code: string };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const iso = (d: Date) => d.toISOString();

/** Queues the generation of a task's documents (ops' regenerate, or a signing task that opened). */
export async function queueGeneration(
  deps: Deps,
  job: jobsDb.JobRow,
  taskId: string,
  recreate: boolean,
  by: number | null,
) {
  const current = await docsDb.currentDocuments(deps.db, job.id, taskId);
  const last = await docsDb.lastGeneration(deps.db, job.id, taskId);
  // A new generation when asked to recreate or when there is none; otherwise what is missing from the current one.
  const generation = recreate || !current.length ? last + 1 : current[0].generation;
  const key = `documents:generate:${job.id}:${taskId}:${generation}:${recreate || !current.length ? 'new' : `fill-${randomBytes(6).toString('hex')}`}`;
  return enqueueWork(deps.db, {
    kind: DOCUMENT_WORK.generate,
    key,
    payload: { job_id: job.id, task_id: taskId, generation, by },
    now: deps.now(),
  });
}

/** Withdraws a task's current documents the job no longer needs (their links die), recorded in history. */
async function withdrawUnwanted(
  deps: Deps,
  job: jobsDb.JobRow,
  taskId: string,
  current: docsDb.DocumentRow[],
  wanted: Set<string>,
) {
  const gone = current.filter((d) => !wanted.has(d.doc_key));
  if (!gone.length) return;
  await inTransaction(deps, async (deps) => {
    const at = iso(deps.now());
    await docsDb.supersedeDocumentIds(
      deps.db,
      gone.map((d) => d.id),
      at,
    );
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'documents_withdrawn',
      user_id: null,
      at,
      detail: { task_id: taskId, documents: gone.map((d) => d.doc_key) },
    });
  });
}

/** Worker: generates a task's documents of one generation (idempotent: what exists is kept). */
async function generate(
  deps: Deps,
  w: { job_id: number; task_id: string; generation: number | 'first' | 'current'; by: number | null },
) {
  const job = await jobsDb.getJob(deps.db, w.job_id);
  if (!job) return { skipped: 'no such job' };
  // A task that opened (work queued before `current`): its first documents, unless someone generated them already.
  if (w.generation === 'first' && (await docsDb.lastGeneration(deps.db, job.id, w.task_id)) > 0)
    return { skipped: 'documents exist' };
  const { facts, program } = await jobState(deps, job);
  const prepared = documentsFor(
    program,
    facts as unknown as Record<string, unknown>,
    await partiesOf(deps, job),
    w.task_id,
  );
  // `current`: the task's documents as the job needs them now. What no longer applies is withdrawn; what is
  // missing joins the last generation (or the next, where a withdrawn copy holds its place), beside the
  // documents still current, whose signatures stand.
  const keep = w.generation === 'current';
  if (keep)
    await withdrawUnwanted(
      deps,
      job,
      w.task_id,
      await docsDb.currentDocuments(deps.db, job.id, w.task_id),
      new Set(prepared.map((d) => d.id)),
    );
  const last = keep ? await docsDb.lastGeneration(deps.db, job.id, w.task_id) : 0;
  // The documents that hold a place: those of the generation, and with `keep` every current one (read through `db`: the
  // transaction's, inside it).
  const present = async (db: Deps['db'], generation: number) => {
    const keys = (await docsDb.documentsOfGeneration(db, job.id, w.task_id, generation)).map((d) => d.doc_key);
    return new Set(
      keep ? [...keys, ...(await docsDb.currentDocuments(db, job.id, w.task_id)).map((d) => d.doc_key)] : keys,
    );
  };
  const current = keep ? await present(deps.db, 0) : new Set<string>();
  const inLast = keep
    ? new Set((await docsDb.documentsOfGeneration(deps.db, job.id, w.task_id, last)).map((d) => d.doc_key))
    : new Set<string>();
  const generation: number =
    w.generation === 'first'
      ? 1
      : typeof w.generation === 'number'
        ? w.generation
        : last > 0 && !prepared.some((d) => !current.has(d.id) && inLast.has(d.id))
          ? last
          : last + 1;
  const p = { ...w, generation };
  const existing = await present(deps.db, p.generation);
  const todo = prepared.filter((d) => !existing.has(d.id));
  if (!todo.length) return { generated: 0 };
  const at = iso(deps.now());
  const site = [job.address, job.city].filter(Boolean).join(', ');
  // Render and store the PDFs first (file storage may be another connection), then record them in one transaction.
  const rendered = await Promise.all(
    todo.map(async (d) => {
      const content: StoredContent = {
        ...d,
        subtitle: `${program.name} · job ${job.code} · ${site}`,
        program_name: program.name,
        job_code: job.code,
      };
      const pdf = await renderDocument({
        title: d.title,
        subtitle: content.subtitle,
        sections: d.sections,
        fields: d.fields,
        signers: d.signers.map((s) => ({
          role: s.role,
          label: SIGNER_ROLE_LABELS[s.role],
          name: s.name || SIGNER_ROLE_LABELS[s.role],
        })),
        generated_at: at,
      });
      return { d, content, pdf, file_name: await deps.adapters.files.put(Buffer.from(pdf.bytes)) };
    }),
  );
  const made = await inTransaction(deps, async (deps) => {
    // A generation above the current one supersedes it (its links die with it).
    const current = await docsDb.currentDocuments(deps.db, job.id, p.task_id);
    if (!keep && current.some((d) => d.generation < p.generation))
      await docsDb.supersedeDocuments(deps.db, job.id, p.task_id, at);
    const again = await present(deps.db, p.generation);
    const made: string[] = [];
    for (const r of rendered) {
      if (again.has(r.d.id)) continue;
      const id = await docsDb.insertDocument(deps.db, {
        job_id: job.id,
        task_id: p.task_id,
        doc_key: r.d.id,
        generation: p.generation,
        title: r.d.title,
        content: JSON.stringify(r.content),
        terms_kind: r.d.terms,
        file_name: r.file_name,
        sha256: r.pdf.sha256,
        boxes: JSON.stringify(r.pdf.boxes),
        signed_file_name: null,
        superseded_at: null,
        created_at: at,
      });
      let first: number | undefined;
      for (const [i, s] of r.d.signers.entries()) {
        const sid = await docsDb.insertSignature(deps.db, {
          document_id: id,
          order_index: i,
          role: s.role,
          name: s.name || SIGNER_ROLE_LABELS[s.role],
          email: s.email,
        });
        first ??= sid;
      }
      if (first !== undefined) await requestInvite(deps, first);
      made.push(r.d.id);
    }
    if (made.length)
      await addHistory(deps.db, {
        job_id: job.id,
        type: 'documents_generated',
        user_id: p.by,
        at,
        detail: { task_id: p.task_id, generation: p.generation, documents: made },
      });
    return made;
  });
  // Files of documents another run recorded first are not kept.
  for (const r of rendered) if (!made.includes(r.d.id)) await deps.adapters.files.remove(r.file_name);
  return { generated: made.length };
}

/** Asks for the next invite of a signature: its old link dies now, the worker mails the new one. */
export async function requestInvite(deps: Deps, signatureId: number) {
  const s = (await docsDb.signatureById(deps.db, signatureId))!;
  const n = s.invites_requested + 1;
  await docsDb.updateSignature(deps.db, signatureId, {
    invites_requested: n,
    token_hash: null,
    token_expires_at: null,
    status: 'pending',
    decline_reason: null,
  });
  await enqueueWork(deps.db, {
    kind: DOCUMENT_WORK.invite,
    key: `documents:invite:${signatureId}:${n}`,
    payload: { signature_id: signatureId, invite: n },
    now: deps.now(),
  });
}

/** A document's signer as the job's facts resolve them now (undefined when the job no longer has them sign). */
async function currentSigner(deps: Deps, doc: docsDb.DocumentRow, role: SignerRole) {
  const job = await jobsDb.getJob(deps.db, doc.job_id);
  if (!job) return undefined;
  const { facts, program } = await jobState(deps, job);
  const prepared = documentsFor(
    program,
    facts as unknown as Record<string, unknown>,
    await partiesOf(deps, job),
    doc.task_id,
  ).find((d) => d.id === doc.doc_key);
  return prepared?.signers.find((x) => x.role === role);
}

/** Worker: mails invite number `invite` of a signature with a new one-time link (once: the mail and the link commit
 * together). */
async function invite(deps: Deps, p: { signature_id: number; invite: number }) {
  return inTransaction(deps, async (deps) => {
    const s = await docsDb.signatureById(deps.db, p.signature_id);
    if (!s || s.invites_sent >= p.invite || s.invites_requested !== p.invite)
      return { skipped: 'already sent or replaced' };
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
      await docsDb.updateSignature(deps.db, s.id, {
        status: 'failure',
        decline_reason: `No email address for the ${SIGNER_ROLE_LABELS[s.role as SignerRole].toLowerCase()}.`,
        invites_sent: p.invite,
      });
      await addHistory(deps.db, {
        job_id: doc.job_id,
        type: 'signature_invite_failed',
        user_id: null,
        at: iso(deps.now()),
        detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role },
      });
      return { failed: 'no email address' };
    }
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    await docsDb.updateSignature(deps.db, s.id, {
      token_hash: sha256(token),
      token_expires_at: iso(new Date(now.getTime() + INVITE_DAYS * 86_400_000)),
      invites_sent: p.invite,
      invited_at: iso(now),
    });
    const content = JSON.parse(doc.content) as StoredContent;
    await deps.adapters.mail.send(
      {
        to: s.email,
        ...renderMail('signature_invite', {
          signer_name: s.name,
          document_title: doc.title,
          program_name: content.program_name,
          job_code: content.job_code,
          link_days: INVITE_DAYS,
          link: `${deps.config.public_url}/sign/${token}`,
        }),
      },
      deps.db,
    );
    await addHistory(deps.db, {
      job_id: doc.job_id,
      type: 'signature_invited',
      user_id: null,
      at: iso(now),
      detail: { task_id: doc.task_id, document: doc.doc_key, role: s.role, invite: p.invite },
    });
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
  const completedAt =
    sigs
      .map((s) => s.signed_at ?? '')
      .sort()
      .at(-1) ?? '';
  const bytes = await signDocument(
    new Uint8Array(original),
    JSON.parse(doc.boxes) as SignatureBox[],
    sigs.map((s) => ({
      role: s.role as SignerRole,
      label: SIGNER_ROLE_LABELS[s.role as SignerRole],
      name: s.name,
      email: s.email ?? '',
      kind: s.signature_kind === 'drawn' ? 'drawn' : 'typed',
      text: s.signature_text ?? undefined,
      image_png: s.signature_image ? new Uint8Array(Buffer.from(s.signature_image, 'base64')) : undefined,
      signed_at: s.signed_at ?? '',
      ip: s.ip ?? '',
      user_agent: s.user_agent ?? '',
      consent_at: s.consent_at ?? '',
      document_sha256: s.seen_sha256 ?? '',
    })),
    {
      document_title: doc.title,
      document_ref: `DOC-${doc.id} generation ${doc.generation}`,
      job_code: content.job_code,
      original_sha256: doc.sha256,
      generated_at: doc.created_at,
      completed_at: completedAt,
      sealed_by: portalSeal(deps.config).name,
    },
  );
  // Sealed by the portal's certificate (PAdES), at the last signature's time: the file's own hash is kept with it.
  const sealed = await sealPdf(bytes, portalSeal(deps.config), dateOf(completedAt));
  const name = await deps.adapters.files.put(Buffer.from(sealed));
  // The signed copy and the mail of each signer's copy commit together: the mail goes out once, with the copy.
  const recorded = await inTransaction(deps, async (d) => {
    if (!(await docsDb.setSignedFile(d.db, doc.id, name, sha256Hex(sealed)))) return false;
    await mailSignedCopies(d, doc);
    return true;
  });
  if (!recorded) await deps.adapters.files.remove(name);
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

/** The download name of a document's PDF: its title and the job's code (signed copies say so). */
export function pdfName(title: string, jobCode: string, signed = false): string {
  return `${title
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}-${jobCode}${signed ? '-signed' : ''}.pdf`;
}
