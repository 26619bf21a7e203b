/**
 * The signer's page when there is nothing (more) to sign: signed (now or before), declined, waiting for an
 * earlier signer, or a link that is unknown or spent (the server's words, as a page, not an error).
 */

import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { SIGNING_MESSAGES, type SignatureStatus, type SigningView } from '../../../../engine/api/signing.ts';
import { DocumentHeading } from './document-text.tsx';
import { SignerList } from './signer-list.tsx';
import { myIndex, signerName, signersAfter, SIGNING_TEXT, stillToSign } from './signing-text.ts';

/** Signed or declined: now (`documentStatus` from the answer) or before (the view's own status). */
export function SigningResult({
  view,
  status,
  documentStatus,
  now,
  copy,
}: {
  view: SigningView;
  status: 'success' | 'failure';
  documentStatus?: SignatureStatus;
  now: boolean;
  /** The signer's copy of what they just signed. */
  copy?: ReactNode;
}) {
  const signers = now ? signersAfter(view, status) : view.signers;
  const docStatus =
    documentStatus ??
    (signers.every((s) => s.status === 'success')
      ? 'success'
      : signers.some((s) => s.status === 'failure')
        ? 'failure'
        : 'pending');
  const waiting = stillToSign(signers, docStatus);
  const signed = status === 'success';
  return (
    <div className="signing-column">
      {/* The link is spent now: its PDF would answer "gone", so no link to it. */}
      <DocumentHeading document={view.document} pdf={false} />
      <section
        className={`signing-card signing-result ${signed ? 'signing-result-signed' : 'signing-result-declined'}`}
        aria-live="polite"
      >
        <Callout
          intent={signed ? 'success' : 'none'}
          icon={signed ? 'tick-circle' : 'ban-circle'}
          title={signed ? (now ? SIGNING_TEXT.signed : SIGNING_MESSAGES.already_signed) : SIGNING_MESSAGES.declined}
        >
          {signed && docStatus === 'success' && <p>{SIGNING_TEXT.all_signed}</p>}
          {signed && waiting.length > 0 && (
            <p>
              {SIGNING_TEXT.still_to_sign} {waiting.map(signerName).join(', ')}.
            </p>
          )}
          {copy}
        </Callout>
        <h2 className="signing-subtitle">Signers</h2>
        <SignerList signers={signers} me={myIndex(view)} />
      </section>
    </div>
  );
}

/** The document is not the holder's to sign yet: they read it, and come back when asked. */
export function SigningWaiting() {
  return (
    <Callout intent="primary" icon="time" title={SIGNING_TEXT.waiting_title} className="signing-card">
      {SIGNING_MESSAGES.not_your_turn} We will email you when it is your turn.
    </Callout>
  );
}

/** A link that is unknown (404) or spent (410), or a page that could not load. */
export function SigningGone({
  title,
  detail,
  spent,
  onRetry,
}: {
  title: string;
  detail: string;
  spent?: boolean;
  onRetry?: () => void;
}) {
  return (
    <NonIdealState
      className="page-state signing-gone"
      icon={onRetry ? 'error' : spent ? 'document' : 'lock'}
      title={title}
      description={detail}
      action={onRetry && <Button text="Try again" icon="refresh" onClick={onRetry} />}
    />
  );
}
