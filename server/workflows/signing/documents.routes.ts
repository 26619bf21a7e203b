/**
 * Document signing (spec sect. 4): a job's documents with each signer's status, their PDFs and a resend
 * (signed in); the signer's page (public: the one-time link from the invite mail is the credential).
 */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import {
  DECLINE_REQUEST,
  DOCUMENT_SIGNER,
  JOB_DOCUMENTS,
  SIGN_REQUEST,
  SIGNED_COPY,
  SIGNING_DONE,
  SIGNING_VIEW,
} from '../../../engine/api/signing.ts';
import { DOCUMENTS_REGENERATED } from '../../../engine/api/jobs.ts';
import { MESSAGES } from '../../../engine/index.ts';
import { bool, str } from '../../openapi/query-docs.ts';
import { validationError } from '../../errors.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { jobFor } from '../../services/access.ts';
import * as docs from './documents.service.ts';
import * as signing from './signing.service.ts';
import * as copies from './signed-copy.ts';
import { contentDisposition, idParam } from '../../routes/params.ts';
import { query } from '../../validation.ts';

/** The :job_id's job, if the signed-in user may see it (404 otherwise). */
const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

/** The signing link's token as the signer's page reads it: the credential, so its shape is all that is checked. */
const TOKEN = {
  token: {
    description: "The signing link's token (from the invitation mail)",
    schema: { type: 'string', pattern: signing.SIGNING_TOKEN.source },
  },
};

/** Who is signing, as the request says: its address and browser (the certificate records them). */
const signerMeta = (ctx: AppContext): signing.SignerMeta => ({
  ip: ctx.ip || 'unknown',
  user_agent: ctx.get('user-agent') || 'unknown',
});

/** A PDF answer: never cached by anything shared, never sniffed. */
function sendPdf(
  ctx: AppContext,
  file: { bytes: Buffer; name: string },
  disposition: 'inline' | 'attachment' = 'inline',
) {
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', contentDisposition(file.name, disposition));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.bytes;
}

export function documentsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/documents',
      ability: 'document.read',
      tag: 'documents',
      summary: 'The documents of the job’s signing tasks the caller sees, with each signer’s status',
      errors: [404],
      response: JOB_DOCUMENTS,
      load: jobOf,
    },
    (ctx, _body, job) => docs.listDocuments(ctx.deps, userOf(ctx), job),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/documents/:document_id/file',
      ability: 'document.read',
      tag: 'documents',
      summary: 'A generated document (PDF), or with signed=true its signed copy with the audit certificate',
      query: { signed: bool('The signed copy', false) },
      returns: 'The PDF',
      errors: [404],
      produces: 'application/octet-stream',
      load: jobOf,
    },
    async (ctx, _body, job) => {
      sendPdf(
        ctx,
        await docs.documentFile(
          ctx.deps,
          userOf(ctx),
          job,
          idParam(ctx, 'document_id'),
          query.bool(ctx.query, 'signed') ?? false,
        ),
      );
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/documents/:document_id/stamp',
      ability: 'job.regenerate_documents',
      tag: 'documents',
      summary:
        'Ops: make the signed copy of a fully signed document again now, after its stamping failed; recorded in history',
      errors: [404, 409],
      response: JOB_DOCUMENTS,
      noBody: true,
      load: jobOf,
    },
    (ctx, _body, job) => docs.retryStamping(ctx.deps, userOf(ctx), job, idParam(ctx, 'document_id')),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/documents/signers/:signer_id/resend',
      ability: 'document.resend',
      tag: 'documents',
      summary: 'Send a signer a new invite (the old link stops working)',
      errors: [404, 409],
      response: DOCUMENT_SIGNER,
      noBody: true,
      load: jobOf,
    },
    (ctx, _body, job) => docs.resend(ctx.deps, userOf(ctx), job, idParam(ctx, 'signer_id')),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/signing/:token',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary:
        'The signer’s page: the whole document, its signers and the terms it carries (no account: the link is the credential)',
      errors: [404, 410],
      response: SIGNING_VIEW,
    },
    (ctx) => signing.signingView(ctx.deps, ctx.params.token),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/signing/:token/document.pdf',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary: 'The document to sign, as a PDF',
      returns: 'The PDF',
      errors: [404, 410],
      produces: 'application/octet-stream',
    },
    async (ctx) => {
      sendPdf(ctx, await signing.signingPdf(ctx.deps, ctx.params.token));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/signing/:token/copy',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary:
        'The signer’s copy of what they signed, through their link (after signing, or the copy mail’s): what it is and where to download it',
      errors: [404],
      response: SIGNED_COPY,
    },
    (ctx) => copies.signedCopy(ctx.deps, ctx.params.token),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/signing/:token/copy.pdf',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary:
        'The signer’s copy as a PDF: signed by everyone with the audit certificate once made, else as they signed it',
      returns: 'The PDF',
      errors: [404],
      produces: 'application/octet-stream',
    },
    async (ctx) => {
      sendPdf(ctx, await copies.signedCopyPdf(ctx.deps, ctx.params.token), 'attachment');
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/signing/:token/sign',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary: 'Sign: consent, the terms when the document carries them, a typed or drawn signature',
      body: SIGN_REQUEST,
      errors: [404, 409, 410, 422],
      response: SIGNING_DONE,
    },
    (ctx, body) => signing.sign(ctx.deps, ctx.params.token, body, signerMeta(ctx)),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/signing/:token/decline',
      ability: 'public',
      params: TOKEN,
      tag: 'signing',
      summary: 'Decline to sign, with a reason',
      body: DECLINE_REQUEST,
      errors: [404, 410, 422],
      response: SIGNING_DONE,
    },
    (ctx, body) => signing.decline(ctx.deps, ctx.params.token, body.reason, signerMeta(ctx)),
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/jobs/:job_id/regenerate-documents',
      ability: 'job.regenerate_documents',
      tag: 'jobs',
      summary:
        'Regenerate the documents of a task: recreate=false generates what is missing, recreate=true a new set (the old links stop working)',
      query: {
        task_name: str('The task whose documents to regenerate'),
        recreate: bool('Recreate from scratch', false),
      },
      errors: [400, 404, 422],
      response: DOCUMENTS_REGENERATED,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      const job = await jobFor(ctx.deps, user, ctx.params.job_id);
      const taskName = query.str(ctx.query, 'task_name');
      if (!taskName) throw validationError([{ path: 'task_name', message: MESSAGES.required }]);
      ctx.body = await docs.regenerate(ctx.deps, user, job, taskName, query.bool(ctx.query, 'recreate') ?? false);
    },
  );
}
