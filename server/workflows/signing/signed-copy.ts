/**
 * Each signer keeps a copy of what they signed (issue 42): through their own link (the thank-you page after signing,
 * and the link the copy mail sends once everyone signed) and, for the job's homeowner, on their job page. A link
 * reads only its own signer's document; a signed-in homeowner reads only the documents of their job they sign.
 */

import { SIGNING_MESSAGES, type SignedCopy } from '../../../engine/api/signing.ts';
import type { Deps } from '../../context.ts';
import { ApiError, notFound } from '../../errors.ts';
import * as docsDb from './documents.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { iso, pdfName, sha256, type StoredContent } from './document-work.ts';
import { SIGNING_TOKEN } from './signing.service.ts';

/** The signature a link names once it signed, with its document and job; 404 for any other link. */
async function signedByToken(deps: Deps, token: string) {
  const link = SIGNING_TOKEN.test(token) ? await docsDb.signatureByTokenHash(deps.db, sha256(token)) : undefined;
  if (!link?.expires || link.s.status !== 'success' || link.expires < iso(deps.now()))
    throw new ApiError(404, SIGNING_MESSAGES.link_invalid, undefined, 'signing_link_invalid');
  const s = link.s;
  const doc = (await docsDb.documentById(deps.db, s.document_id))!;
  const job = (await jobsDb.getJob(deps.db, doc.job_id))!;
  return { s, doc, job };
}

/** GET /api/signing/{token}/copy: what the signer's copy is, and where to download it. */
export async function signedCopy(deps: Deps, token: string): Promise<SignedCopy> {
  const { s, doc } = await signedByToken(deps, token);
  const content = JSON.parse(doc.content) as StoredContent;
  return {
    title: doc.title,
    program_name: content.program_name,
    job_code: content.job_code,
    signed_at: s.signed_at,
    complete: !!doc.signed_file_name,
    pdf_url: `/api/signing/${token}/copy.pdf`,
  };
}

/** GET /api/signing/{token}/copy.pdf: the copy signed by everyone once made, until then the document as signed. */
export async function signedCopyPdf(deps: Deps, token: string) {
  const { doc, job } = await signedByToken(deps, token);
  const name = doc.signed_file_name ?? doc.file_name;
  const bytes = await deps.adapters.files.get(name);
  if (!bytes) throw notFound('Attachment is no longer available.');
  return { bytes, name: pdfName(doc.title, job.code, !!doc.signed_file_name) };
}
