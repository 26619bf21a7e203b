/**
 * The signer keeps a copy (issue 42): after signing, a download of the document as they signed it (or signed by
 * everyone, once it is); the link of the copy mail opens the same download on a page of its own.
 */

import { AnchorButton, Callout, Spinner } from '@blueprintjs/core';
import { pdfHref } from '../api/get-signing-view.ts';
import { useSignedCopy, type SignedCopy } from '../api/get-signed-copy.ts';
import { SIGNING_TEXT } from './signing-text.ts';

/** The download of the signer's copy, and what it is. */
function CopyDownload({ copy }: { copy: SignedCopy }) {
  const href = pdfHref(copy.pdf_url);
  return (
    <div className="signing-copy">
      <p>{copy.complete ? SIGNING_TEXT.copy_complete : SIGNING_TEXT.copy_as_signed}</p>
      {href && (
        <AnchorButton
          href={href}
          download
          intent="primary"
          icon="download"
          text={SIGNING_TEXT.copy_download}
          className="signing-copy-download"
        />
      )}
    </div>
  );
}

/** Under the thanks: the copy of what was just signed. */
export function SignedCopyAfterSigning({ token }: { token: string }) {
  const copy = useSignedCopy(token, true);
  if (copy.isPending) return <Spinner size={20} aria-label="Preparing your copy" />;
  return copy.data ? <CopyDownload copy={copy.data} /> : null;
}

/** A link that signed already (the copy mail's, or the invite's reopened): the copy's own page. */
export function SignedCopyPage({ copy }: { copy: SignedCopy }) {
  return (
    <div className="signing-column">
      <header className="signing-heading">
        <div className="muted">
          {copy.program_name} · Job {copy.job_code}
        </div>
        <h1>{copy.title}</h1>
      </header>
      <Callout intent="success" icon="tick-circle" title={SIGNING_TEXT.copy_title} className="signing-card">
        {copy.signed_at && (
          <p>
            {SIGNING_TEXT.copy_signed_on} {new Date(copy.signed_at).toLocaleDateString([], { dateStyle: 'long' })}.
          </p>
        )}
        <CopyDownload copy={copy} />
      </Callout>
    </div>
  );
}
