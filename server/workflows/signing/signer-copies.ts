/**
 * Who reads a signer's copy besides the link's holder, and the mail of each signer's copy (issue 42), sent once a
 * document is signed by everyone, in the transaction that records the signed copy. A leaf module: the documents
 * service and the worker's finalize step use it without importing the signer's page.
 */

import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser, Deps } from '../../context.ts';
import * as docsDb from './documents.db.ts';
import { renderMail } from '../../mail/templates.ts';

/** How long the link of the copy mail works. */
export const COPY_LINK_DAYS = 90;

/** Whether a homeowner reads a document as one of its signers (a contractor's signing task included). */
export function signsAsHomeowner(user: Pick<AuthUser, 'role'>, sigs: docsDb.SignatureRow[], documentId: number) {
  return user.role === 'homeowner' && sigs.some((s) => s.document_id === documentId && s.role === 'homeowner');
}

/**
 * Mails every signer of a document just signed by everyone a link to their copy (in the transaction that records the
 * signed copy: the mail goes out once, with it). Each signer's copy link is new, beside the link they signed with:
 * that one had reached their inbox as an invitation to sign, and the page that has just signed holds it.
 */
export async function mailSignedCopies(deps: Deps, doc: docsDb.DocumentRow): Promise<number> {
  const content = JSON.parse(doc.content) as { program_name: string; job_code: string };
  let sent = 0;
  for (const s of await docsDb.signaturesOf(deps.db, [doc.id])) {
    if (!s.email || s.status !== 'success') continue;
    const token = randomBytes(32).toString('base64url');
    await docsDb.updateSignature(deps.db, s.id, {
      copy_token_hash: createHash('sha256').update(token).digest('hex'),
      copy_token_expires_at: new Date(deps.now().getTime() + COPY_LINK_DAYS * 86_400_000).toISOString(),
    });
    await deps.adapters.mail.send(
      {
        to: s.email,
        ...renderMail('signed_copy', {
          signer_name: s.name,
          document_title: doc.title,
          program_name: content.program_name,
          job_code: content.job_code,
          link_days: COPY_LINK_DAYS,
          link: `${deps.config.public_url}/sign/${token}`,
        }),
      },
      deps.db,
    );
    sent++;
  }
  return sent;
}
