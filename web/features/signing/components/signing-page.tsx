/**
 * The signer's page (/sign/:token): no sign-in, no shell. The whole document (and its PDF), its signers
 * in order with their status, then the signature form; after signing, the thanks and who still has to
 * sign; after declining, that it was declined. A dead link is a calm page with the server's words.
 */

import { Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ApiError } from '../../../lib/api-client.ts';
import { useSigningView } from '../api/get-signing-view.ts';
import { DocumentHeading, DocumentText } from './document-text.tsx';
import { SignForm, type Outcome } from './sign-form.tsx';
import { SignerList } from './signer-list.tsx';
import { SigningGone, SigningResult, SigningWaiting } from './signing-states.tsx';
import { SignedCopyAfterSigning, SignedCopyPage } from './signed-copy.tsx';
import { useSignedCopy } from '../api/get-signed-copy.ts';
import { goneOf, myIndex, SIGNING_TEXT } from './signing-text.ts';
import '../signing.css';
import { PublicBrand } from '../../../lib/components/public-brand.tsx';

function Body({ token }: { token: string }) {
  const view = useSigningView(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [gone, setGone] = useState<ApiError | null>(null);
  const dead = goneOf(gone ?? view.error);
  // A link that signed already may still hold the signer's copy (the copy mail's link answers so).
  const copy = useSignedCopy(token, !!dead?.spent);
  if (dead && copy.data) return <SignedCopyPage copy={copy.data} />;
  if (dead && dead.spent && copy.isPending) return <Spinner className="page-state" aria-label="Loading your copy" />;
  if (dead) return <SigningGone title={dead.title} detail={dead.detail} spent={dead.spent} />;
  if (view.error)
    return (
      <SigningGone
        title={SIGNING_TEXT.load_failed}
        detail={SIGNING_TEXT.load_failed_advice}
        onRetry={() => void view.refetch()}
      />
    );
  if (!view.data) return <Spinner className="page-state" aria-label="Loading the document" />;
  const v = view.data;
  if (outcome)
    return (
      <SigningResult
        view={v}
        status={outcome.kind === 'signed' ? 'success' : 'failure'}
        documentStatus={outcome.done.document_status}
        now
        copy={outcome.kind === 'signed' && <SignedCopyAfterSigning token={token} />}
      />
    );
  if (v.status === 'success' || v.status === 'failure') return <SigningResult view={v} status={v.status} now={false} />;
  return (
    <div className="signing-column">
      <DocumentHeading document={v.document} />
      <DocumentText document={v.document} />
      <section className="signing-card" aria-labelledby="signing-signers-title">
        <h2 id="signing-signers-title">Signers</h2>
        <SignerList signers={v.signers} me={myIndex(v)} />
      </section>
      {v.status === 'pending' ? (
        <SignForm view={v} token={token} onDone={setOutcome} onGone={setGone} />
      ) : (
        <SigningWaiting />
      )}
    </div>
  );
}

export function Component() {
  const { token = '' } = useParams();
  return (
    <div className="signing-page">
      <PublicBrand className="signing-brand" />
      <Body key={token} token={token} />
    </div>
  );
}
